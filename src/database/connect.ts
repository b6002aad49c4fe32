/**
 * Gets the app a migrated database: the configured DATABASE_URL, or an
 * embedded PostgreSQL whose data lives under DATA_DIR/postgres.
 *
 * A configured database that cannot be reached yet (still starting, failing
 * over, full) is waited for, with backoff and a line in the log for each
 * try, for up to DATABASE_WAIT_SECONDS: servers and their database are often
 * started together, and a server that gave up at once would need a
 * supervisor to bring it back.
 */
import { join } from 'node:path';
import { Client } from 'pg';
import type { AppConfig } from '../config/config';
import { startEmbeddedPostgres } from './embedded-postgres';
import { freePort } from './free-port';
import { applyMigrations } from './migrator';
import { retryWhileUnavailable } from './unavailable';

export interface ConnectedDatabase {
  url: string;
  embedded: boolean;
  appliedMigrations: string[];
  stop(): Promise<void>;
}

const EMBEDDED_DATABASE = 'pbw';
const FIRST_WAIT_MS = 500;
const LONGEST_WAIT_MS = 10_000;

async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new Client({ connectionString: adminUrl });
  client.on('error', () => undefined); // a connection lost here fails the query below instead
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
}

/** Applies pending migrations, waiting for the database while it cannot be reached. */
export function migrateWhenReachable(databaseUrl: string, waitSeconds: number, log: (line: string) => void): Promise<string[]> {
  return retryWhileUnavailable(() => applyMigrations(databaseUrl), {
    firstDelayMs: FIRST_WAIT_MS,
    longestDelayMs: LONGEST_WAIT_MS,
    giveUpAfterMs: waitSeconds * 1000,
    onRetry: (error, attempt, delayMs) =>
      log(`the database cannot be reached (try ${attempt}; waiting up to ${waitSeconds} s in all): ${(error as Error).message.split('\n')[0]}; trying again in ${(delayMs / 1000).toFixed(1)} s`),
  });
}

export async function connectDatabase(config: AppConfig, log: (line: string) => void): Promise<ConnectedDatabase> {
  if (config.databaseUrl) {
    const appliedMigrations = await migrateWhenReachable(config.databaseUrl, config.databaseWaitSeconds, log);
    return { url: config.databaseUrl, embedded: false, appliedMigrations, stop: async () => {} };
  }
  const server = await startEmbeddedPostgres({
    dataDir: join(config.dataDir, 'postgres'),
    port: await freePort(),
    persistent: true,
  });
  log(`Embedded PostgreSQL running with data in ${join(config.dataDir, 'postgres')}`);
  try {
    await ensureDatabase(server.adminUrl, EMBEDDED_DATABASE);
    const url = server.urlFor(EMBEDDED_DATABASE);
    const appliedMigrations = await applyMigrations(url);
    return { url, embedded: true, appliedMigrations, stop: () => server.stop() };
  } catch (error) {
    await server.stop();
    throw error;
  }
}
