/**
 * Delivers one notification the queue claimed: by the user's preferences it
 * is sent, held for the digest, or skipped. A "your turn" notification whose
 * turn is already over (the player moved before it went out, after a
 * backlog, or while playing live) is not sent at all. A notification is sent
 * at most once per successful send: only a PENDING one is sent, and it is
 * marked SENT right after the server accepts it. A failed send throws, and
 * the queue tries again later (delivery-queue.ts).
 */
import { Injectable } from '@nestjs/common';
import { Clock } from '../common/clock';
import { PrismaService } from '../database/prisma.service';
import type { NotificationStatus } from '../generated/prisma/client';
import { MailComposer } from './mail-composer';
import { MailFacts, PendingNotification } from './mail-facts';
import type { DeliveryClaim } from './delivery-queue';
import { Mailer } from './mailer';
import { routeFor } from './preferences';

/** A pending notification that will not be sent now (held for the digest, skipped or superseded). */
const SET_ASIDE = `UPDATE notifications SET status = $2::text::"NotificationStatus" WHERE id = $1::uuid AND status = 'PENDING'`;
const MARK_SENT = `
UPDATE notifications SET status = 'SENT', sent_at = $2::timestamptz, attempts = attempts + 1, last_error = NULL
WHERE id = $1::uuid AND status = 'PENDING'`;

/** What a notification becomes instead of a mail now, if anything: the user's choice first, then whether its turn is over. */
function setAsideAs(notification: PendingNotification): NotificationStatus | null {
  const route = routeFor(notification.kind, notification.recipient.deliveries, notification.recipient.onVacation);
  if (route === 'SKIP') return 'SKIPPED';
  if (notification.turnOver) return 'SUPERSEDED';
  return route === 'HOLD' ? 'HELD' : null;
}

@Injectable()
export class NotificationDelivery {
  constructor(
    private readonly prisma: PrismaService,
    private readonly facts: MailFacts,
    private readonly composer: MailComposer,
    private readonly mailer: Mailer,
    private readonly clock: Clock,
  ) {}

  async deliver({ notificationId }: DeliveryClaim): Promise<void> {
    const notification = await this.facts.pending(notificationId, this.clock.now());
    if (!notification) return;
    const setAside = setAsideAs(notification);
    if (setAside) {
      await this.prisma.sql.query(SET_ASIDE, [notificationId, setAside]);
      return;
    }
    await this.mailer.send(notificationId, await this.composer.compose(notification));
    await this.prisma.sql.query(MARK_SENT, [notificationId, this.clock.now()]);
  }
}
