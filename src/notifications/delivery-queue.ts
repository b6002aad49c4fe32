/**
 * The delivery queue is the `notifications` table itself: a PENDING row is a
 * mail still to send, written in the same transaction as the events that
 * cause it (outbox.ts), so recording a notification is enqueueing it, with
 * no second write. A worker claims due rows a batch at a time with a lease
 * (FOR UPDATE SKIP LOCKED, so several workers never take the same row),
 * and a failed send is tried again later with backoff (and jitter, so mails
 * that failed together are not all tried again in the same instant).
 *
 * The lease is renewed while the batch is being sent, however slow the mail
 * server: it runs out only when its worker stopped renewing it (died, or lost
 * the database for longer than a lease), and only then does another worker
 * take the mail. When the database fails mid-batch, what the worker still has
 * to write (mails sent, or claims it could not work on) is written as soon as
 * the database is back, so the batch's mails do not wait out the lease.
 *
 * Times here are the database's clock: they schedule retries, not game time.
 */
import { Inject, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { withJitter } from '../common/backoff';
import { PrismaService } from '../database/prisma.service';
import { isDatabaseUnavailable, retryWhileUnavailable } from '../database/unavailable';
import { DEFAULT_DELIVERY_POLICY, DeliveryPolicy, NOTIFICATIONS_OPTIONS, NotificationsOptions } from './notification-options';

/** Mails claimed, read and marked together, and sent at once over the mailer's pooled connections (as many as this). */
export const DELIVERY_BATCH = 10;
/** A lease is renewed this many times in its span, so one late or failed renewal does not let it run out. */
const RENEWALS_PER_LEASE = 4;
const MAX_ERROR_LENGTH = 1000;

/**
 * Now, to the millisecond the queues keep their times to (TIMESTAMPTZ(3)).
 * PostgreSQL rounds a time it stores to that, so an entry written due now()
 * (queued, or a try again with no delay) can be stored up to half a
 * millisecond ahead of it. A claim made within that half millisecond, as a
 * worker woken by the commit makes it, found it not yet due (29% of claims
 * made at once, in a tight loop), and the entry waited for the next poll.
 */
const NOW_AS_STORED = 'now()::timestamptz(3)';

/** For operators (health, metrics): entries waiting, and how long the oldest due one has waited. */
const queueStats = (table: string) => `
SELECT count(*)::int AS depth,
       GREATEST(EXTRACT(EPOCH FROM now() - min(next_attempt_at) FILTER (WHERE next_attempt_at <= ${NOW_AS_STORED})), 0)::float8 AS oldest_due_seconds
FROM ${table} WHERE status = 'PENDING'`;

/** Takes up to a batch of due, unleased entries, oldest due first. */
const claimDue = (table: string) => `
UPDATE ${table} SET lease_until = now() + make_interval(secs => $1::double precision)
WHERE id IN (
  SELECT id FROM ${table}
  WHERE status = 'PENDING' AND next_attempt_at <= ${NOW_AS_STORED} AND (lease_until IS NULL OR lease_until < now())
  ORDER BY next_attempt_at
  LIMIT $2::int
  FOR UPDATE SKIP LOCKED)
RETURNING id, attempts`;
const renewLease = (table: string) => `
UPDATE ${table} SET lease_until = now() + make_interval(secs => $2::double precision)
WHERE id = ANY ($1::uuid[]) AND status = 'PENDING'`;
/** Claims this worker could not work on (the database went away): free for the next claim at once, no try counted. */
const release = (table: string) => `
UPDATE ${table} SET lease_until = NULL
WHERE id = ANY ($1::uuid[]) AND status = 'PENDING'`;
const retryLater = (table: string) => `
UPDATE ${table}
SET attempts = attempts + 1, last_error = $2::text, lease_until = NULL, next_attempt_at = now() + make_interval(secs => $3::double precision)
WHERE id = $1::uuid AND status = 'PENDING'`;
const giveUp = (table: string) => `
UPDATE ${table} SET status = 'FAILED', attempts = attempts + 1, last_error = $2::text, lease_until = NULL
WHERE id = $1::uuid AND status = 'PENDING'`;

/**
 * A table a LeasedQueue works: rows with `id`, `status` (PENDING while
 * queued, FAILED once given up), `attempts`, `last_error`,
 * `next_attempt_at` and `lease_until`.
 */
export interface QueueTable {
  name: string;
  /** What one entry is, in the log ("mail", "push"). */
  entry: string;
}

interface QueueStatements {
  stats: string;
  claim: string;
  renew: string;
  release: string;
  retry: string;
  giveUp: string;
}

function statementsFor(table: string): QueueStatements {
  return {
    stats: queueStats(table),
    claim: claimDue(table),
    renew: renewLease(table),
    release: release(table),
    retry: retryLater(table),
    giveUp: giveUp(table),
  };
}

/** One claimed notification: `finalAttempt` when a failure now will not be retried. */
export interface DeliveryClaim {
  notificationId: string;
  finalAttempt: boolean;
}

/** A claimed notification whose mail could not be sent this time. */
export interface DeliveryFailure {
  notificationId: string;
  error: unknown;
}

/**
 * Delivers a batch of claimed notifications together: each is sent, or set
 * aside, and moved out of PENDING; returns those whose sending failed, which
 * stay PENDING for the queue to try again.
 */
export type Deliver = (claims: readonly DeliveryClaim[], until: WriteDeadline) => Promise<DeliveryFailure[]>;

/**
 * How long what a batch has to write is worth trying while the database is
 * out of reach: while the lease lasts (after that another worker may have
 * the mail).
 */
export interface WriteDeadline {
  giveUpAfterMs: number;
}

/** A write a batch must make, tried again while the database is out of reach (as long as the lease lasts). */
export function writeWithinLease<T>(write: () => Promise<T>, until: WriteDeadline): Promise<T> {
  return retryWhileUnavailable(write, { firstDelayMs: 250, longestDelayMs: 5000, giveUpAfterMs: until.giveUpAfterMs });
}

/**
 * The queue's mechanics over any table of entries (QueueTable): claims with
 * leases, retries with backoff, giving up, and `settled` for tests. The
 * notifications outbox is one (DeliveryQueue), web push's messages another
 * (src/push/).
 */
export class LeasedQueue implements OnModuleDestroy {
  private readonly logger: Logger;
  private readonly sql: QueueStatements;
  private running: Promise<void> | null = null;
  private stopping = false;
  private wakeUp: (() => void) | null = null;
  /** Asked to look again (`wake`) while a pass was under way: the next pause is skipped. */
  private woken = false;
  /** Told when the next pass that finds no more than it can take ends (`settled`). */
  private settling: Array<() => void> = [];

  constructor(
    private readonly prisma: PrismaService,
    readonly policy: DeliveryPolicy,
    private readonly table: QueueTable,
  ) {
    this.logger = new Logger(`${table.entry} queue`);
    this.sql = statementsFor(table.name);
  }

  /** Entries waiting to be sent (due or not), and how long the oldest due one has waited (0: none is due). */
  async stats(): Promise<{ depth: number; oldestDueSeconds: number }> {
    const [row] = await this.prisma.sql.query<{ depth: number; oldest_due_seconds: number }>(this.sql.stats);
    return { depth: row.depth, oldestDueSeconds: row.oldest_due_seconds };
  }

  /** Works the queue in this process until it stops: a batch at a time, again at once after a full batch. */
  work(deliver: Deliver): void {
    this.running ??= this.loop(deliver);
  }

  /**
   * Resolves once this worker has been through the queue, from a pass begun
   * after the call until one that left nothing due behind: by then each mail
   * due at the call has been sent, set aside or refused, and no batch is in
   * hand. What a test waits for before saying a mail was not sent, rather
   * than for a while. Wakes the worker rather than waiting out its polling.
   */
  settled(): Promise<void> {
    if (!this.running || this.stopping) return Promise.resolve();
    return new Promise((resolve) => {
      this.settling.push(resolve);
      this.wakeUp?.();
    });
  }

  /** Makes the next pass at once rather than after the polling interval: its caller knows of entries due now. */
  wake(): void {
    this.woken = true;
    this.wakeUp?.();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopping = true;
    this.wakeUp?.();
    await this.running; // the batch in hand is finished, so no lease is left behind
  }

  private async loop(deliver: Deliver): Promise<void> {
    let failing = false;
    while (!this.stopping) {
      let handled = 0;
      const waiting = this.settling;
      this.settling = [];
      try {
        handled = await this.deliverBatch(deliver);
        if (failing) this.logger.log('the delivery queue can be read again');
        failing = false;
      } catch (error) {
        // Said once per outage, not at every poll.
        if (!failing)
          this.logger.warn(`could not read the delivery queue (trying again every ${this.policy.pollingIntervalSeconds} s): ${(error as Error).message}`);
        failing = true;
      }
      this.tellSettled(waiting, handled < DELIVERY_BATCH && !failing);
      // Someone waits for a pass (`settled`): make it now, unless the queue cannot be read.
      if (handled < DELIVERY_BATCH && (failing || this.settling.length === 0)) await this.pause(this.policy.pollingIntervalSeconds * 1000);
    }
    this.settling.forEach((resolve) => resolve());
  }

  /** Tells those who waited for a pass (`settled`) that it left nothing due; if it did not, they wait for the next. */
  private tellSettled(waiting: Array<() => void>, leftNothingDue: boolean): void {
    if (leftNothingDue) waiting.forEach((resolve) => resolve());
    else this.settling.unshift(...waiting);
  }

  /** Claims due notifications and delivers them together; returns how many there were. */
  async deliverBatch(deliver: Deliver): Promise<number> {
    const leaseSeconds = this.policy.leaseSeconds;
    const claimed = await this.prisma.sql.query<{ id: string; attempts: number }>(this.sql.claim, [leaseSeconds, DELIVERY_BATCH]);
    if (claimed.length === 0) return 0;
    const ids = claimed.map(({ id }) => id);
    const attempts = new Map(claimed.map(({ id, attempts }) => [id, attempts]));
    const claims = claimed.map(({ id }) => ({ notificationId: id, finalAttempt: attempts.get(id)! >= this.policy.retryLimit }));
    const until: WriteDeadline = { giveUpAfterMs: leaseSeconds * 1000 };
    const renewal = setInterval(() => void this.renewLease(ids), (leaseSeconds * 1000) / RENEWALS_PER_LEASE);
    try {
      const failures = await deliver(claims, until);
      await Promise.all(failures.map(({ notificationId, error }) => this.failed(notificationId, attempts.get(notificationId)!, error, until)));
    } catch (error) {
      if (!isDatabaseUnavailable(error)) {
        // A batch that fails as a whole (its facts could not be read, say) is a failed try of every mail in it.
        await Promise.all(ids.map((id) => this.failed(id, attempts.get(id)!, error, until)));
      } else {
        // Nothing was sent: the claims are given back as soon as the database is back, to be claimed again at once.
        this.logger.warn(`the database went away mid-batch; ${ids.length} ${this.table.entry}(s) go out once it is back: ${(error as Error).message}`);
        await writeWithinLease(() => this.prisma.sql.query(this.sql.release, [ids]), until);
      }
    } finally {
      clearInterval(renewal);
    }
    return claimed.length;
  }

  /** Keeps the batch's claims while it is being sent. A renewal that fails is tried again at the next tick. */
  private async renewLease(ids: string[]): Promise<void> {
    try {
      await this.prisma.sql.query(this.sql.renew, [ids, this.policy.leaseSeconds]);
    } catch (error) {
      this.logger.warn(`could not renew the lease of ${ids.length} ${this.table.entry}(s) being sent: ${(error as Error).message}`);
    }
  }

  /** Schedules the next try, or gives up for good after the last. */
  private async failed(id: string, attempts: number, error: unknown, until: WriteDeadline): Promise<void> {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, MAX_ERROR_LENGTH);
    if (attempts >= this.policy.retryLimit) {
      this.logger.error(`sending ${this.table.entry} ${id} failed for the last time, giving up: ${message}`);
      await writeWithinLease(() => this.prisma.sql.query(this.sql.giveUp, [id, message]), until);
      return;
    }
    const delaySeconds = withJitter(this.policy.retryDelaySeconds * (this.policy.retryBackoff ? 2 ** attempts : 1));
    this.logger.warn(`sending ${this.table.entry} ${id} failed (will retry in ${delaySeconds.toFixed(1)} s): ${message}`);
    await writeWithinLease(() => this.prisma.sql.query(this.sql.retry, [id, message, delaySeconds]), until);
  }

  private pause(ms: number): Promise<void> {
    if (this.stopping || this.woken) {
      this.woken = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.woken = false;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wakeUp = done;
    });
  }
}

/** The notifications outbox as a queue of mail. */
@Injectable()
export class DeliveryQueue extends LeasedQueue {
  constructor(prisma: PrismaService, @Inject(NOTIFICATIONS_OPTIONS) options: NotificationsOptions) {
    super(prisma, { ...DEFAULT_DELIVERY_POLICY, ...options.mail.delivery }, { name: 'notifications', entry: 'mail' });
  }
}
