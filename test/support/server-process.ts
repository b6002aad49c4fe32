/** A whole server in a child process (test/support/serve.ts), for tests across processes and crashes. */
import { ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Everything it wrote to stdout so far (JSON log lines, and the LISTENING line). */
  output(): string;
  /** SIGTERM (a clean stop) or SIGKILL (a crash); resolves once it exited. */
  stop(signal?: 'SIGTERM' | 'SIGKILL'): Promise<void>;
  /** Its exit code, once it exited. */
  exited: Promise<number | null>;
}

export interface ServerProcessOptions {
  /** More environment for the server (PORT, DATABASE_WAIT_SECONDS, SHUTDOWN_GRACE_SECONDS). */
  env?: Record<string, string>;
}

/** A server process starting: what it wrote so far, and the server once it listens. */
export interface StartingServerProcess {
  output(): string;
  listening: Promise<ServerProcess>;
}

/** Where the server runs (`url`), and as whom it migrates when that is another role (a test database's owner). */
export interface ServerDatabase {
  url: string;
  ownerUrl?: string;
}

export function startServerProcess(database: ServerDatabase, options: ServerProcessOptions = {}): Promise<ServerProcess> {
  return spawnServerProcess(database, options).listening;
}

export function spawnServerProcess(database: ServerDatabase, options: ServerProcessOptions = {}): StartingServerProcess {
  const roles = { DATABASE_URL: database.url, ...(database.ownerUrl ? { MIGRATION_DATABASE_URL: database.ownerUrl } : {}) };
  const child = spawn(process.execPath, ['-r', 'ts-node/register/transpile-only', join(__dirname, 'serve.ts')], {
    env: { ...process.env, ...roles, ...options.env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += String(chunk)));
  const exited = once(child, 'exit').then(([code]) => code as number | null);
  const stop = async (signal: 'SIGTERM' | 'SIGKILL' = 'SIGTERM') => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  const listening = new Promise<string>((resolve, reject) => {
    const look = () => {
      const match = /LISTENING (\S+)/.exec(output);
      if (match) resolve(match[1]);
    };
    child.stdout!.on('data', look);
    void exited.then(() => reject(new Error(`server process exited before listening: ${output}`)));
  });
  return { output: () => output, listening: listening.then((url) => ({ url, child, output: () => output, stop, exited })) };
}

/** The JSON log lines a server process wrote. */
export function logLines(output: string): Array<Record<string, unknown>> {
  return output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}
