/**
 * Delivers the notifications the queue claimed, a batch at a time: by the
 * user's preferences each is sent, held for the digest, or skipped. One no
 * longer true when it is about to go out is not sent at all (SUPERSEDED): a
 * "your turn" whose turn is over (the player moved before it went out, after
 * a backlog, or while playing live), a deadline reminder whose deadline is no
 * longer running (the player moved, the game ended, the deadline passed or
 * was extended), an invitation the invitee took up or whose game started.
 *
 * A batch is read in one statement, and what it set aside and what it sent
 * are each marked in one more (bench/README.md, fix 18). Only a PENDING
 * notification is sent, and it is marked SENT once every send of its batch
 * has had its answer: a worker that dies in between leaves it PENDING under
 * a lease that runs out, and it is sent again, with the same Message-ID. A
 * mail the SMTP server accepted is marked SENT whatever became of it
 * meanwhile (another worker may have found its turn over): it was sent. A
 * failed send is reported to the queue, which tries again later
 * (delivery-queue.ts).
 */
import { Inject, Injectable, Logger } from '@nestjs/common';
import { Clock } from '../common/clock';
import { PrismaService } from '../database/prisma.service';
import type { NotificationStatus } from '../generated/prisma/client';
import { MailComposer } from './mail-composer';
import { MailFacts, PendingNotification } from './mail-facts';
import { Metrics } from '../metrics/metrics';
import { DeliveryClaim, DeliveryFailure, WriteDeadline, writeWithinLease } from './delivery-queue';
import { Mailer } from './mailer';
import { channelFor, isPushed, routeFor } from './preferences';
import { MAIL_PARTS, MailPart, NotificationChannel } from './mail-parts';

/**
 * Pending notifications that will not be mailed now: held for the digest,
 * skipped or superseded, or pushed instead, with the newest chat line the
 * push told of (so the next mail starts after it, as after a mail).
 */
const SET_ASIDE = `
UPDATE notifications n SET status = aside.status::"NotificationStatus", chat_through = aside.chat_through
FROM unnest($1::uuid[], $2::text[], $3::bigint[]) AS aside(id, status, chat_through)
WHERE n.id = aside.id AND n.status = 'PENDING'`;
const MARK_SENT = `
UPDATE notifications n SET status = 'SENT', sent_at = sent.at, attempts = n.attempts + 1, last_error = NULL, lease_until = NULL, chat_through = sent.chat_through
FROM unnest($1::uuid[], $2::timestamptz[], $3::bigint[]) AS sent(id, at, chat_through)
WHERE n.id = sent.id AND n.status <> 'SENT'`;

/** A notification that is not mailed now, and for one pushed instead, the newest chat line the push told of. */
interface SetAside {
  id: string;
  status: NotificationStatus;
  chatThrough: string | null;
}

/** A mail the SMTP server accepted, and the newest chat line it told of (so the next mail starts after it). */
interface SentMail {
  id: string;
  at: Date;
  chatThrough: string | null;
}

/**
 * What a notification becomes instead of a mail now, if anything: the user's choice first, then whether it is still true (its turn, deadline or
 * invitation).
 */
function setAsideAs(notification: PendingNotification): NotificationStatus | null {
  // A deleted account's address is gone.
  if (!notification.recipient.email) return 'SKIPPED';
  const route = routeFor(notification.kind, notification.recipient.deliveries, notification.recipient.onVacation);
  if (route === 'SKIP') return 'SKIPPED';
  if (notification.superseded) return 'SUPERSEDED';
  // "New messages" the player has read meanwhile (or muted, or whose lines were hidden, or told in another mail).
  if (notification.kind === 'NEW_MESSAGES' && notification.chat?.count === 0) return 'SUPERSEDED';
  return route === 'HOLD' ? 'HELD' : null;
}

/** Whether the player wants `notification`, going out now, on the other channel (web push) too. */
function wantedElsewhere(notification: PendingNotification): boolean {
  return isPushed(notification.kind) && channelFor(notification.kind, notification.recipient.channels) !== 'MAIL';
}

@Injectable()
export class NotificationDelivery {
  private readonly logger = new Logger(NotificationDelivery.name);
  /** Web push, where a module gives it (mail-parts.ts). */
  private readonly otherChannel: NotificationChannel | null;

  constructor(
    private readonly prisma: PrismaService,
    private readonly facts: MailFacts,
    private readonly composer: MailComposer,
    private readonly mailer: Mailer,
    private readonly clock: Clock,
    private readonly metrics: Metrics,
    @Inject(MAIL_PARTS) parts: MailPart[],
  ) {
    this.otherChannel = parts.find((part) => part.channel)?.channel ?? null;
  }

  /** Sends a batch; what it then has to record is tried again while the database is out of reach, `until` a deadline. */
  async deliver(claims: readonly DeliveryClaim[], until: WriteDeadline): Promise<DeliveryFailure[]> {
    const notifications = await this.facts.pending(
      claims.map((claim) => claim.notificationId),
      this.clock.now(),
    );
    const setAside: SetAside[] = [];
    const goingOut: PendingNotification[] = [];
    for (const notification of notifications) {
      const status = setAsideAs(notification);
      if (status) setAside.push({ id: notification.id, status, chatThrough: null });
      else goingOut.push(notification);
    }
    const pushed = await this.queueElsewhere(goingOut, until);
    // Who chose push alone for the kind, and has a device it went to, gets no mail.
    const pushOnly = (notification: PendingNotification) =>
      pushed.has(notification.id) && channelFor(notification.kind, notification.recipient.channels) === 'PUSH';
    // A "new messages" push shows the lines (MailComposer.told): the next mail starts after them.
    setAside.push(
      ...goingOut
        .filter(pushOnly)
        .map(({ id, kind, chat }) => ({ id, status: 'PUSHED' as const, chatThrough: kind === 'NEW_MESSAGES' ? (chat?.through ?? null) : null })),
    );
    const toSend = goingOut.filter((notification) => !pushOnly(notification));
    const [sends] = await Promise.all([Promise.allSettled(toSend.map((notification) => this.send(notification))), this.markSetAside(setAside, until)]);
    const failures: DeliveryFailure[] = [];
    const sent: SentMail[] = [];
    sends.forEach((outcome, i) => {
      if (outcome.status === 'fulfilled') sent.push({ id: toSend[i].id, at: outcome.value, chatThrough: toSend[i].chat?.through ?? null });
      else failures.push({ notificationId: toSend[i].id, error: outcome.reason });
    });
    this.metrics.countMails({ sent: sent.length, failed: failures.length });
    if (sent.length > 0) await this.markSent(sent, until);
    return failures;
  }

  /**
   * Hands what goes out now to the other channel (web push) where the
   * player wants it; returns the ids it reached a device with. Done before
   * any mail is sent, and again if the batch is (the channel queues each
   * notification once), so a failing mail server holds no push back.
   */
  private async queueElsewhere(goingOut: PendingNotification[], until: WriteDeadline): Promise<Set<string>> {
    const channel = this.otherChannel;
    const wanted = goingOut.filter(wantedElsewhere);
    if (!channel || wanted.length === 0) return new Set();
    const told = wanted.map((notification) => this.composer.told(notification));
    return writeWithinLease(() => channel.queue(this.prisma.sql, told), until);
  }

  /** Records what the SMTP server accepted; if that cannot be done in time, the mails go again once their lease runs out. */
  private async markSent(sent: SentMail[], until: WriteDeadline): Promise<void> {
    try {
      const params = [sent.map(({ id }) => id), sent.map(({ at }) => at), sent.map(({ chatThrough }) => chatThrough)];
      await writeWithinLease(() => this.prisma.sql.query(MARK_SENT, params), until);
    } catch (error) {
      this.logger.error(
        `${sent.length} mail(s) were sent but could not be marked sent; they will be sent again when their lease runs out: ${(error as Error).message}`,
      );
    }
  }

  private async markSetAside(setAside: SetAside[], until: WriteDeadline): Promise<void> {
    if (setAside.length === 0) return;
    const params = [setAside.map(({ id }) => id), setAside.map(({ status }) => status), setAside.map(({ chatThrough }) => chatThrough)];
    await writeWithinLease(() => this.prisma.sql.query(SET_ASIDE, params), until);
  }

  /** Composes and sends one mail; returns when the mail server accepted it. */
  private async send(notification: PendingNotification): Promise<Date> {
    await this.mailer.send(notification.id, await this.composer.compose(notification), notification.gameId);
    return this.clock.now();
  }
}
