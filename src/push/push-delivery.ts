/**
 * Sends the push messages the queue claimed, a batch at a time: each is
 * encrypted for its device (RFC 8291) and signed (VAPID) by web-push, and
 * posted through the outbound guard, so that an endpoint that now resolves
 * to a private address is refused at connect time. A device whose push
 * service answers 404 or 410 is gone: its subscription is removed (with
 * its pushes). Any other failure is the queue's to try again. A push whose
 * notification is no longer true when its turn comes (a "your turn" retried
 * after the player moved) is not sent: SUPERSEDED, as the mail would be; nor
 * is one to a player looking at its game then (SEEN): the page shows it.
 */
import { Inject, Injectable, Logger } from '@nestjs/common';
import { generateRequestDetails } from 'web-push';
import { JWT_SECRET } from '../auth/sessions';
import { Clock } from '../common/clock';
import { PrismaService } from '../database/prisma.service';
import { DeliveryClaim, DeliveryFailure, WriteDeadline, writeWithinLease } from '../notifications/delivery-queue';
import { SupersededMail } from '../notifications/superseded-mail';
import { presentDuring } from '../presence/presence-store';
import { OutboundHttp } from '../outbound/outbound-http';
import { AnswerTokens } from './answer-tokens';
import { PUSH_OPTIONS, PushOptions } from './push-options';
import type { PushPayload, StoredPayload } from './push-payloads';

/**
 * The claimed pushes, each with what keeps it from being pushed now, if
 * anything: its notification no longer true (a turn over), or the player
 * looking at its game (a page of theirs present, by the app's clock `$2`).
 * A test push is always sent.
 */
const claimed = (superseded: SupersededMail) => `
SELECT m.id, m.payload, s.id AS subscription_id, s.user_id, s.endpoint, s.p256dh, s.auth,
  CASE WHEN n.id IS NULL THEN NULL
       WHEN ${superseded.sql('n')} THEN 'SUPERSEDED'
       WHEN ${presentDuring('s.user_id', 'n.game_id', '$2::timestamptz', '$2::timestamptz')} THEN 'SEEN' END AS held_back
FROM push_messages m JOIN push_subscriptions s ON s.id = m.subscription_id
LEFT JOIN notifications n ON n.id = m.notification_id
WHERE m.id = ANY ($1::uuid[]) AND m.status = 'PENDING'`;
const HOLD_BACK = `
UPDATE push_messages m SET status = held.status::"PushMessageStatus", lease_until = NULL
FROM unnest($1::uuid[], $2::text[]) AS held(id, status)
WHERE m.id = held.id AND m.status = 'PENDING'`;
const MARK_SENT = `
UPDATE push_messages SET status = 'SENT', sent_at = now(), attempts = attempts + 1, last_error = NULL, lease_until = NULL
WHERE id = ANY ($1::uuid[]) AND status = 'PENDING'`;
const FORGET_GONE = `DELETE FROM push_subscriptions WHERE id = ANY ($1::uuid[])`;

/** How long a push service keeps a push for a device that is offline: a day, as turns are slow. */
const TIME_TO_LIVE_SECONDS = 86_400;
const GONE = new Set([404, 410]);

interface ClaimedPush {
  id: string;
  payload: StoredPayload;
  subscription_id: string;
  user_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  held_back: 'SUPERSEDED' | 'SEEN' | null;
}

type Outcome = 'sent' | 'gone';

@Injectable()
export class PushDelivery {
  private readonly logger = new Logger(PushDelivery.name);
  private readonly answers: AnswerTokens;
  private readonly claimed: string;

  constructor(
    private readonly prisma: PrismaService,
    private readonly outbound: OutboundHttp,
    private readonly clock: Clock,
    @Inject(PUSH_OPTIONS) private readonly options: PushOptions,
    @Inject(JWT_SECRET) serverSecret: string,
    superseded: SupersededMail,
  ) {
    this.answers = new AnswerTokens(serverSecret);
    this.claimed = claimed(superseded);
  }

  async deliver(claims: readonly DeliveryClaim[], until: WriteDeadline): Promise<DeliveryFailure[]> {
    const claimed = await this.prisma.sql.query<ClaimedPush>(this.claimed, [claims.map((claim) => claim.notificationId), this.clock.now()]);
    // No longer true (retried after the player moved, say), or the player is looking at the game: not pushed.
    const heldBack = claimed.filter((push) => push.held_back !== null);
    if (heldBack.length > 0) {
      const params = [heldBack.map(({ id }) => id), heldBack.map(({ held_back }) => held_back)];
      await writeWithinLease(() => this.prisma.sql.query(HOLD_BACK, params), until);
    }
    const pushes = claimed.filter((push) => push.held_back === null);
    const outcomes = await Promise.allSettled(pushes.map((push) => this.send(push)));
    const failures: DeliveryFailure[] = [];
    const sent: string[] = [];
    const gone = new Set<string>();
    outcomes.forEach((outcome, i) => {
      if (outcome.status === 'rejected') failures.push({ notificationId: pushes[i].id, error: outcome.reason });
      else if (outcome.value === 'sent') sent.push(pushes[i].id);
      else gone.add(pushes[i].subscription_id);
    });
    if (sent.length > 0) await writeWithinLease(() => this.prisma.sql.query(MARK_SENT, [sent]), until);
    if (gone.size > 0) {
      this.logger.log(`${gone.size} device(s) no longer take pushes: their subscriptions are removed`);
      await writeWithinLease(() => this.prisma.sql.query(FORGET_GONE, [[...gone]]), until);
    }
    return failures;
  }

  /** Posts one push to its device's push service; resolves with what became of it, rejects when it is to be tried again. */
  private async send(push: ClaimedPush): Promise<Outcome> {
    const request = generateRequestDetails({ endpoint: push.endpoint, keys: { p256dh: push.p256dh, auth: push.auth } }, JSON.stringify(this.shown(push)), {
      vapidDetails: this.options.vapid,
      TTL: TIME_TO_LIVE_SECONDS,
      urgency: 'high',
    });
    const response = await this.outbound.request(request.endpoint, {
      method: 'POST',
      headers: request.headers as Record<string, string | number>,
      body: request.body ?? undefined,
    });
    if (response.status >= 200 && response.status < 300) return 'sent';
    if (GONE.has(response.status)) return 'gone';
    throw new Error(`the push service answered ${response.status}: ${response.body.toString('utf8', 0, 200)}`);
  }

  /** What the device is sent: the stored payload, with a token for the one answer its buttons give, if they give one. */
  private shown(push: ClaimedPush): PushPayload {
    const { answer, ...payload } = push.payload;
    if (!answer || new Date(answer.expiresAt) <= this.clock.now()) return payload;
    return { ...payload, answer: { gameId: answer.gameId, proposal: answer.proposal, token: this.answers.make(push.user_id, answer) } };
  }
}
