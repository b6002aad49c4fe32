/**
 * The mail delivery queue is the `notifications` table itself: a PENDING row
 * is a mail still to send, written in the same transaction as the events
 * that cause it (outbox.ts), so recording a notification is enqueueing it,
 * with no second write. Claims, leases, retries and backoff are the leased
 * queue's (delivery/leased-queue.ts).
 *
 * Times here are the database's clock: they schedule retries, not game time.
 */
import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import { PrismaService } from '../database/prisma.service';
import { DeliveryPolicy, LeasedQueue, SendClaimed, WriteDeadline } from '../delivery/leased-queue';
import { DEFAULT_DELIVERY_POLICY, NOTIFICATIONS_OPTIONS, NotificationsOptions } from './notification-options';

export { DELIVERY_BATCH, writeWithinLease, type WriteDeadline } from '../delivery/leased-queue';

/** For operators (health, metrics): mail waiting, and how long the oldest due one has waited. */
const QUEUE_STATS = `
SELECT count(*)::int AS depth,
       COALESCE(EXTRACT(EPOCH FROM now() - min(next_attempt_at) FILTER (WHERE next_attempt_at <= now())), 0)::float8 AS oldest_due_seconds
FROM notifications WHERE status = 'PENDING'`;

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

/** Adapts a mail delivery to the leased queue's claims. */
function asSend(deliver: Deliver): SendClaimed {
  return async (claims, until) => {
    const failures = await deliver(
      claims.map(({ id, finalAttempt }) => ({ notificationId: id, finalAttempt })),
      until,
    );
    return failures.map(({ notificationId, error }) => ({ id: notificationId, error }));
  };
}

@Injectable()
export class DeliveryQueue implements OnModuleDestroy {
  private readonly queue: LeasedQueue;

  constructor(
    private readonly prisma: PrismaService,
    @Inject(NOTIFICATIONS_OPTIONS) options: NotificationsOptions,
  ) {
    this.queue = new LeasedQueue(() => prisma.sql, 'notifications', 'notification', { ...DEFAULT_DELIVERY_POLICY, ...options.mail.delivery });
  }

  get policy(): DeliveryPolicy {
    return this.queue.policy;
  }

  /** Mail waiting to be sent (due or not), and how long the oldest due one has waited (0: none is due). */
  async stats(): Promise<{ depth: number; oldestDueSeconds: number }> {
    const [row] = await this.prisma.sql.query<{ depth: number; oldest_due_seconds: number }>(QUEUE_STATS);
    return { depth: row.depth, oldestDueSeconds: row.oldest_due_seconds };
  }

  /** Works the queue in this process until it stops: a batch at a time, again at once after a full batch. */
  work(deliver: Deliver): void {
    this.queue.work(asSend(deliver));
  }

  /** Claims due notifications and delivers them together; returns how many there were. */
  deliverBatch(deliver: Deliver): Promise<number> {
    return this.queue.deliverBatch(asSend(deliver));
  }

  /** See LeasedQueue.settled: what a test waits for before saying a mail was not sent. */
  settled(): Promise<void> {
    return this.queue.settled();
  }

  onModuleDestroy(): Promise<void> {
    return this.queue.stop();
  }
}
