/**
 * The transactional outbox: notifications are rows written in the caller's
 * transaction (the one appending the events that cause them); a PENDING row
 * is the delivery queue's entry (delivery-queue.ts). Nothing is sent here,
 * so a slow or failing mail server never holds up a move.
 */
import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '../common/clock';
import type { Sql } from '../database/sql';
import type { NotificationKind } from '../generated/prisma/client';
import { onVacation } from '../vacations/vacations';
import { turnOver } from './superseded-mail';
import { NOTIFICATIONS_OPTIONS, NotificationsOptions } from './notification-options';

export interface PlannedNotification {
  userId: string;
  kind: NotificationKind;
  /** Facts the mail needs that later events could change (a deadline, a reason). */
  details?: Record<string, unknown>;
  /** Waits out the grace period (TURN_MAIL_DELAY) and is dropped if the player comes by meanwhile (grace-periods.ts). */
  grace?: boolean;
}

/** One statement for any number of notifications; a duplicate (game, version, user, kind) is skipped. */
const RECORD_NOTIFICATIONS = `
INSERT INTO notifications (id, user_id, game_id, game_version, kind, details, created_at, status, due_at)
SELECT gen_random_uuid(), planned.user_id, $1::uuid, $2::int, planned.kind, planned.details, $3::timestamptz, planned.status, planned.due_at
FROM unnest($4::uuid[], $5::text[]::"NotificationKind"[], $6::text[]::jsonb[], $7::text[]::"NotificationStatus"[], $8::timestamptz[])
  AS planned(user_id, kind, details, status, due_at)
ON CONFLICT DO NOTHING
RETURNING id`;

/** A mail about an account or an invitation, to a user or to an address without one. */
export interface AccountMail {
  kind: NotificationKind;
  /** Null when the address has no account. */
  userId: string | null;
  /** Set when the mail must go to this address rather than the user's own (a new address, a sign-up). */
  toAddress: string | null;
  details: Record<string, unknown>;
  /** An invitation's game. */
  gameId?: string;
}

/** What a RULES_CHECK_FAILED mail tells its game's host (`npm run games:revalidate`, records/revalidation.ts). */
export interface RulesCheckFailedDetails {
  firstBadSeq: number | null;
  /** The version just before the first bad step, where the host may roll back to; null where it is before the start of play. */
  rollbackTo: number | null;
}

const RECORD_ACCOUNT_MAIL = `
INSERT INTO notifications (id, user_id, to_address, game_id, game_version, kind, details, created_at)
VALUES (gen_random_uuid(), $1::uuid, $2::text, $3::uuid, 0, $4::text::"NotificationKind", $5::jsonb, $6::timestamptz)`;

/**
 * A "new messages" mail to each of `$4` about the chat line `$2` (its id is
 * the notification's version), waiting out the grace period like a turn
 * mail, unless a mail already on its way will tell of the line: a turn mail
 * not yet sent whose turn is still on and that will go out as it is (the
 * player gets turn mails at once and is not on vacation: one they turned off
 * is skipped, one for the digest held, and the digest tells no chat), or a
 * "new messages" one not yet sent or held for the digest.
 */
const RECORD_NEW_MESSAGES = `
INSERT INTO notifications (id, user_id, game_id, game_version, kind, created_at, status, due_at)
SELECT gen_random_uuid(), recipient.user_id, $1::uuid, $2::int, 'NEW_MESSAGES', $3::timestamptz, $5::text::"NotificationStatus", $6::timestamptz
FROM unnest($4::uuid[]) AS recipient(user_id)
WHERE NOT EXISTS (
    SELECT 1 FROM notifications n
    WHERE n.user_id = recipient.user_id AND n.game_id = $1::uuid
      AND ((n.kind = 'YOUR_TURN' AND n.status IN ('WAITING', 'PENDING') AND NOT ${turnOver('n')}
            AND COALESCE((SELECT s.deliveries->>'YOUR_TURN' FROM notification_settings s WHERE s.user_id = recipient.user_id), 'IMMEDIATE') = 'IMMEDIATE'
            AND NOT ${onVacation('recipient.user_id', '$3::timestamptz')})
        OR (n.kind = 'NEW_MESSAGES' AND n.status IN ('WAITING', 'PENDING', 'HELD'))))
ON CONFLICT DO NOTHING`;

const SKIP_UNSENT = `UPDATE notifications SET status = 'SKIPPED' WHERE user_id = $1::uuid AND status IN ('PENDING', 'HELD')`;

@Injectable()
export class NotificationOutbox {
  private readonly graceMs: number;

  constructor(
    private readonly clock: Clock,
    @Inject(NOTIFICATIONS_OPTIONS) options: NotificationsOptions,
  ) {
    this.graceMs = (options.turnMailDelaySeconds ?? 0) * 1000;
  }

  /**
   * Records notifications about a game at one version (null and 0 for a
   * digest); one already recorded for the same game, version, user and kind
   * is not recorded again. Returns the ids of the new ones.
   */
  async recordInTransaction(sql: Sql, gameId: string | null, gameVersion: number, planned: PlannedNotification[]): Promise<string[]> {
    if (planned.length === 0) return [];
    const now = this.clock.now();
    const waits = (notification: PlannedNotification) => notification.grace === true && this.graceMs > 0;
    const rows = await sql.query<{ id: string }>(RECORD_NOTIFICATIONS, [
      gameId,
      gameVersion,
      now,
      planned.map(({ userId }) => userId),
      planned.map(({ kind }) => kind),
      planned.map(({ details }) => JSON.stringify(details ?? {})),
      planned.map((notification) => (waits(notification) ? 'WAITING' : 'PENDING')),
      planned.map((notification) => (waits(notification) ? new Date(now.getTime() + this.graceMs) : null)),
    ]);
    return rows.map((row) => row.id);
  }

  /**
   * Records "new messages" mail about chat line `lineId` for those of `userIds` no mail on its way will tell, in the caller's
   * transaction (the chat's: it leaves out players who muted it).
   */
  async recordNewMessages(sql: Sql, gameId: string, lineId: number, userIds: string[]): Promise<void> {
    if (userIds.length === 0) return;
    const now = this.clock.now();
    const waits = this.graceMs > 0;
    await sql.query(RECORD_NEW_MESSAGES, [gameId, lineId, now, userIds, waits ? 'WAITING' : 'PENDING', waits ? new Date(now.getTime() + this.graceMs) : null]);
  }

  /** A deleted account's mail not sent yet is not sent (SKIPPED), in the caller's transaction. */
  async skipUnsent(sql: Sql, userId: string): Promise<void> {
    await sql.query(SKIP_UNSENT, [userId]);
  }

  /** Records a mail about an account or an invitation, in the caller's transaction: sent like any notification, whatever the user's mail settings. */
  async recordAccountMail(sql: Sql, mail: AccountMail): Promise<void> {
    await sql.query(RECORD_ACCOUNT_MAIL, [mail.userId, mail.toAddress, mail.gameId ?? null, mail.kind, JSON.stringify(mail.details), this.clock.now()]);
  }
}
