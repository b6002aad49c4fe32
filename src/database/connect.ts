/**
 * Gets the app a migrated database: the configured DATABASE_URL, or an
 * embedded PostgreSQL whose data lives under DATA_DIR/postgres.
 */
import { join } from 'node:path';
import { Client } from 'pg';
import type { AppConfig } from '../config/config';
import { startEmbeddedPostgres } from './embedded-postgres';
import { freePort } from './free-port';
import { applyMigrations } from './migrator';

export interface ConnectedDatabase {
  url: string;
  embedded: boolean;
  appliedMigrations: string[];
  stop(): Promise<void>;
}

const EMBEDDED_DATABASE = 'pbw';

async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
}

export async function connectDatabase(config: AppConfig, log: (line: string) => void): Promise<ConnectedDatabase> {
  if (config.databaseUrl) {
    const appliedMigrations = await applyMigrations(config.databaseUrl);
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
