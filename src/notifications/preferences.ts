/**
 * Each user's choice per kind of mail: immediately, in a daily digest, or
 * not at all. Kinds never chosen are sent immediately. While the user is on
 * vacation, mail is held for the digest that follows it. For the kinds web
 * push carries, also where what is sent at once goes: mail, push or both
 * (both where never chosen; a player without a device gets mail whatever
 * they chose).
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

export type Channel = 'MAIL' | 'PUSH' | 'BOTH';

/** The kinds web push carries (src/push/): what a player may want to hear of at once, wherever they are. */
export const PUSHED_KINDS = [
  'YOUR_TURN',
  'DEADLINE_REMINDER',
  'AGREEMENT_REQUEST',
  'GAME_FINISHED',
  'NEW_MESSAGES',
] as const satisfies readonly ChoosableKind[];
export type PushedKind = (typeof PUSHED_KINDS)[number];

export type Channels = Record<PushedKind, Channel>;

export function isPushed(kind: NotificationKind): kind is PushedKind {
  return (PUSHED_KINDS as readonly string[]).includes(kind);
}

/** Every kind push carries with the user's choice, or BOTH where they made none. */
export function channelsWithDefaults(chosen: Partial<Channels> | null): Channels {
  return Object.fromEntries(PUSHED_KINDS.map((kind) => [kind, chosen?.[kind] ?? 'BOTH'])) as Channels;
}

/** Where a notification of `kind` sent now goes, by these choices: any kind push does not carry goes by mail. */
export function channelFor(kind: NotificationKind, channels: Channels): Channel {
  return isPushed(kind) ? channels[kind] : 'MAIL';
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

  async channels(userId: string): Promise<Channels> {
    const row = await this.prisma.notificationSettings.findUnique({ where: { userId } });
    return channelsWithDefaults(row?.channels as Partial<Channels> | null);
  }

  async update(userId: string, changes: Partial<Deliveries>, channelChanges: Partial<Channels> = {}): Promise<Deliveries> {
    const deliveries = { ...(await this.deliveries(userId)), ...changes } as Prisma.InputJsonObject;
    const channels = { ...(await this.channels(userId)), ...channelChanges } as Prisma.InputJsonObject;
    await this.prisma.notificationSettings.upsert({ where: { userId }, create: { userId, deliveries, channels }, update: { deliveries, channels } });
    return this.deliveries(userId);
  }

  /** A deleted account's choices are forgotten, in the caller's transaction. */
  async forgetUser(sql: Sql, userId: string): Promise<void> {
    await sql.query(FORGET_USER, [userId]);
  }
}
