/**
 * The offline migration scripts, run as a user runs them, against a real
 * empty database: they apply every migration, record them as Prisma does,
 * and agree that the schema and the migrations match.
 */
import { execFile } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
import { createTestDatabase, TestDatabase } from './support/database';

const run = promisify(execFile);
const ROOT = join(__dirname, '..');

function script(name: string, args: string[], databaseUrl: string) {
  return run(process.execPath, ['-r', 'ts-node/register/transpile-only', join(ROOT, 'scripts', name), ...args], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl },
  });
}

describe('migrations (prisma/migrations through the WebAssembly schema engine)', () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase({ empty: true });
  });

  afterAll(() => db.drop());

  it('applies every migration once and records it like prisma migrate deploy', async () => {
    const first = await script('db-migrate.ts', [], db.ownerUrl);
    const folders = readdirSync(join(ROOT, 'prisma/migrations'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    expect(first.stdout).toContain(`Applied: ${folders.join(', ')}`);
    const again = await script('db-migrate.ts', [], db.ownerUrl);
    expect(again.stdout).toContain('Already up to date.');

    const client = new Client({ connectionString: db.ownerUrl });
    await client.connect();
    try {
      const recorded = await client.query(
        'SELECT migration_name, checksum, finished_at, rolled_back_at, applied_steps_count FROM _prisma_migrations ORDER BY migration_name',
      );
      expect(recorded.rows.map((row) => row.migration_name)).toEqual(folders);
      for (const row of recorded.rows) {
        expect(row.checksum).toMatch(/^[0-9a-f]{64}$/);
        expect(row.finished_at).not.toBeNull();
        expect(row.rolled_back_at).toBeNull();
      }
      const triggers = await client.query(`SELECT tgname FROM pg_trigger WHERE tgrelid = 'game_events'::regclass AND NOT tgisinternal ORDER BY tgname`);
      expect(triggers.rows.map((row) => row.tgname)).toEqual(['game_events_append_only', 'game_events_no_truncate']);
      const chatTriggers = await client.query(
        `SELECT tgname FROM pg_trigger WHERE tgrelid IN ('chat_lines'::regclass, 'chat_lines_hidden'::regclass) AND NOT tgisinternal ORDER BY tgname`,
      );
      expect(chatTriggers.rows.map((row) => row.tgname)).toEqual([
        'chat_lines_append_only',
        'chat_lines_hidden_append_only',
        'chat_lines_hidden_no_truncate',
        'chat_lines_no_truncate',
      ]);

      // The server's role: events it may read and add, nothing more; the other tables, and those later migrations create, in full.
      const rights = async (table: string) =>
        (
          await client.query<{ rights: string[] }>(
            `SELECT array_agg(p ORDER BY p) AS rights FROM unnest(ARRAY['SELECT','INSERT','UPDATE','DELETE','TRUNCATE']) AS p WHERE has_table_privilege('pbw_app', $1, p)`,
            [table],
          )
        ).rows[0].rights;
      expect(await rights('game_events')).toEqual(['INSERT', 'SELECT']);
      // A game's chat is append-only too; hiding a line adds a row beside it.
      expect(await rights('chat_lines')).toEqual(['INSERT', 'SELECT']);
      expect(await rights('chat_lines_hidden')).toEqual(['INSERT', 'SELECT']);
      expect(await rights('chat_readers')).toEqual(['DELETE', 'INSERT', 'SELECT', 'UPDATE']);
      expect(await rights('games')).toEqual(['DELETE', 'INSERT', 'SELECT', 'UPDATE']);
      // Read by the readiness check (/health/ready), never written.
      expect(await rights('_prisma_migrations')).toEqual(['SELECT']);
      await client.query('CREATE TABLE a_later_table (id bigserial PRIMARY KEY)');
      expect(await rights('a_later_table')).toEqual(['DELETE', 'INSERT', 'SELECT', 'UPDATE']);
      expect((await client.query(`SELECT has_sequence_privilege('pbw_app', 'a_later_table_id_seq', 'USAGE') AS usage`)).rows[0].usage).toBe(true);
      await client.query('DROP TABLE a_later_table');
    } finally {
      await client.end();
    }
  });

  it('finds nothing to write when prisma/schema.prisma matches the migrations', async () => {
    const result = await script('db-migration-new.ts', ['drift_check'], db.ownerUrl);
    expect(result.stdout).toContain('The schema matches the migrations: nothing to write.');
  });
});
