/**
 * The server under real database faults, in a process of its own: its
 * connections terminated by the database (pg_terminate_backend, as a
 * failover or an administrator does), and its PostgreSQL stopped and started
 * again under it. The process stays up, answers SERVICE_UNAVAILABLE (with
 * retryAfter) meanwhile, serves again by itself afterwards, and loses no
 * acknowledged move. A server started while its database is down waits for
 * it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { freePort } from '../src/database/free-port';
import { createTestDatabase, TestDatabase } from './support/database';
import { expectNoneLost, MoveStream, startMoveStream } from './support/move-stream';
import { PostgresProcess, startPostgresProcess } from './support/postgres-process';
import { logLines, ServerProcess, spawnServerProcess, startServerProcess } from './support/server-process';

const STREAMS = 3;

function isRunning(child: ServerProcess['child']): boolean {
  return child.exitCode === null && child.signalCode === null;
}

async function terminateBackends(adminUrl: string, database: string): Promise<number> {
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const { rowCount } = await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [database]);
    return rowCount ?? 0;
  } finally {
    await admin.end();
  }
}

async function until(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const unavailableSeen = (streams: MoveStream[]) => streams.some((stream) => stream.codes.includes('SERVICE_UNAVAILABLE'));

function expectOnlyUnavailable(streams: MoveStream[]): void {
  for (const stream of streams) {
    expect(stream.codes.filter((code) => code !== 'SERVICE_UNAVAILABLE')).toEqual([]);
    for (const retryAfter of stream.retryAfters) expect(retryAfter).toEqual(expect.any(Number));
  }
}

describe('the server process when PostgreSQL ends its connections', () => {
  let db: TestDatabase;
  let server: ServerProcess;

  beforeAll(async () => {
    db = await createTestDatabase();
    server = await startServerProcess(db.url);
  });

  afterAll(async () => {
    await server?.stop();
    await db.drop();
  });

  it('stays up through pg_terminate_backend during a stream of moves, answers SERVICE_UNAVAILABLE meanwhile, then accepts moves again, losing none', async () => {
    const streams = await Promise.all(Array.from({ length: STREAMS }, (_, i) => startMoveStream(server.url, `Term${i}`)));
    await Promise.all(streams.map((stream) => stream.acknowledgedMore(5)));
    // Terminate every connection of the server again and again, until some move was caught by it.
    const deadline = Date.now() + 30_000;
    let rounds = 0;
    while (!unavailableSeen(streams) || rounds < 10) {
      if (Date.now() > deadline) throw new Error(`no move met a terminated connection in ${rounds} rounds`);
      await terminateBackends(process.env.TEST_ADMIN_DATABASE_URL!, db.name);
      rounds++;
      await new Promise((resolve) => setTimeout(resolve, 30 + Math.random() * 60));
      expect(isRunning(server.child)).toBe(true);
    }
    await Promise.all(streams.map((stream) => stream.acknowledgedMore(10)));
    await Promise.all(streams.map((stream) => stream.stop()));
    expect(isRunning(server.child)).toBe(true);
    expectOnlyUnavailable(streams);
    for (const stream of streams) await expectNoneLost(db.url, stream);
    expect(JSON.stringify(logLines(server.output()))).not.toMatch(/Unhandled|uncaught/i);
  });
});

describe('the server process when its PostgreSQL stops and starts again', () => {
  const DATABASE = 'pbw';
  let dataDir: string;
  let port: number;
  let postgres: PostgresProcess | null = null;
  let url: string;
  const servers: ServerProcess[] = [];

  async function startPostgres(): Promise<void> {
    postgres = await startPostgresProcess(dataDir, port, DATABASE);
  }

  async function stopPostgres(): Promise<void> {
    await postgres?.stop();
    postgres = null;
  }

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'pbw-outage-pg-'));
    port = await freePort();
    await startPostgres();
    url = postgres!.url;
  });

  afterAll(async () => {
    for (const server of servers) await server.stop();
    await stopPostgres();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers SERVICE_UNAVAILABLE while the database is down and serves again by itself when it is back, losing no acknowledged move', async () => {
    const server = await startServerProcess(url);
    servers.push(server);
    const streams = await Promise.all(Array.from({ length: STREAMS }, (_, i) => startMoveStream(server.url, `Outage${i}`)));
    await Promise.all(streams.map((stream) => stream.acknowledgedMore(5)));

    await stopPostgres();
    await until(() => streams.every((stream) => stream.codes.includes('SERVICE_UNAVAILABLE')), 'every stream was told the database is unavailable');
    const health = await fetch(server.url.replace('/graphql', '/health/ready'));
    expect(health.status).toBe(503);
    expect(await health.json()).toMatchObject({ status: 'error', error: { database: { status: 'down' } } });
    expect((await fetch(server.url.replace('/graphql', '/health/live'))).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1500)); // an outage, not a blip
    expect(isRunning(server.child)).toBe(true);

    await startPostgres();
    await Promise.all(streams.map((stream) => stream.acknowledgedMore(10)));
    await Promise.all(streams.map((stream) => stream.stop()));
    expect(isRunning(server.child)).toBe(true);
    expect((await fetch(server.url.replace('/graphql', '/health/ready'))).status).toBe(200);
    expectOnlyUnavailable(streams);
    for (const stream of streams) await expectNoneLost(url, stream);
  });

  it('waits for the database at start-up, logging each try, instead of exiting', async () => {
    await stopPostgres();
    const starting = spawnServerProcess(url, { env: { DATABASE_WAIT_SECONDS: '120' } });
    const tries = () => logLines(starting.output()).filter((line) => /the database cannot be reached \(try \d+/.test(String(line.msg))).length;
    // Its tries are logged while PostgreSQL is down; then PostgreSQL comes up and the server with it.
    await until(() => tries() >= 2, 'the server logged two tries');
    await startPostgres();
    const server = await starting.listening;
    servers.push(server);
    const stream = await startMoveStream(server.url, 'Late');
    await stream.acknowledgedMore(3);
    await stream.stop();
  });
});
