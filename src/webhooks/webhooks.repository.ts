/**
 * The webhooks' tables: `webhooks` (a game's, or a player's own),
 * `webhook_deliveries` (the outbox of posts, worked as a leased queue:
 * notifications/delivery-queue.ts) and `chat_handles` (how players are
 * mentioned in posts).
 */
import type { Sql } from '../database/sql';
import type { ChatHandles, WebhookKind } from './webhook-posts';

/**
 * Whose webhook: a game's (every turn of it), a player's own (each of their
 * turns, in every game of theirs), or a group's (every turn of the group's
 * games that have no webhook of their own; src/groups/ says who sets it).
 */
export type WebhookScope = { gameId: string } | { playerId: string } | { groupId: string };
type ScopeColumn = 'game_id' | 'player_id' | 'group_id';

export interface StoredWebhook {
  id: string;
  gameId: string | null;
  playerId: string | null;
  ownerId: string;
  url: string;
  kind: WebhookKind;
  secret: string;
  messageId: string | null;
  createdAt: Date;
  failingSince: Date | null;
  switchedOffAt: Date | null;
}

/** A claimed post, with its webhook and game, and whether a later post of that game is waiting that will tell the channel more. */
export interface ClaimedPost {
  deliveryId: string;
  gameId: string;
  gameVersion: number;
  webhook: StoredWebhook;
  laterWaiting: boolean;
}

const COLUMNS = `w.id, w.game_id AS "gameId", w.player_id AS "playerId", w.owner_id AS "ownerId", w.url, w.kind, w.secret,
  w.message_id AS "messageId", w.created_at AS "createdAt", w.failing_since AS "failingSince", w.switched_off_at AS "switchedOffAt"`;

/** Setting a webhook again replaces it: a new address, kind and secret, working afresh (posts still waiting go to the new one). */
function setStatement(scope: ScopeColumn): string {
  return `
INSERT INTO webhooks AS w (id, ${scope}, owner_id, url, kind, secret, created_at)
VALUES (gen_random_uuid(), $1::uuid, $2::uuid, $3::text, $4::text::"WebhookKind", $5::text, $6::timestamptz)
ON CONFLICT (${scope}) DO UPDATE SET owner_id = EXCLUDED.owner_id, url = EXCLUDED.url, kind = EXCLUDED.kind, secret = EXCLUDED.secret,
  created_at = EXCLUDED.created_at, message_id = NULL, failing_since = NULL, switched_off_at = NULL
RETURNING ${COLUMNS}`;
}
const SET = { game_id: setStatement('game_id'), player_id: setStatement('player_id'), group_id: setStatement('group_id') };
const OF = {
  game_id: `SELECT ${COLUMNS} FROM webhooks w WHERE w.game_id = $1::uuid`,
  player_id: `SELECT ${COLUMNS} FROM webhooks w WHERE w.player_id = $1::uuid`,
  group_id: `SELECT ${COLUMNS} FROM webhooks w WHERE w.group_id = $1::uuid`,
};
const REMOVE = {
  game_id: `DELETE FROM webhooks WHERE game_id = $1::uuid`,
  player_id: `DELETE FROM webhooks WHERE player_id = $1::uuid`,
  group_id: `DELETE FROM webhooks WHERE group_id = $1::uuid`,
};
const CLAIMED = `
SELECT d.id AS "deliveryId", d.game_id AS "gameId", d.game_version AS "gameVersion", row_to_json(w.*) AS webhook,
  EXISTS (SELECT 1 FROM webhook_deliveries later
          WHERE later.webhook_id = d.webhook_id AND later.game_id = d.game_id AND later.status = 'PENDING' AND later.game_version > d.game_version) AS "laterWaiting"
FROM webhook_deliveries d JOIN (SELECT ${COLUMNS} FROM webhooks w) w ON w.id = d.webhook_id
WHERE d.id = ANY ($1::uuid[]) AND d.status = 'PENDING'`;
const MARK = `UPDATE webhook_deliveries SET status = $2::text::"WebhookDeliveryStatus", sent_at = $3::timestamptz, lease_until = NULL WHERE id = $1::uuid`;
const WORKS = `UPDATE webhooks SET failing_since = NULL WHERE id = $1::uuid`;
const KEEP_MESSAGE = `UPDATE webhooks SET message_id = $2::text WHERE id = $1::uuid`;
/** The time its failures began (set by the first of them). */
const FAILS = `UPDATE webhooks SET failing_since = COALESCE(failing_since, $2::timestamptz) WHERE id = $1::uuid RETURNING failing_since AS "failingSince"`;
/** Switched off, its posts still waiting dropped: true when this call switched it off (another worker may have first). */
const SWITCH_OFF = `
WITH off AS (
  UPDATE webhooks SET switched_off_at = $2::timestamptz WHERE id = $1::uuid AND switched_off_at IS NULL RETURNING id
), dropped AS (
  UPDATE webhook_deliveries SET status = 'FAILED', lease_until = NULL, last_error = 'the webhook was switched off'
  WHERE webhook_id IN (SELECT id FROM off) AND status = 'PENDING'
)
SELECT count(*)::int AS switched FROM off`;
const HANDLES = `SELECT user_id AS "userId", discord, slack, matrix FROM chat_handles WHERE user_id = ANY ($1::uuid[])`;
const SET_HANDLES = `
INSERT INTO chat_handles (user_id, discord, slack, matrix) VALUES ($1::uuid, $2::text, $3::text, $4::text)
ON CONFLICT (user_id) DO UPDATE SET discord = EXCLUDED.discord, slack = EXCLUDED.slack, matrix = EXCLUDED.matrix`;
/** A deleted account's own webhook and handles go with it. */
const FORGET_USER = `
WITH hooks AS (DELETE FROM webhooks WHERE player_id = $1::uuid)
DELETE FROM chat_handles WHERE user_id = $1::uuid`;

function column(scope: WebhookScope): ScopeColumn {
  return 'gameId' in scope ? 'game_id' : 'playerId' in scope ? 'player_id' : 'group_id';
}

function scopeId(scope: WebhookScope): string {
  return 'gameId' in scope ? scope.gameId : 'playerId' in scope ? scope.playerId : scope.groupId;
}

export class WebhooksRepository {
  constructor(private readonly sql: Sql) {}

  async set(scope: WebhookScope, ownerId: string, url: string, kind: WebhookKind, secret: string, at: Date): Promise<StoredWebhook> {
    const [row] = await this.sql.query<StoredWebhook>(SET[column(scope)], [scopeId(scope), ownerId, url, kind, secret, at]);
    return row;
  }

  async of(scope: WebhookScope): Promise<StoredWebhook | null> {
    const [row] = await this.sql.query<StoredWebhook>(OF[column(scope)], [scopeId(scope)]);
    return row ?? null;
  }

  async remove(scope: WebhookScope): Promise<void> {
    await this.sql.query(REMOVE[column(scope)], [scopeId(scope)]);
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

  /** Each of `userIds` who gave a handle, with theirs. */
  async handles(userIds: string[]): Promise<Map<string, ChatHandles>> {
    const rows = await this.sql.query<ChatHandles & { userId: string }>(HANDLES, [userIds]);
    return new Map(rows.map(({ userId, ...handles }) => [userId, handles]));
  }

  async setHandles(userId: string, { discord, slack, matrix }: ChatHandles): Promise<void> {
    await this.sql.query(SET_HANDLES, [userId, discord, slack, matrix]);
  }

  /** In the caller's transaction: what a deleted account kept here. */
  static async forgetUser(sql: Sql, userId: string): Promise<void> {
    await sql.query(FORGET_USER, [userId]);
  }
}

/** row_to_json gives times as text. */
function storedWebhook(json: Record<string, unknown>): StoredWebhook {
  const time = (value: unknown) => (value ? new Date(value as string) : null);
  return {
    id: json.id as string,
    gameId: (json.gameId as string | null) ?? null,
    playerId: (json.playerId as string | null) ?? null,
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
