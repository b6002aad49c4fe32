/**
 * An outbox table worked as a queue: a PENDING row is something still to
 * send, written in the same transaction as what causes it, so recording it
 * is enqueueing it. A worker claims due rows a batch at a time with a lease
 * (FOR UPDATE SKIP LOCKED, so several workers never take the same row),
 * and a failed send is tried again later with backoff (and jitter, so rows
 * that failed together are not all tried again in the same instant).
 *
 * The lease is renewed while the batch is being sent, however slow the far
 * end: it runs out only when its worker stopped renewing it (died, or lost
 * the database for longer than a lease), and only then does another worker
 * take the row. When the database fails mid-batch, what the worker still has
 * to write (rows sent, or claims it could not work on) is written as soon as
 * the database is back, so the batch's rows do not wait out the lease.
 *
 * The table needs the columns `id`, `status` (with PENDING and FAILED),
 * `attempts`, `last_error`, `next_attempt_at` and `lease_until`. Mail
 * (notifications/delivery-queue.ts) and webhook posts (webhooks/) are
 * queued this way. Times here are the database's clock: they schedule
 * retries, not game time.
 */
import { Logger } from '@nestjs/common';
import { withJitter } from '../common/backoff';
import type { Sql } from '../database/sql';
import { isDatabaseUnavailable, retryWhileUnavailable } from '../database/unavailable';

/** How hard a worker tries. */
export interface DeliveryPolicy {
  /** Tries after the first; when the last fails too, the row is FAILED. */
  retryLimit: number;
  retryDelaySeconds: number;
  /** Doubles the delay after each failure. */
  retryBackoff: boolean;
  /** How long an idle worker waits before looking for due rows again. */
  pollingIntervalSeconds: number;
  /**
   * How long a claimed row is kept from other workers. It is renewed while
   * it is being sent, so it only needs to outlast a worker that died.
   */
  leaseSeconds: number;
}

/** Rows claimed, read and marked together, and sent at once. */
export const DELIVERY_BATCH = 10;
/** A lease is renewed this many times in its span, so one late or failed renewal does not let it run out. */
const RENEWALS_PER_LEASE = 4;
const MAX_ERROR_LENGTH = 1000;

function statements(table: string) {
  return {
    /** Takes up to a batch of due, unleased rows, oldest due first. */
    claimDue: `
UPDATE ${table} SET lease_until = now() + make_interval(secs => $1::double precision)
WHERE id IN (
  SELECT id FROM ${table}
  WHERE status = 'PENDING' AND next_attempt_at <= now() AND (lease_until IS NULL OR lease_until < now())
  ORDER BY next_attempt_at
  LIMIT $2::int
  FOR UPDATE SKIP LOCKED)
RETURNING id, attempts`,
    renewLease: `
UPDATE ${table} SET lease_until = now() + make_interval(secs => $2::double precision)
WHERE id = ANY ($1::uuid[]) AND status = 'PENDING'`,
    /** Claims this worker could not work on (the database went away): free for the next claim at once, no try counted. */
    release: `
UPDATE ${table} SET lease_until = NULL
WHERE id = ANY ($1::uuid[]) AND status = 'PENDING'`,
    retryLater: `
UPDATE ${table}
SET attempts = attempts + 1, last_error = $2::text, lease_until = NULL, next_attempt_at = now() + make_interval(secs => $3::double precision)
WHERE id = $1::uuid AND status = 'PENDING'`,
    giveUp: `
UPDATE ${table} SET status = 'FAILED', attempts = attempts + 1, last_error = $2::text, lease_until = NULL
WHERE id = $1::uuid AND status = 'PENDING'`,
  };
}

/** One claimed row: `finalAttempt` when a failure now will not be retried. */
export interface QueueClaim {
  id: string;
  finalAttempt: boolean;
}

/** A claimed row that could not be sent this time. */
export interface QueueFailure {
  id: string;
  error: unknown;
}

/**
 * How long what a batch has to write is worth trying while the database is
 * out of reach: while the lease lasts (after that another worker may have
 * the row).
 */
export interface WriteDeadline {
  giveUpAfterMs: number;
}

/** A write a batch must make, tried again while the database is out of reach (as long as the lease lasts). */
export function writeWithinLease<T>(write: () => Promise<T>, until: WriteDeadline): Promise<T> {
  return retryWhileUnavailable(write, { firstDelayMs: 250, longestDelayMs: 5000, giveUpAfterMs: until.giveUpAfterMs });
}

/**
 * Sends a batch of claimed rows together: each is sent, or set aside, and
 * moved out of PENDING; returns those whose sending failed, which stay
 * PENDING for the queue to try again.
 */
export type SendClaimed = (claims: readonly QueueClaim[], until: WriteDeadline) => Promise<QueueFailure[]>;

export class LeasedQueue {
  private readonly logger: Logger;
  private readonly sql: ReturnType<typeof statements>;
  private running: Promise<void> | null = null;
  private stopping = false;
  private wakeUp: (() => void) | null = null;
  /** Told when the next pass that finds no more than it can take ends (`settled`). */
  private settling: Array<() => void> = [];

  /** `what` names a row in the log: "mail", "webhook post". */
  constructor(
    private readonly db: () => Sql,
    table: string,
    private readonly what: string,
    readonly policy: DeliveryPolicy,
  ) {
    this.logger = new Logger(`LeasedQueue(${table})`);
    this.sql = statements(table);
  }

  /** Works the queue in this process until it stops: a batch at a time, again at once after a full batch. */
  work(send: SendClaimed): void {
    this.running ??= this.loop(send);
  }

  /**
   * Resolves once this worker has been through the queue, from a pass begun
   * after the call until one that left nothing due behind: by then each row
   * due at the call has been sent, set aside or refused, and no batch is in
   * hand. What a test waits for before saying something was not sent, rather
   * than for a while. Wakes the worker rather than waiting out its polling.
   */
  settled(): Promise<void> {
    if (!this.running || this.stopping) return Promise.resolve();
    return new Promise((resolve) => {
      this.settling.push(resolve);
      this.wakeUp?.();
    });
  }

  /** Finishes the batch in hand, so no lease is left behind, and stops. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.wakeUp?.();
    await this.running;
  }

  private async loop(send: SendClaimed): Promise<void> {
    let failing = false;
    while (!this.stopping) {
      let handled = 0;
      const waiting = this.settling;
      this.settling = [];
      try {
        handled = await this.deliverBatch(send);
        if (failing) this.logger.log('the queue can be read again');
        failing = false;
      } catch (error) {
        // Said once per outage, not at every poll.
        if (!failing) this.logger.warn(`could not read the queue (trying again every ${this.policy.pollingIntervalSeconds} s): ${(error as Error).message}`);
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

  /** Claims due rows and sends them together; returns how many there were. */
  async deliverBatch(send: SendClaimed): Promise<number> {
    const leaseSeconds = this.policy.leaseSeconds;
    const claimed = await this.db().query<{ id: string; attempts: number }>(this.sql.claimDue, [leaseSeconds, DELIVERY_BATCH]);
    if (claimed.length === 0) return 0;
    const ids = claimed.map(({ id }) => id);
    const attempts = new Map(claimed.map(({ id, attempts }) => [id, attempts]));
    const claims = claimed.map(({ id }) => ({ id, finalAttempt: attempts.get(id)! >= this.policy.retryLimit }));
    const until: WriteDeadline = { giveUpAfterMs: leaseSeconds * 1000 };
    const renewal = setInterval(() => void this.renewLease(ids), (leaseSeconds * 1000) / RENEWALS_PER_LEASE);
    try {
      const failures = await send(claims, until);
      await Promise.all(failures.map(({ id, error }) => this.failed(id, attempts.get(id)!, error, until)));
    } catch (error) {
      if (!isDatabaseUnavailable(error)) {
        // A batch that fails as a whole (its facts could not be read, say) is a failed try of every row in it.
        await Promise.all(ids.map((id) => this.failed(id, attempts.get(id)!, error, until)));
      } else {
        // Nothing was sent: the claims are given back as soon as the database is back, to be claimed again at once.
        this.logger.warn(`the database went away mid-batch; ${ids.length} ${this.what}(s) go out once it is back: ${(error as Error).message}`);
        await writeWithinLease(() => this.db().query(this.sql.release, [ids]), until);
      }
    } finally {
      clearInterval(renewal);
    }
    return claimed.length;
  }

  /** Keeps the batch's claims while it is being sent. A renewal that fails is tried again at the next tick. */
  private async renewLease(ids: string[]): Promise<void> {
    try {
      await this.db().query(this.sql.renewLease, [ids, this.policy.leaseSeconds]);
    } catch (error) {
      this.logger.warn(`could not renew the lease of ${ids.length} ${this.what}(s) being sent: ${(error as Error).message}`);
    }
  }

  /** Schedules the next try, or gives up for good after the last. */
  private async failed(id: string, attempts: number, error: unknown, until: WriteDeadline): Promise<void> {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, MAX_ERROR_LENGTH);
    if (attempts >= this.policy.retryLimit) {
      this.logger.error(`sending ${this.what} ${id} failed for the last time, giving up: ${message}`);
      await writeWithinLease(() => this.db().query(this.sql.giveUp, [id, message]), until);
      return;
    }
    const delaySeconds = withJitter(this.policy.retryDelaySeconds * (this.policy.retryBackoff ? 2 ** attempts : 1));
    this.logger.warn(`sending ${this.what} ${id} failed (will retry in ${delaySeconds.toFixed(1)} s): ${message}`);
    await writeWithinLease(() => this.db().query(this.sql.retryLater, [id, message, delaySeconds]), until);
  }

  private pause(ms: number): Promise<void> {
    if (this.stopping) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      this.wakeUp = done;
      function done() {
        clearTimeout(timer);
        resolve();
      }
    });
  }
}
