/**
 * A database error that surfaces where nobody waits for it (a connection's
 * 'error' event with no listener, a rejected query nobody awaits) is logged
 * and the process goes on: a real PostgreSQL ends the connections with
 * pg_terminate_backend. Any other uncaught error still ends the process.
 */
import { ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { Client } from 'pg';
import { createTestDatabase, TestDatabase } from './support/database';
import { until } from './support/until';

function start(env: Record<string, string>): { child: ChildProcess; output: () => string } {
  const child = spawn(process.execPath, ['-r', 'ts-node/register/transpile-only', join(__dirname, 'support', 'stray-errors-main.ts')], {
    env: { ...process.env, ...env },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += String(chunk)));
  return { child, output: () => output };
}

describe('a database error nobody waits for', () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase({ empty: true });
  });

  afterAll(() => db?.drop());

  it('is logged, and the process goes on', async () => {
    const { child, output } = start({ DATABASE_URL: db.ownerUrl });
    try {
      await until(() => /READY \d+ \d+/.test(output()), 'the process holds its two connections');
      const pids = /READY (\d+) (\d+)/.exec(output())!.slice(1).map(Number);
      const admin = new Client({ connectionString: db.ownerUrl });
      await admin.connect();
      await admin.query('SELECT pg_terminate_backend(pid) FROM unnest($1::int[]) AS pid', [pids]);
      await admin.end();
      // The connection nobody listens to may report twice (the termination, then the connection's end) before the
      // query nobody awaits is rejected: wait for each kind, not for a count of lines.
      const logged = (kind: string) => output().includes(`a database error nobody was ${kind} for`);
      await until(() => logged('listening') && logged('waiting'), 'both errors are logged');
      expect(output()).toContain('terminating connection due to administrator command (57P01)');
      child.stdin!.write('still there?\n');
      await until(() => output().includes('ALIVE'), 'the process answers');
      expect(child.exitCode).toBeNull();
      expect(output()).not.toContain('FATAL');
    } finally {
      child.kill();
    }
  });

  it('of another kind, a bug, still ends the process', async () => {
    const { child, output } = start({ STRAY: 'bug' });
    const [code] = await once(child, 'exit');
    expect(code).toBe(1);
    expect(output()).toContain('FATAL uncaught unhandledRejection, the process ends: TypeError: a bug nobody caught');
  });
});
