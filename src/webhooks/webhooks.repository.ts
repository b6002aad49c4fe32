/**
 * The webhooks' tables, `game_webhooks` and `webhook_deliveries` (the
 * outbox of posts, worked as a leased queue: delivery/leased-queue.ts).
 */
import type { Sql } from '../database/sql';
import type { WebhookKind } from './webhook-posts';

export interface StoredWebhook {
  id: string;
  gameId: string;
  ownerId: string;
  url: string;
  kind: WebhookKind;
  secret: string;
  messageId: string | null;
  createdAt: Date;
  failingSince: Date | null;
  switchedOffAt: Date | null;
}

/** A claimed post, with its webhook, and whether a later turn's post is waiting that will tell the channel more. */
export interface ClaimedPost {
  deliveryId: string;
  gameVersion: number;
  webhook: StoredWebhook;
  laterWaiting: boolean;
}

const COLUMNS = `w.id, w.game_id AS "gameId", w.owner_id AS "ownerId", w.url, w.kind, w.secret, w.message_id AS "messageId",
  w.created_at AS "createdAt", w.failing_since AS "failingSince", w.switched_off_at AS "switchedOffAt"`;

/** Setting a game's webhook again replaces it: a new address, kind and secret, working afresh (posts still waiting go to the new one). */
const SET = `
INSERT INTO game_webhooks AS w (id, game_id, owner_id, url, kind, secret, created_at)
VALUES (gen_random_uuid(), $1::uuid, $2::uuid, $3::text, $4::text::"WebhookKind", $5::text, $6::timestamptz)
ON CONFLICT (game_id) DO UPDATE SET owner_id = EXCLUDED.owner_id, url = EXCLUDED.url, kind = EXCLUDED.kind, secret = EXCLUDED.secret,
  created_at = EXCLUDED.created_at, message_id = NULL, failing_since = NULL, switched_off_at = NULL
RETURNING ${COLUMNS}`;
const OF_GAME = `SELECT ${COLUMNS} FROM game_webhooks w WHERE w.game_id = $1::uuid`;
const REMOVE = `DELETE FROM game_webhooks WHERE game_id = $1::uuid`;
/** A post for each of the game's webhooks still on; a turn told twice (a retried append) is one post. */
const RECORD_POSTS = `
INSERT INTO webhook_deliveries (id, webhook_id, game_version, created_at)
SELECT gen_random_uuid(), w.id, $2::int, $3::timestamptz FROM game_webhooks w
WHERE w.game_id = $1::uuid AND w.switched_off_at IS NULL
ON CONFLICT DO NOTHING`;
const CLAIMED = `
SELECT d.id AS "deliveryId", d.game_version AS "gameVersion", row_to_json(w.*) AS webhook,
  EXISTS (SELECT 1 FROM webhook_deliveries later
          WHERE later.webhook_id = d.webhook_id AND later.status = 'PENDING' AND later.game_version > d.game_version) AS "laterWaiting"
FROM webhook_deliveries d JOIN (SELECT ${COLUMNS} FROM game_webhooks w) w ON w.id = d.webhook_id
WHERE d.id = ANY ($1::uuid[]) AND d.status = 'PENDING'`;
const MARK = `UPDATE webhook_deliveries SET status = $2::text::"WebhookDeliveryStatus", sent_at = $3::timestamptz, lease_until = NULL WHERE id = $1::uuid`;
const WORKS = `UPDATE game_webhooks SET failing_since = NULL WHERE id = $1::uuid`;
const KEEP_MESSAGE = `UPDATE game_webhooks SET message_id = $2::text WHERE id = $1::uuid`;
/** The time its failures began (set by the first of them). */
const FAILS = `UPDATE game_webhooks SET failing_since = COALESCE(failing_since, $2::timestamptz) WHERE id = $1::uuid RETURNING failing_since AS "failingSince"`;
/** Switched off, its posts still waiting dropped: true when this call switched it off (another worker may have first). */
const SWITCH_OFF = `
WITH off AS (
  UPDATE game_webhooks SET switched_off_at = $2::timestamptz WHERE id = $1::uuid AND switched_off_at IS NULL RETURNING id
), dropped AS (
  UPDATE webhook_deliveries SET status = 'FAILED', lease_until = NULL, last_error = 'the webhook was switched off'
  WHERE webhook_id IN (SELECT id FROM off) AND status = 'PENDING'
)
SELECT count(*)::int AS switched FROM off`;

export class WebhooksRepository {
  constructor(private readonly sql: Sql) {}

  async set(gameId: string, ownerId: string, url: string, kind: WebhookKind, secret: string, at: Date): Promise<StoredWebhook> {
    const [row] = await this.sql.query<StoredWebhook>(SET, [gameId, ownerId, url, kind, secret, at]);
    return row;
  }

  async ofGame(gameId: string): Promise<StoredWebhook | null> {
    const [row] = await this.sql.query<StoredWebhook>(OF_GAME, [gameId]);
    return row ?? null;
  }

  async remove(gameId: string): Promise<void> {
    await this.sql.query(REMOVE, [gameId]);
  }

  /** In the append's transaction (`sql`): a post of the game at `version` to each of its webhooks. */
  static async recordPosts(sql: Sql, gameId: string, version: number, at: Date): Promise<void> {
    await sql.query(RECORD_POSTS, [gameId, version, at]);
  }

  async claimed(deliveryIds: string[]): Promise<ClaimedPost[]> {
    const rows = await this.sql.query<Omit<ClaimedPost, 'webhook'> & { webhook: Record<string, unknown> }>(CLAIMED, [deliveryIds]);
    return rows.map((row) => ({ ...row, webhook: storedWebhook(row.webhook) }));
  }

  async mark(deliveryId: string, status: 'SENT' | 'SUPERSEDED', at: Date): Promise<void> {
    await this.sql.query(MARK, [deliveryId, status, at]);
  }

  async works(webhookId: string): Promise<void> {
    await this.sql.query(WORKS, [webhookId]);
  }

  async keepMessage(webhookId: string, messageId: string): Promise<void> {
    await this.sql.query(KEEP_MESSAGE, [webhookId, messageId]);
  }

  /** Since when the webhook has failed, this failure included. */
  async fails(webhookId: string, at: Date): Promise<Date> {
    const [row] = await this.sql.query<{ failingSince: Date }>(FAILS, [webhookId, at]);
    return row.failingSince;
  }

  async switchOff(sql: Sql, webhookId: string, at: Date): Promise<boolean> {
    const [row] = await sql.query<{ switched: number }>(SWITCH_OFF, [webhookId, at]);
    return row.switched > 0;
  }
}

/** row_to_json gives the table's own column names and times as text. */
function storedWebhook(json: Record<string, unknown>): StoredWebhook {
  const time = (value: unknown) => (value ? new Date(value as string) : null);
  return {
    id: json.id as string,
    gameId: json.gameId as string,
    ownerId: json.ownerId as string,
    url: json.url as string,
    kind: json.kind as WebhookKind,
    secret: json.secret as string,
    messageId: (json.messageId as string | null) ?? null,
    createdAt: new Date(json.createdAt as string),
    failingSince: time(json.failingSince),
    switchedOffAt: time(json.switchedOffAt),
  };
}
