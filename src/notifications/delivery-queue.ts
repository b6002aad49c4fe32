/**
 * The delivery queue is the `notifications` table itself: a PENDING row is a
 * mail still to send, written in the same transaction as the events that
 * cause it (outbox.ts), so recording a notification is enqueueing it, with
 * no second write. A worker claims due rows a batch at a time with a lease
 * (FOR UPDATE SKIP LOCKED, so several workers never take the same row),
 * and a failed send is tried again later with backoff. A worker that dies
 * mid-send leaves a lease that runs out, and another worker takes the mail.
 *
 * Times here are the database's clock: they schedule retries, not game time.
 */
import { Inject, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { PrismaService } from '../database/prisma.service';
import { DEFAULT_DELIVERY_POLICY, DeliveryPolicy, NOTIFICATIONS_OPTIONS, NotificationsOptions } from './notification-options';

/** Mails claimed, read and marked together, and sent at once over the mailer's pooled connections. */
const DELIVERY_BATCH = 10;
/** Sending one mail takes seconds; a lease older than this belonged to a worker that died. */
const LEASE_SECONDS = 120;
const MAX_ERROR_LENGTH = 1000;

/** Takes up to a batch of due, unleased notifications, oldest due first. */
const CLAIM_DUE = `
UPDATE notifications SET lease_until = now() + make_interval(secs => $1::int)
WHERE id IN (
  SELECT id FROM notifications
  WHERE status = 'PENDING' AND next_attempt_at <= now() AND (lease_until IS NULL OR lease_until < now())
  ORDER BY next_attempt_at
  LIMIT $2::int
  FOR UPDATE SKIP LOCKED)
RETURNING id, attempts`;
const RETRY_LATER = `
UPDATE notifications
SET attempts = attempts + 1, last_error = $2::text, lease_until = NULL, next_attempt_at = now() + make_interval(secs => $3::double precision)
WHERE id = $1::uuid AND status = 'PENDING'`;
const GIVE_UP = `
UPDATE notifications SET status = 'FAILED', attempts = attempts + 1, last_error = $2::text, lease_until = NULL
WHERE id = $1::uuid AND status = 'PENDING'`;

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
export type Deliver = (claims: readonly DeliveryClaim[]) => Promise<DeliveryFailure[]>;

@Injectable()
export class DeliveryQueue implements OnModuleDestroy {
  private readonly logger = new Logger(DeliveryQueue.name);
  readonly policy: DeliveryPolicy;
  private running: Promise<void> | null = null;
  private stopping = false;
  private wakeUp: (() => void) | null = null;

  constructor(
    private readonly prisma: PrismaService,
    @Inject(NOTIFICATIONS_OPTIONS) options: NotificationsOptions,
  ) {
    this.policy = { ...DEFAULT_DELIVERY_POLICY, ...options.mail.delivery };
  }

  /** Works the queue in this process until it stops: a batch at a time, again at once after a full batch. */
  work(deliver: Deliver): void {
    this.running ??= this.loop(deliver);
  }

  async onModuleDestroy(): Promise<void> {
    this.stopping = true;
    this.wakeUp?.();
    await this.running; // the batch in hand is finished, so no lease is left behind
  }

  private async loop(deliver: Deliver): Promise<void> {
    while (!this.stopping) {
      let handled = 0;
      try {
        handled = await this.deliverBatch(deliver);
      } catch (error) {
        this.logger.warn(`could not read the delivery queue: ${(error as Error).message}`);
      }
      if (handled < DELIVERY_BATCH) await this.pause(this.policy.pollingIntervalSeconds * 1000);
    }
  }

  /** Claims due notifications and delivers them together; returns how many there were. */
  async deliverBatch(deliver: Deliver): Promise<number> {
    const claimed = await this.prisma.sql.query<{ id: string; attempts: number }>(CLAIM_DUE, [LEASE_SECONDS, DELIVERY_BATCH]);
    if (claimed.length === 0) return 0;
    const attempts = new Map(claimed.map(({ id, attempts }) => [id, attempts]));
    const claims = claimed.map(({ id }) => ({ notificationId: id, finalAttempt: attempts.get(id)! >= this.policy.retryLimit }));
    // A batch that fails as a whole (its facts could not be read, say) is a failed try of every mail in it.
    const failures = await deliver(claims).catch((error: unknown) => claims.map(({ notificationId }) => ({ notificationId, error })));
    await Promise.all(failures.map(({ notificationId, error }) => this.failed(notificationId, attempts.get(notificationId)!, error)));
    return claimed.length;
  }

  /** Schedules the next try, or gives up for good after the last. */
  private async failed(id: string, attempts: number, error: unknown): Promise<void> {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, MAX_ERROR_LENGTH);
    if (attempts >= this.policy.retryLimit) {
      this.logger.error(`sending notification ${id} failed for the last time, giving up: ${message}`);
      await this.prisma.sql.query(GIVE_UP, [id, message]);
      return;
    }
    const delaySeconds = this.policy.retryDelaySeconds * (this.policy.retryBackoff ? 2 ** attempts : 1);
    this.logger.warn(`sending notification ${id} failed (will retry in ${delaySeconds} s): ${message}`);
    await this.prisma.sql.query(RETRY_LATER, [id, message, delaySeconds]);
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
