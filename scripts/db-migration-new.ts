/**
 * `npm run db:migration:new -- <name>`: writes prisma/migrations/<timestamp>_<name>/migration.sql
 * with the SQL that takes the existing migrations to prisma/schema.prisma
 * (as `prisma migrate dev --create-only` would). Uses DATABASE_URL, or an
 * embedded PostgreSQL in a temporary folder when it is unset.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmbeddedPostgres } from '../src/database/embedded-postgres';
import { MIGRATIONS_PATH, sqlForNewMigration } from '../src/database/migrator';

function migrationFolderName(name: string, now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:T]/g, '').slice(0, 14);
  return `${stamp}_${name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '')}`;
}

async function main(): Promise<void> {
  const name = process.argv[2];
  if (!name) throw new Error('usage: npm run db:migration:new -- <name>');
  let url = process.env.DATABASE_URL;
  let cleanup = async () => {};
  if (!url) {
    const dataDir = mkdtempSync(join(tmpdir(), 'pbw-migration-'));
    const pg = await startEmbeddedPostgres({ dataDir, persistent: false });
    url = pg.adminUrl;
    cleanup = async () => {
      await pg.stop();
      rmSync(dataDir, { recursive: true, force: true });
    };
  }
  try {
    const sql = await sqlForNewMigration(url, (l) => process.env.DEBUG_MIGRATIONS && console.error(l));
    if (!sql) {
      console.log('The schema matches the migrations: nothing to write.');
      return;
    }
    const folder = join(MIGRATIONS_PATH, migrationFolderName(name));
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'migration.sql'), sql);
    console.log(`Wrote ${join(folder, 'migration.sql')}`);
  } finally {
    await cleanup();
  }
}

// Exit explicitly: the WebAssembly engine leaves a 10-second timer behind.
main().then(
  () => process.exit(0),
  (error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
