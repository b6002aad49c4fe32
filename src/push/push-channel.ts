/**
 * Web push as a channel of the notifications outbox (mail-parts.ts): when
 * the delivery worker sends a notification the player wants pushed, it
 * hands it here, and one push message per device of the player is queued
 * (push_messages), in one statement, once however often it is handed over.
 * So what holds for mail holds for push unchanged: the grace period (SEEN),
 * the player's choices, vacations, SUPERSEDED. From there the push queue
 * delivers each with its own retries (push-delivery.ts).
 */
import type { Sql } from '../database/sql';
import type { MailPart, ToldNotification } from '../notifications/mail-parts';
import { notificationPayload } from './push-payloads';

/** Queues each notification for each device of its recipient; returns the notifications some device will get (queued now or before). */
const QUEUE_PUSHES = `
WITH told AS (
  SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::jsonb[]) AS told(notification_id, user_id, payload)
), targets AS (
  SELECT told.notification_id, s.id AS subscription_id, told.payload
  FROM told JOIN push_subscriptions s ON s.user_id = told.user_id
), queued AS (
  INSERT INTO push_messages (id, notification_id, subscription_id, payload)
  SELECT gen_random_uuid(), notification_id, subscription_id, payload FROM targets
  ON CONFLICT (notification_id, subscription_id) DO NOTHING
)
SELECT DISTINCT notification_id FROM targets`;

async function queuePushes(sql: Sql, told: readonly ToldNotification[]): Promise<Set<string>> {
  const rows = await sql.query<{ notification_id: string }>(QUEUE_PUSHES, [
    told.map(({ id }) => id),
    told.map(({ userId }) => userId),
    told.map((notification) => JSON.stringify(notificationPayload(notification))),
  ]);
  return new Set(rows.map((row) => row.notification_id));
}

/** Web push's part in the notifications' delivery, given to it by the process composing the modules (app.module.ts). */
export const PUSH_IN_NOTIFICATIONS: MailPart = { channel: { queue: queuePushes } };
