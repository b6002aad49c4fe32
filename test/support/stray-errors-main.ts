/**
 * A process for test/stray-database-errors.e2e-spec.ts: installs the
 * server's guard, then leaves database errors where nobody hears them: a
 * connection with no 'error' listener, and a query whose promise nobody
 * awaits. It prints `READY <backend pids>` once both are in the database's
 * hands, and `ALIVE` on each line it reads. With `STRAY=bug` it instead
 * leaves an ordinary error unhandled, which must still end it.
 */
import { createInterface } from 'node:readline';
import { Client } from 'pg';
import { surviveStrayDatabaseErrors } from '../../src/lifecycle/stray-database-errors';

const log = { warn: (message: string) => console.log(`WARN ${message}`), fatal: (message: string) => console.log(`FATAL ${message}`) };

async function main(): Promise<void> {
  surviveStrayDatabaseErrors(log);
  if (process.env.STRAY === 'bug') {
    void Promise.reject(new TypeError('a bug nobody caught'));
    setInterval(() => undefined, 1000);
    return;
  }
  const unheard = new Client({ connectionString: process.env.DATABASE_URL });
  await unheard.connect();
  const unawaited = new Client({ connectionString: process.env.DATABASE_URL });
  unawaited.on('error', () => undefined);
  await unawaited.connect();
  const pids = await Promise.all(
    [unheard, unawaited].map(async (client) => (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0].pid),
  );
  // Nobody waits for this one: when its connection is ended, its rejection is unhandled.
  void unawaited.query('SELECT pg_sleep(60)').then(() => undefined);
  console.log(`READY ${pids.join(' ')}`);
  createInterface({ input: process.stdin }).on('line', () => console.log('ALIVE'));
}

void main();
