/**
 * The server as `npm start` runs it once built (src/main.ts, under ts-node
 * here), configured with nothing but a DATA_DIR and a PORT: its embedded
 * PostgreSQL, its mail catcher, its mail worker, the default text log. It
 * runs in a process group of its own, as a terminal's foreground job does,
 * so that `interrupt()` is Ctrl-C as a terminal sends it: SIGINT to every
 * process of the group at once.
 */
import { ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from '../../src/database/free-port';

export interface NpmStartedServer {
  /** The page's address, as the log says to open it. */
  pageUrl: string;
  /** The mail catcher's address, with its key, as the log prints it. */
  catcherUrl: string;
  /** Everything written to the terminal so far (the server's and its mail worker's lines). */
  output(): string;
  /** Ctrl-C: SIGINT to the whole process group; resolves with the exit code once the server exited. */
  interrupt(): Promise<number | null>;
  /** For a test that failed half-way: ends the group and the embedded PostgreSQL, whatever state they are in. */
  kill(): Promise<void>;
}

/** The variables a test run sets (or a developer's shell might) that would make this another set-up than the default. */
const NOT_THE_DEFAULT = ['DATABASE_URL', 'MIGRATION_DATABASE_URL', 'SMTP_URL', 'PUBLIC_URL', 'LOG_LEVEL', 'LOG_FORMAT', 'ALLOW_FIXED_SEEDS', 'JWT_SECRET'];

/** The text log's lines at `level` (INFO, WARN, …), without their time. */
export function linesAt(output: string, ...levels: string[]): string[] {
  const levelled = new RegExp(`^\\[[^\\]]+\\] (${levels.join('|')}): (.*)$`);
  return output
    .split('\n')
    .map((line) => levelled.exec(line))
    .filter((match): match is RegExpExecArray => match !== null)
    .map((match) => `${match[1]}: ${match[2]}`);
}

export async function npmStart(dataDir: string, port: number, env: Record<string, string> = {}): Promise<NpmStartedServer> {
  const environment: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir, PORT: String(port), ...env };
  for (const name of NOT_THE_DEFAULT) if (!(name in env)) delete environment[name];
  const child: ChildProcess = spawn(process.execPath, ['-r', 'ts-node/register/transpile-only', join(__dirname, '..', '..', 'src', 'main.ts')], {
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: environment,
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += String(chunk)));
  child.stderr!.on('data', (chunk) => (output += String(chunk)));
  const exited = once(child, 'exit').then(([code]) => code as number | null);
  const gone = () => child.exitCode !== null || child.signalCode !== null;
  const kill = async () => {
    if (!gone()) {
      process.kill(-child.pid!, 'SIGKILL');
      await exited;
    }
    await stopLeftPostgres(join(dataDir, 'postgres'));
  };
  const catcherLine = /read it at (http:\/\/\S+\/dev\/mail\?key=\S+)/;
  // Serving once it printed the catcher's address (after the page's).
  while (!catcherLine.test(output) && !gone()) await new Promise((resolve) => setTimeout(resolve, 100));
  if (gone()) {
    await kill();
    throw new Error(`the server exited (${child.exitCode ?? child.signalCode}) while starting:\n${output}`);
  }
  return {
    pageUrl: /Open (http:\/\/\S+) to play/.exec(output)?.[1] ?? '',
    catcherUrl: catcherLine.exec(output)![1],
    output: () => output,
    interrupt: () => {
      process.kill(-child.pid!, 'SIGINT');
      return exited;
    },
    kill,
  };
}

/** Attempts at a port: another test's server can take a port found free before `npm start` binds it, seconds later. */
const PORT_CHOICES = 3;

/** npmStart on a port found free, and another if that one was taken meanwhile; with the port it serves on. */
export async function npmStartOnAFreePort(dataDir: string): Promise<{ server: NpmStartedServer; port: number }> {
  for (let choice = 1; ; choice++) {
    const port = await freePort();
    try {
      return { server: await npmStart(dataDir, port), port };
    } catch (error) {
      if (choice === PORT_CHOICES || !/EADDRINUSE/.test((error as Error).message)) throw error;
    }
  }
}

/** A PostgreSQL left running on `dataDir` (by a server killed half-way) is stopped as its own pid file names it. */
async function stopLeftPostgres(dataDir: string): Promise<void> {
  const pidFile = join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  try {
    process.kill(pid, 'SIGINT');
  } catch {
    return;
  }
  for (const deadline = Date.now() + 20_000; existsSync(pidFile) && Date.now() < deadline;) await new Promise((resolve) => setTimeout(resolve, 100));
}
