/**
 * Runs an embedded PostgreSQL until SIGTERM (see postgres-process.ts), with
 * a migrated database in it. Arguments: data directory, port, database.
 * With KEEP_RUNNING=on, it is started again whenever it stops unasked, as
 * the server's own is, and what it was told is printed (TOLD …). The
 * superuser's password is POSTGRES_PASSWORD, if set.
 */
import { Client } from 'pg';
import { startEmbeddedPostgres } from '../../src/database/embedded-postgres';
import { applyMigrations } from '../../src/database/migrator';

async function main(): Promise<void> {
  const [dataDir, port, database] = process.argv.slice(2);
  const keepRunning = process.env.KEEP_RUNNING === 'on' ? (line: string) => console.log(`TOLD ${line}`) : undefined;
  const server = await startEmbeddedPostgres({ dataDir, port: Number(port), persistent: true, keepRunning, password: process.env.POSTGRES_PASSWORD });
  process.once('SIGTERM', () => void server.stop().then(() => process.exit(0)));
  const admin = new Client({ connectionString: server.adminUrl });
  await admin.connect();
  if (!(await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [database])).rowCount) await admin.query(`CREATE DATABASE "${database}"`);
  await admin.end();
  await applyMigrations(server.urlFor(database));
  console.log('READY');
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
