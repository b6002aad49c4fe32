/**
 * Each user's choice per kind of mail: immediately, in a daily digest, or
 * not at all. Kinds never chosen are sent immediately. While the user is on
 * vacation, mail is held for the digest that follows it.
 */
import { Injectable } from '@nestjs/common';
import { PrismaService } from '../database/prisma.service';
import type { Sql } from '../database/sql';
import type { NotificationKind, Prisma } from '../generated/prisma/client';

export type Delivery = 'IMMEDIATE' | 'DIGEST' | 'OFF';

/** Every kind a user can choose for (the digest itself is not one). */
export const CHOOSABLE_KINDS = [
  'YOUR_TURN',
  'INVITATION',
  'GAME_STARTED',
  'GAME_FINISHED',
  'ROLLBACK',
  'DEADLINE_REMINDER',
  'DEADLINE_PASSED',
  'NEW_MESSAGES',
  'AGREEMENT_REQUEST',
] as const satisfies readonly NotificationKind[];
export type ChoosableKind = (typeof CHOOSABLE_KINDS)[number];

export type Deliveries = Record<ChoosableKind, Delivery>;

/** What the worker does with a notification now. */
export type Route = 'SEND' | 'HOLD' | 'SKIP';

/** Every kind with the user's choice, or IMMEDIATE where they made none. */
export function withDefaults(chosen: Partial<Deliveries> | null): Deliveries {
  return Object.fromEntries(CHOOSABLE_KINDS.map((kind) => [kind, chosen?.[kind] ?? 'IMMEDIATE'])) as Deliveries;
}

export function isChoosable(kind: NotificationKind): kind is ChoosableKind {
  return (CHOOSABLE_KINDS as readonly string[]).includes(kind);
}

/** What the worker does now with a notification of `kind` for a user with these choices. */
export function routeFor(kind: NotificationKind, deliveries: Deliveries, onVacation: boolean): Route {
  // Digests, and mail about the account, which its reader asked for, always go now.
  if (!isChoosable(kind)) return 'SEND';
  const delivery = deliveries[kind];
  if (delivery === 'OFF') return 'SKIP';
  if (delivery === 'DIGEST' || onVacation) return 'HOLD';
  return 'SEND';
}

const FORGET_USER = `DELETE FROM notification_settings WHERE user_id = $1::uuid`;

@Injectable()
export class NotificationPreferences {
  constructor(private readonly prisma: PrismaService) {}

  async deliveries(userId: string): Promise<Deliveries> {
    const row = await this.prisma.notificationSettings.findUnique({ where: { userId } });
    return withDefaults(row?.deliveries as Partial<Deliveries> | null);
  }

  async update(userId: string, changes: Partial<Deliveries>): Promise<Deliveries> {
    const deliveries = { ...(await this.deliveries(userId)), ...changes } as Prisma.InputJsonObject;
    await this.prisma.notificationSettings.upsert({ where: { userId }, create: { userId, deliveries }, update: { deliveries } });
    return this.deliveries(userId);
  }

  /** A deleted account's choices are forgotten, in the caller's transaction. */
  async forgetUser(sql: Sql, userId: string): Promise<void> {
    await sql.query(FORGET_USER, [userId]);
  }
}
