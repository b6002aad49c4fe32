/**
 * Delivers one notification, as the job queue asks: by the user's
 * preferences it is sent, held for the digest, or skipped. A notification
 * is sent at most once per successful send: only a PENDING one is sent, and
 * it is marked SENT right after the server accepts it.
 */
import { Injectable, Logger } from '@nestjs/common';
import { Clock } from '../common/clock';
import { PrismaService } from '../database/prisma.service';
import type { NotificationStatus } from '../generated/prisma/client';
import { MailComposer } from './mail-composer';
import { MailFacts } from './mail-facts';
import { Mailer } from './mailer';
import { Route, routeFor } from './preferences';

const STATUS_FOR_ROUTE: Record<Exclude<Route, 'SEND'>, NotificationStatus> = { HOLD: 'HELD', SKIP: 'SKIPPED' };
const MAX_ERROR_LENGTH = 1000;

/** A pending notification that will not be sent (held for the digest, or skipped). */
const SET_ASIDE = `UPDATE notifications SET status = $2::text::"NotificationStatus" WHERE id = $1::uuid AND status = 'PENDING'`;
const MARK_SENT = `
UPDATE notifications SET status = 'SENT', sent_at = $2::timestamptz, attempts = attempts + 1, last_error = NULL
WHERE id = $1::uuid AND status = 'PENDING'`;
const RECORD_FAILED_ATTEMPT = `UPDATE notifications SET attempts = attempts + 1, last_error = $2::text WHERE id = $1::uuid`;

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

  async deliver(notificationId: string): Promise<void> {
    const notification = await this.facts.pending(notificationId, this.clock.now());
    if (!notification) return;
    const { deliveries, onVacation } = notification.recipient;
    const route = routeFor(notification.kind, deliveries, onVacation);
    if (route !== 'SEND') {
      await this.prisma.sql.query(SET_ASIDE, [notificationId, STATUS_FOR_ROUTE[route]]);
      return;
    }
    try {
      await this.mailer.send(notificationId, await this.composer.compose(notification));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.logger.warn(`sending notification ${notificationId} failed (will retry): ${message}`);
      await this.prisma.sql.query(RECORD_FAILED_ATTEMPT, [notificationId, message.slice(0, MAX_ERROR_LENGTH)]);
      throw error;
    }
    await this.prisma.sql.query(MARK_SENT, [notificationId, this.clock.now()]);
  }
}
