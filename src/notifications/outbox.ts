/**
 * The transactional outbox: notifications are rows written in the caller's
 * transaction (the one appending the events that cause them); a PENDING row
 * is the delivery queue's entry (delivery-queue.ts). Nothing is sent here,
 * so a slow or failing mail server never holds up a move.
 */
import { Injectable } from '@nestjs/common';
import { Clock } from '../common/clock';
import type { Sql } from '../database/sql';
import type { NotificationKind } from '../generated/prisma/client';

export interface PlannedNotification {
  userId: string;
  kind: NotificationKind;
  /** Facts the mail needs that later events could change (a deadline, a reason). */
  details?: Record<string, unknown>;
}

/** One statement for any number of notifications; a duplicate (game, version, user, kind) is skipped. */
const RECORD_NOTIFICATIONS = `
INSERT INTO notifications (id, user_id, game_id, game_version, kind, details, created_at)
SELECT gen_random_uuid(), planned.user_id, $1::uuid, $2::int, planned.kind, planned.details, $3::timestamptz
FROM unnest($4::uuid[], $5::text[]::"NotificationKind"[], $6::text[]::jsonb[]) AS planned(user_id, kind, details)
ON CONFLICT DO NOTHING
RETURNING id`;

@Injectable()
export class NotificationOutbox {
  constructor(private readonly clock: Clock) {}

  /**
   * Records notifications about a game at one version (null and 0 for a
   * digest); one already recorded for the same game, version, user and kind
   * is not recorded again. Returns the ids of the new ones.
   */
  async recordInTransaction(sql: Sql, gameId: string | null, gameVersion: number, planned: PlannedNotification[]): Promise<string[]> {
    if (planned.length === 0) return [];
    const rows = await sql.query<{ id: string }>(RECORD_NOTIFICATIONS, [
      gameId,
      gameVersion,
      this.clock.now(),
      planned.map(({ userId }) => userId),
      planned.map(({ kind }) => kind),
      planned.map(({ details }) => JSON.stringify(details ?? {})),
    ]);
    return rows.map((row) => row.id);
  }
}
