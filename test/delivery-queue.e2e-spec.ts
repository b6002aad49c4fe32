/**
 * The delivery queue on real PostgreSQL: the `notifications` table worked by
 * several workers at once (as several server processes would), retries with
 * their delays, leases left by a worker that died, and entries claimed the
 * moment they are due.
 */
import { PrismaService } from '../src/database/prisma.service';
import { Deliver, DeliveryClaim, DeliveryQueue } from '../src/notifications/delivery-queue';
import { DeliveryPolicy, MAIL_NOT_SENT } from '../src/notifications/notification-options';
import { createTestDatabase, TestDatabase } from './support/database';
import { until } from './support/until';

const FAST: DeliveryPolicy = { retryLimit: 2, retryDelaySeconds: 0.2, retryBackoff: false, pollingIntervalSeconds: 0.05, leaseSeconds: 120 };

describe('the delivery queue', () => {
  let db: TestDatabase;
  let prisma: PrismaService;
  let userId: string;
  let version = 0;

  beforeAll(async () => {
    db = await createTestDatabase();
    prisma = new PrismaService(db.url);
    userId = (await prisma.user.create({ data: { email: 'ann@example.org', passwordHash: 'x', displayName: 'Ann' } })).id;
  });

  afterAll(async () => {
    await prisma.close();
    await db.drop();
  });

  function queueOn(service: PrismaService, policy: Partial<DeliveryPolicy> = FAST): DeliveryQueue {
    return new DeliveryQueue(service, { mail: { ...MAIL_NOT_SENT, delivery: policy }, linkSecret: 'secret' });
  }

  /** Pending notifications (digests, so no game is needed), returning their ids. */
  async function pending(count: number): Promise<string[]> {
    const rows = await Promise.all(
      Array.from({ length: count }, () =>
        prisma.notification.create({ data: { userId, gameVersion: ++version, kind: 'DIGEST', createdAt: new Date() }, select: { id: true } }),
      ),
    );
    return rows.map((row) => row.id);
  }

  const markSent = (id: string) => prisma.sql.query(`UPDATE notifications SET status = 'SENT' WHERE id = $1::uuid`, [id]);

  it('hands each notification to exactly one of several workers', async () => {
    const ids = await pending(60);
    const processes = Array.from({ length: 4 }, () => new PrismaService(db.url));
    const queues = processes.map((service) => queueOn(service));
    const delivered: string[] = [];
    for (const queue of queues) {
      queue.work(async (claims) => {
        delivered.push(...claims.map((claim) => claim.notificationId));
        await new Promise((resolve) => setTimeout(resolve, 5)); // a send takes a while: the others claim meanwhile
        await Promise.all(claims.map((claim) => markSent(claim.notificationId)));
        return [];
      });
    }
    try {
      await until(async () => (await prisma.notification.count({ where: { id: { in: ids }, status: 'SENT' } })) === ids.length, 'all are sent');
    } finally {
      await Promise.all(queues.map((queue) => queue.onModuleDestroy()));
      await Promise.all(processes.map((service) => service.close()));
    }
    expect(delivered.sort()).toEqual([...ids].sort());
  });

  it('tries a failing mail again after the delay, and marks it FAILED after the last retry', async () => {
    const [id] = await pending(1);
    const queue = queueOn(prisma);
    const claims: Array<DeliveryClaim & { at: number }> = [];
    queue.work(async (batch) => {
      claims.push(...batch.map((claim) => ({ ...claim, at: Date.now() })));
      return batch.map(({ notificationId }) => ({ notificationId, error: new Error('451 try again later') }));
    });
    try {
      await until(async () => (await prisma.notification.findUniqueOrThrow({ where: { id } })).status === 'FAILED', 'it is FAILED');
    } finally {
      await queue.onModuleDestroy();
    }
    expect(claims.map((claim) => claim.finalAttempt)).toEqual([false, false, true]);
    for (let i = 1; i < claims.length; i++) expect(claims[i].at - claims[i - 1].at).toBeGreaterThanOrEqual(150); // 0.2 s, give or take the clocks
    expect(await prisma.notification.findUniqueOrThrow({ where: { id } })).toMatchObject({ attempts: 3, lastError: '451 try again later', leaseUntil: null });
  });

  it('settles once a pass begun after the call has left nothing due, waking the worker rather than waiting out its polling', async () => {
    const [first] = await pending(1);
    const queue = queueOn(prisma, { ...FAST, pollingIntervalSeconds: 3600 });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const events: string[] = [];
    queue.work(async (claims) => {
      if (claims.some((claim) => claim.notificationId === first)) await held; // a slow send, in hand when `settled` is asked
      for (const { notificationId } of claims) {
        await markSent(notificationId);
        events.push(notificationId);
      }
      return [];
    });
    try {
      await until(async () => (await prisma.notification.findUniqueOrThrow({ where: { id: first } })).leaseUntil !== null, 'the first mail is claimed');
      const [second] = await pending(1);
      const settling = queue.settled().then(() => events.push('settled'));
      release();
      await settling;
      expect(events).toEqual([first, second, 'settled']);
    } finally {
      await queue.onModuleDestroy();
    }
  });

  it('claims an entry the moment it is due, though the queue keeps its times to the millisecond', async () => {
    // In one transaction now() stands still: the entry is written due now(), and claimed at that same now(). Its time is
    // stored to the millisecond, rounded, half the time up: a claim comparing with now() itself found it not yet due.
    const takenAtOnce: number[] = [];
    for (let i = 0; i < 40; i++) {
      const taken = await prisma.inSqlTransaction(async (sql) => {
        await sql.query(
          `INSERT INTO notifications (id, user_id, game_version, kind, created_at) VALUES (gen_random_uuid(), $1::uuid, $2::int, 'DIGEST', now())`,
          [userId, ++version],
        );
        const queueInTransaction = queueOn({ sql } as unknown as PrismaService);
        return queueInTransaction.deliverBatch(async (claims) => {
          for (const { notificationId } of claims) await sql.query(`UPDATE notifications SET status = 'SENT' WHERE id = $1::uuid`, [notificationId]);
          return [];
        });
      });
      takenAtOnce.push(taken);
    }
    expect(takenAtOnce.filter((taken) => taken !== 1)).toEqual([]);
  });

  it("leaves a mail another worker holds until that worker's lease runs out, and a mail not yet due alone", async () => {
    const [leased, later] = await pending(2);
    await prisma.sql.query(`UPDATE notifications SET lease_until = now() + interval '1 hour' WHERE id = $1::uuid`, [leased]);
    await prisma.sql.query(`UPDATE notifications SET next_attempt_at = now() + interval '1 hour' WHERE id = $1::uuid`, [later]);
    const queue = queueOn(prisma);
    const seen: string[] = [];
    const deliver: Deliver = async (claims) => {
      for (const { notificationId } of claims) {
        seen.push(notificationId);
        await markSent(notificationId);
      }
      return [];
    };
    expect(await queue.deliverBatch(deliver)).toBe(0);
    await prisma.sql.query(`UPDATE notifications SET lease_until = now() - interval '1 second' WHERE id = $1::uuid`, [leased]); // its worker died
    expect(await queue.deliverBatch(deliver)).toBe(1);
    expect(seen).toEqual([leased]);
  });

  it('retries only the mails of a batch that failed, and counts a batch that failed as a whole as a failed try of each', async () => {
    const ids = await pending(3);
    const queue = queueOn(prisma, { ...FAST, retryDelaySeconds: 3600 });
    const [sent, refused] = ids;
    const deliverOne: Deliver = async (claims) => {
      await markSent(sent);
      return claims
        .filter((claim) => claim.notificationId === refused)
        .map(({ notificationId }) => ({ notificationId, error: new Error('550 no such mailbox') }));
    };
    expect(await queue.deliverBatch(deliverOne)).toBe(3);
    const rows = async () => new Map((await prisma.notification.findMany({ where: { id: { in: ids } } })).map((row) => [row.id, row]));
    const afterFirst = await rows();
    expect(afterFirst.get(sent)).toMatchObject({ status: 'SENT' });
    expect(afterFirst.get(refused)).toMatchObject({ status: 'PENDING', attempts: 1, lastError: '550 no such mailbox', leaseUntil: null });
    expect(afterFirst.get(refused)!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 3000_000);
    // The third was neither sent nor reported: it keeps its lease until the lease runs out.
    expect(afterFirst.get(ids[2])).toMatchObject({ status: 'PENDING', attempts: 0 });
    expect(afterFirst.get(ids[2])!.leaseUntil).not.toBeNull();

    await prisma.sql.query(`UPDATE notifications SET lease_until = NULL WHERE id = $1::uuid`, [ids[2]]);
    expect(await queue.deliverBatch(() => Promise.reject(new Error('the database went away')))).toBe(1);
    expect((await rows()).get(ids[2])).toMatchObject({ status: 'PENDING', attempts: 1, lastError: 'the database went away', leaseUntil: null });
  });
});
