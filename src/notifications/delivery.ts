/**
 * Delivers the notifications the queue claimed, a batch at a time: by the
 * user's preferences each is sent, held for the digest, or skipped. A "your
 * turn" notification whose turn is already over (the player moved before it
 * went out, after a backlog, or while playing live) is not sent at all.
 *
 * A batch is read in one statement, and what it set aside and what it sent
 * are each marked in one more (bench/README.md, fix 18). Only a PENDING
 * notification is sent, and it is marked SENT once every send of its batch
 * has had its answer, seconds at most: a worker that dies in between leaves
 * it PENDING under a lease that runs out, and it is sent again, with the same
 * Message-ID. A failed send is reported to the queue, which tries again later
 * (delivery-queue.ts).
 */
import { Injectable } from '@nestjs/common';
import { Clock } from '../common/clock';
import { PrismaService } from '../database/prisma.service';
import type { NotificationStatus } from '../generated/prisma/client';
import { MailComposer } from './mail-composer';
import { MailFacts, PendingNotification } from './mail-facts';
import type { DeliveryClaim, DeliveryFailure } from './delivery-queue';
import { Mailer } from './mailer';
import { routeFor } from './preferences';

/** Pending notifications that will not be sent now: held for the digest, skipped or superseded. */
const SET_ASIDE = `
UPDATE notifications n SET status = aside.status::"NotificationStatus"
FROM unnest($1::uuid[], $2::text[]) AS aside(id, status)
WHERE n.id = aside.id AND n.status = 'PENDING'`;
const MARK_SENT = `
UPDATE notifications n SET status = 'SENT', sent_at = sent.at, attempts = n.attempts + 1, last_error = NULL
FROM unnest($1::uuid[], $2::timestamptz[]) AS sent(id, at)
WHERE n.id = sent.id AND n.status = 'PENDING'`;

/** What a notification becomes instead of a mail now, if anything: the user's choice first, then whether its turn is over. */
function setAsideAs(notification: PendingNotification): NotificationStatus | null {
  // A deleted account's address is gone.
  if (!notification.recipient.email) return 'SKIPPED';
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

  async deliver(claims: readonly DeliveryClaim[]): Promise<DeliveryFailure[]> {
    const notifications = await this.facts.pending(claims.map((claim) => claim.notificationId), this.clock.now());
    const setAside: Array<{ id: string; status: NotificationStatus }> = [];
    const toSend: PendingNotification[] = [];
    for (const notification of notifications) {
      const status = setAsideAs(notification);
      if (status) setAside.push({ id: notification.id, status });
      else toSend.push(notification);
    }
    const [sends] = await Promise.all([Promise.allSettled(toSend.map((notification) => this.send(notification))), this.markSetAside(setAside)]);
    const failures: DeliveryFailure[] = [];
    const sent: Array<{ id: string; at: Date }> = [];
    sends.forEach((outcome, i) => {
      if (outcome.status === 'fulfilled') sent.push({ id: toSend[i].id, at: outcome.value });
      else failures.push({ notificationId: toSend[i].id, error: outcome.reason });
    });
    if (sent.length > 0) await this.prisma.sql.query(MARK_SENT, [sent.map(({ id }) => id), sent.map(({ at }) => at)]);
    return failures;
  }

  private async markSetAside(setAside: Array<{ id: string; status: NotificationStatus }>): Promise<void> {
    if (setAside.length > 0) await this.prisma.sql.query(SET_ASIDE, [setAside.map(({ id }) => id), setAside.map(({ status }) => status)]);
  }

  /** Composes and sends one mail; returns when the mail server accepted it. */
  private async send(notification: PendingNotification): Promise<Date> {
    await this.mailer.send(notification.id, await this.composer.compose(notification));
    return this.clock.now();
  }
}
