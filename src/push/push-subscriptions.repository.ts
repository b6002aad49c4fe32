/** Web push's tables: the players' devices (push_subscriptions) and test pushes queued to them (push_messages). */
import { Injectable } from '@nestjs/common';
import { PrismaService } from '../database/prisma.service';
import type { Sql } from '../database/sql';
import type { StoredPayload } from './push-payloads';

export interface PushDevice {
  id: string;
  label: string;
  createdAt: Date;
}

export interface NewSubscription {
  userId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  label: string;
  at: Date;
}

/**
 * A browser subscribing again (new keys, or another player signed in on
 * it) keeps one row: the endpoint is the browser's, and pushes for it go to
 * whoever subscribed it last.
 */
const ADD = `
INSERT INTO push_subscriptions (id, user_id, endpoint, p256dh, auth, label, created_at)
VALUES (gen_random_uuid(), $1::uuid, $2, $3, $4, $5, $6::timestamptz)
ON CONFLICT (endpoint) DO UPDATE SET user_id = EXCLUDED.user_id, p256dh = EXCLUDED.p256dh, auth = EXCLUDED.auth, label = EXCLUDED.label, created_at = EXCLUDED.created_at
RETURNING id, label, created_at AS "createdAt"`;
const LIST = `SELECT id, label, created_at AS "createdAt" FROM push_subscriptions WHERE user_id = $1::uuid ORDER BY created_at, id`;
const COUNT_OTHERS = `SELECT count(*)::int AS count FROM push_subscriptions WHERE user_id = $1::uuid AND endpoint <> $2`;
const REMOVE = `DELETE FROM push_subscriptions WHERE id = $1::uuid AND user_id = $2::uuid RETURNING id`;
const FORGET_USER = `DELETE FROM push_subscriptions WHERE user_id = $1::uuid`;
const QUEUE_TEST = `
INSERT INTO push_messages (id, subscription_id, payload)
SELECT gen_random_uuid(), id, $2::jsonb FROM push_subscriptions WHERE user_id = $1::uuid
RETURNING id`;

@Injectable()
export class PushSubscriptionsRepository {
  constructor(private readonly prisma: PrismaService) {}

  async add(subscription: NewSubscription): Promise<PushDevice> {
    const { userId, endpoint, p256dh, auth, label, at } = subscription;
    const [device] = await this.prisma.sql.query<PushDevice>(ADD, [userId, endpoint, p256dh, auth, label, at]);
    return device;
  }

  /** How many devices the player has besides the browser at `endpoint`. */
  async countOthers(userId: string, endpoint: string): Promise<number> {
    const [row] = await this.prisma.sql.query<{ count: number }>(COUNT_OTHERS, [userId, endpoint]);
    return row.count;
  }

  list(userId: string): Promise<PushDevice[]> {
    return this.prisma.sql.query<PushDevice>(LIST, [userId]);
  }

  /** Whether the player had that device (someone else's is not touched). */
  async remove(userId: string, id: string): Promise<boolean> {
    return (await this.prisma.sql.query(REMOVE, [id, userId])).length > 0;
  }

  /** A deleted account's devices are forgotten, in the caller's transaction. */
  async forgetUser(sql: Sql, userId: string): Promise<void> {
    await sql.query(FORGET_USER, [userId]);
  }

  /** Queues `payload` for every device of the player; returns how many. */
  async queueToAll(userId: string, payload: StoredPayload): Promise<number> {
    return (await this.prisma.sql.query(QUEUE_TEST, [userId, JSON.stringify(payload)])).length;
  }
}
