/**
 * "Mail that knows you are here": a "your turn" (or "new messages") mail
 * is written WAITING, due when its grace period (TURN_MAIL_DELAY) ends by
 * the app's clock. Then this sweep hands it to the delivery queue, unless
 * the player was looking at the game at any time during the grace period (a
 * page held `presentAtGame`, which it does only while visible and used, from
 * any server process): then they saw it, and it is marked SEEN and never
 * sent. A hidden or idle page does not hold it: its player is mailed. A player who moved (or left the game)
 * meanwhile gets no mail either: the worker finds the turn over (SUPERSEDED).
 *
 * Nothing of this is on a move's path: the outbox row is the one the move
 * already wrote, and presence is written by pages subscribing and letting go.
 */
import { Inject, Injectable, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { Clock } from '../common/clock';
import { PeriodicTask } from '../common/periodic';
import { PrismaService } from '../database/prisma.service';
import { presentDuring, PresenceStore } from '../presence/presence-store';
import { NOTIFICATIONS_OPTIONS, NotificationsOptions } from './notification-options';

/** How often grace periods that ended are looked for, when sweeps run: a mail is at most this late. */
export const GRACE_SWEEP_INTERVAL_MS = 10_000;
const BATCH = 500;

const RELEASE_DUE = `
UPDATE notifications n
SET status = (CASE WHEN ${presentDuring('n.user_id', 'n.game_id', 'n.created_at', 'n.due_at')} THEN 'SEEN' ELSE 'PENDING' END)::"NotificationStatus",
    next_attempt_at = now()
WHERE n.id IN (
  SELECT id FROM notifications
  WHERE status = 'WAITING' AND due_at <= $1::timestamptz
  ORDER BY due_at
  LIMIT ${BATCH}
  FOR UPDATE SKIP LOCKED)
RETURNING n.status`;

@Injectable()
export class GracePeriods implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly sweeper?: PeriodicTask;

  constructor(
    private readonly prisma: PrismaService,
    private readonly clock: Clock,
    @Inject(NOTIFICATIONS_OPTIONS) options: NotificationsOptions,
  ) {
    if (options.sweepIntervalMs) this.sweeper = new PeriodicTask('grace period sweep', GRACE_SWEEP_INTERVAL_MS, () => this.releaseDue());
  }

  onApplicationBootstrap(): void {
    this.sweeper?.start();
  }

  async onModuleDestroy(): Promise<void> {
    await this.sweeper?.stop();
  }

  /** Ends every grace period that is over: each mail is queued, or SEEN. Returns how many of each. */
  async releaseDue(): Promise<{ queued: number; seen: number }> {
    const now = this.clock.now();
    const counts = { queued: 0, seen: 0 };
    for (;;) {
      const rows = await this.prisma.sql.query<{ status: string }>(RELEASE_DUE, [now]);
      for (const { status } of rows) counts[status === 'SEEN' ? 'seen' : 'queued']++;
      if (rows.length < BATCH) break;
    }
    await new PresenceStore(this.prisma.sql).forgetOld(now);
    return counts;
  }
}
