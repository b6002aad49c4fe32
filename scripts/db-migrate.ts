/**
 * `npm run db:migrate`: applies pending Prisma migrations to DATABASE_URL (or
 * to the embedded PostgreSQL under DATA_DIR when it is unset), the same
 * step the server runs at start-up.
 */
import { loadConfig } from '../src/config/config';
import { connectDatabase } from '../src/database/connect';

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const database = await connectDatabase(config, { info: console.log, warn: console.warn });
  try {
    console.log(database.appliedMigrations.length ? `Applied: ${database.appliedMigrations.join(', ')}` : 'Already up to date.');
  } finally {
    await database.stop();
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
