/**
 * The server under real database faults, in a process of its own: its
 * connections terminated by the database (pg_terminate_backend, as a
 * failover or an administrator does), and its PostgreSQL stopped and started
 * again under it. The process stays up, answers SERVICE_UNAVAILABLE (with
 * retryAfter) meanwhile, serves again by itself afterwards, and loses no
 * acknowledged move. A server started while its database is down waits for
 * it. Mail whose batch met the outage goes out once the database is back,
 * once, without waiting out the queue's lease.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { freePort } from '../src/database/free-port';
import { PrismaService } from '../src/database/prisma.service';
import { DeliveryQueue } from '../src/notifications/delivery-queue';
import { MAIL_NOT_SENT } from '../src/notifications/notification-options';
import { emailOf, registerPlayer, startTestServer, TestServer } from './support/app';
import { createTestDatabase, TestDatabase } from './support/database';
import { SmtpInbox } from './support/smtp-inbox';
import { expectNoneLost, MoveStream, startMoveStream } from './support/move-stream';
import { PostgresProcess, startPostgresProcess } from './support/postgres-process';
import { logLines, ServerProcess, spawnServerProcess, startServerProcess } from './support/server-process';
import { until } from './support/until';
import { createGame, invitePlayer } from './support/games';

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

/** The processes whose parent is `pid` (a postmaster's backends), from /proc. */
function childrenOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        // The fourth field of /proc/<pid>/stat, after the name in parentheses, is the parent's pid.
        return Number(readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]?.split(' ')[1]) === pid;
      } catch {
        return false;
      }
    })
    .map(Number);
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
    server = await startServerProcess(db);
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
    const server = await startServerProcess({ url });
    servers.push(server);
    const streams = await Promise.all(Array.from({ length: STREAMS }, (_, i) => startMoveStream(server.url, `Outage${i}`)));
    await Promise.all(streams.map((stream) => stream.acknowledgedMore(5)));

    await stopPostgres();
    await until(() => streams.every((stream) => stream.codes.includes('SERVICE_UNAVAILABLE')), 'every stream was told the database is unavailable');
    const health = await fetch(server.url.replace('/graphql', '/health/ready'));
    expect(health.status).toBe(503);
    const report = await health.json();
    expect(report).toMatchObject({
      status: 'error',
      error: { database: { status: 'down' }, migrations: { status: 'down', message: 'the database cannot be read' } },
      details: { mail: { status: 'up', message: 'unknown: the database cannot be read' } },
    });
    // Anyone may ask: the driver's words (the database's name, its address) stay in the log.
    expect(JSON.stringify(report)).not.toMatch(new RegExp(`${new URL(url).pathname.slice(1)}|${new URL(url).port}|ECONNREFUSED`));
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

  it('says it is not ready within seconds while the database hangs, and ready once it answers again', async () => {
    const server = await startServerProcess({ url });
    servers.push(server);
    const ready = server.url.replace('/graphql', '/health/ready');
    expect((await fetch(ready)).status).toBe(200);
    // Stopped, not gone: connections open and queries are sent, and nothing answers.
    const postmaster = Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    const cluster = [postmaster, ...childrenOf(postmaster)];
    for (const pid of cluster) process.kill(pid, 'SIGSTOP');
    try {
      const asked = Date.now();
      const hung = await fetch(ready, { signal: AbortSignal.timeout(15_000) });
      expect(hung.status).toBe(503);
      expect(Date.now() - asked).toBeLessThan(6000);
      expect(await hung.json()).toMatchObject({ status: 'error', error: { database: { status: 'down' }, migrations: { status: 'down' } } });
    } finally {
      for (const pid of cluster) process.kill(pid, 'SIGCONT');
    }
    await until(async () => (await fetch(ready)).status === 200, 'ready again once the database answers');
  });

  it('waits for the database at start-up, logging each try, instead of exiting', async () => {
    await stopPostgres();
    const starting = spawnServerProcess({ url }, { env: { DATABASE_WAIT_SECONDS: '120' } });
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

  /** What a worker still has to write after sending is written once the database is back, well before the lease runs out. */
  const LONG_LEASE_SECONDS = 60;

  it('marks the mails of a batch sent once the database is back, when it went away while they were being sent', async () => {
    const inbox = await SmtpInbox.start({ stepDelayMs: 300 });
    const database = { url, ownerUrl: url, name: DATABASE, drop: async () => undefined };
    let queuing: TestServer | null = await startTestServer({ db: database });
    let sending: TestServer | null = null;
    try {
      // The moves of the tests above queued mail no worker sent: out of the way, so this batch is the invitations.
      await queuing.app.get(PrismaService).sql.query(`UPDATE notifications SET status = 'SKIPPED' WHERE status = 'PENDING'`);
      const host = await registerPlayer(queuing.url, 'MailHost');
      const guests = await Promise.all(['Ida', 'Jon', 'Kim'].map((name) => registerPlayer(queuing!.url, name)));
      const gameId = await createGame(queuing.url, host);
      for (const guest of guests) await invitePlayer(queuing.url, gameId, host, await emailOf(queuing.url, guest));
      await queuing.close();
      queuing = null;
      // The three invitations are queued; a worker takes them as one batch, and the database goes away as it sends.
      let stopping: Promise<void> | null = null;
      inbox.onMailFrom = () => (stopping ??= stopPostgres());
      sending = await startTestServer({
        db: database,
        mail: {
          transportUrl: inbox.url,
          from: 'Play by Web <games@example.org>',
          publicUrl: 'http://play.example',
          delivery: { leaseSeconds: LONG_LEASE_SECONDS, pollingIntervalSeconds: 0.1 },
        },
      });
      await until(() => inbox.mails.length === 3 && stopping !== null, 'the mail server accepted the batch');
      await stopping;
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await startPostgres();
      const prisma = sending.app.get(PrismaService);
      const backAt = Date.now();
      await until(async () => (await prisma.notification.count({ where: { kind: 'INVITATION', status: 'SENT' } })) === 3, 'the batch is marked sent');
      expect(Date.now() - backAt).toBeLessThan((LONG_LEASE_SECONDS * 1000) / 2);
      await sending.app.get(DeliveryQueue).settled(); // a mail sent twice would be in the inbox now
      expect(inbox.mails).toHaveLength(3);
    } finally {
      await sending?.close();
      await queuing?.close();
      await inbox.stop();
    }
  });

  it('gives a batch back once the database is back, when it went away before the batch could be read, so it goes out without waiting for the lease', async () => {
    const prisma = new PrismaService(url);
    const queue = new DeliveryQueue(prisma, {
      mail: { ...MAIL_NOT_SENT, delivery: { leaseSeconds: LONG_LEASE_SECONDS, pollingIntervalSeconds: 0.1 } },
      linkSecret: 'secret',
    });
    try {
      const user = await prisma.user.create({ data: { email: `outage-${Date.now()}@example.org`, passwordHash: 'x', displayName: 'Lee' } });
      const { id } = await prisma.notification.create({ data: { userId: user.id, gameVersion: 0, kind: 'DIGEST', createdAt: new Date() } });
      const claimedAt: number[] = [];
      queue.work(async (claims) => {
        if (!claims.some((claim) => claim.notificationId === id)) return [];
        claimedAt.push(Date.now());
        if (claimedAt.length === 1) {
          // The database goes away before the batch's facts are read: reading them fails as it really would.
          await stopPostgres();
          await prisma.sql.query('SELECT 1');
        }
        await prisma.sql.query(`UPDATE notifications SET status = 'SENT' WHERE id = $1::uuid`, [id]);
        return [];
      });
      await until(() => claimedAt.length === 1 && postgres === null, 'the batch met the outage');
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await startPostgres();
      const backAt = Date.now();
      await until(() => claimedAt.length === 2, 'the batch is claimed again');
      expect(claimedAt[1] - backAt).toBeLessThan((LONG_LEASE_SECONDS * 1000) / 2);
      // Claimed, it is being sent: a pass begun after this one has its row written.
      await queue.settled();
      const row = await prisma.notification.findUniqueOrThrow({ where: { id } });
      expect(row).toMatchObject({ status: 'SENT', attempts: 0 }); // the outage is not counted as a failed try
    } finally {
      await queue.onModuleDestroy();
      await prisma.close();
    }
  });
});

describe('the embedded PostgreSQL a server runs itself (npm start without DATABASE_URL)', () => {
  let dataDir: string;
  const running: PostgresProcess[] = [];

  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'pbw-own-pg-'));
  });

  afterEach(async () => {
    await Promise.all(running.splice(0).map((postgres) => postgres.stop()));
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function answers(url: string): Promise<boolean> {
    const client = new Client({ connectionString: url, connectionTimeoutMillis: 2000 });
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.query('SELECT 1');
      return true;
    } catch {
      return false;
    } finally {
      await client.end().catch(() => undefined);
    }
  }

  it('is started again when it dies, so the server does not wait for it for good, and not once asked to stop', async () => {
    const postgres = await startPostgresProcess(dataDir, await freePort(), 'pbw', { keepRunning: true });
    running.push(postgres);
    const postmaster = Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    process.kill(postmaster, 'SIGKILL');
    await until(() => postgres.output().includes('TOLD The embedded PostgreSQL is running again'), 'it runs again', 90_000);
    expect(postgres.output()).toContain('TOLD The embedded PostgreSQL stopped unasked (signal SIGKILL): starting it again.');
    expect(await answers(postgres.url)).toBe(true);
    await postgres.stop(); // once its process has exited, nothing is left to start it again
    running.pop();
    expect(await answers(postgres.url)).toBe(false);
    expect(postgres.output().match(/stopped unasked/g)).toHaveLength(1);
  }, 120_000);

  it('says its data folder is in use, not just that it failed, when another PostgreSQL runs on it', async () => {
    running.push(await startPostgresProcess(dataDir, await freePort(), 'pbw'));
    const second = startPostgresProcess(dataDir, await freePort(), 'pbw');
    await expect(second).rejects.toThrow(
      `its data folder ${dataDir} is in use by another PostgreSQL, most likely that of a server already running on it. Stop that server first, or set DATABASE_URL`,
    );
  }, 60_000);
});
