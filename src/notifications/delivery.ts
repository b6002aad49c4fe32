/**
 * Delivers one notification, as the job queue asks: by the user's
 * preferences it is sent, held for the digest, or skipped. A "your turn"
 * notification whose turn is already over (the player moved before it went
 * out, after a backlog, or while playing live) is not sent at all. A
 * notification is sent at most once per successful send: only a PENDING one
 * is sent, and it is marked SENT right after the server accepts it. One that
 * fails on the queue's last retry is marked FAILED, with its error.
 */
import { Injectable, Logger } from '@nestjs/common';
import { Clock } from '../common/clock';
import { PrismaService } from '../database/prisma.service';
import type { NotificationStatus } from '../generated/prisma/client';
import { MailComposer } from './mail-composer';
import { MailFacts, PendingNotification } from './mail-facts';
import { Mailer } from './mailer';
import { routeFor } from './preferences';

const MAX_ERROR_LENGTH = 1000;

/** A pending notification that will not be sent now (held for the digest, skipped or superseded). */
const SET_ASIDE = `UPDATE notifications SET status = $2::text::"NotificationStatus" WHERE id = $1::uuid AND status = 'PENDING'`;
const MARK_SENT = `
UPDATE notifications SET status = 'SENT', sent_at = $2::timestamptz, attempts = attempts + 1, last_error = NULL
WHERE id = $1::uuid AND status = 'PENDING'`;
const RECORD_FAILED_ATTEMPT = `UPDATE notifications SET attempts = attempts + 1, last_error = $2::text WHERE id = $1::uuid`;
const GIVE_UP = `UPDATE notifications SET status = 'FAILED', attempts = attempts + 1, last_error = $2::text WHERE id = $1::uuid AND status = 'PENDING'`;

/** What a notification becomes instead of a mail now, if anything: the user's choice first, then whether its turn is over. */
function setAsideAs(notification: PendingNotification): NotificationStatus | null {
  const route = routeFor(notification.kind, notification.recipient.deliveries, notification.recipient.onVacation);
  if (route === 'SKIP') return 'SKIPPED';
  if (notification.turnOver) return 'SUPERSEDED';
  return route === 'HOLD' ? 'HELD' : null;
}

@Injectable()
export class NotificationDelivery {
  private readonly logger = new Logger(NotificationDelivery.name);

  constructor(
    private readonly prisma: PrismaService,
    private readonly facts: MailFacts,
    private readonly composer: MailComposer,
    private readonly mailer: Mailer,
    private readonly clock: Clock,
  ) {}

  /** `finalAttempt`: the queue will not retry a failure, so the notification is marked FAILED instead of left pending. */
  async deliver(notificationId: string, finalAttempt = false): Promise<void> {
    const notification = await this.facts.pending(notificationId, this.clock.now());
    if (!notification) return;
    const setAside = setAsideAs(notification);
    if (setAside) {
      await this.prisma.sql.query(SET_ASIDE, [notificationId, setAside]);
      return;
    }
    try {
      await this.mailer.send(notificationId, await this.composer.compose(notification));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (finalAttempt) {
        this.logger.error(`sending notification ${notificationId} failed for the last time, giving up: ${message}`);
        await this.prisma.sql.query(GIVE_UP, [notificationId, message.slice(0, MAX_ERROR_LENGTH)]);
      } else {
        this.logger.warn(`sending notification ${notificationId} failed (will retry): ${message}`);
        await this.prisma.sql.query(RECORD_FAILED_ATTEMPT, [notificationId, message.slice(0, MAX_ERROR_LENGTH)]);
      }
      throw error;
    }
    await this.prisma.sql.query(MARK_SENT, [notificationId, this.clock.now()]);
  }
}
