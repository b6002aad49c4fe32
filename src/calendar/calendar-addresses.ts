/**
 * The calendar_addresses table: each player's current calendar address id.
 * The id alone opens nothing (calendar-address-tokens.ts signs it); a new
 * one replaces the old, which then names no one.
 */
import { Injectable } from '@nestjs/common';
import { PrismaService } from '../database/prisma.service';
import type { Sql } from '../database/sql';

/** A player's first address is made when first asked for; a second asker at the same time leaves the first one's. */
const MAKE_FIRST = `
INSERT INTO calendar_addresses (user_id, address_id, created_at) VALUES ($1::uuid, gen_random_uuid(), $2::timestamptz)
ON CONFLICT (user_id) DO NOTHING`;
const ADDRESS_OF = `SELECT address_id::text AS "addressId" FROM calendar_addresses WHERE user_id = $1::uuid`;
const REPLACE = `
INSERT INTO calendar_addresses (user_id, address_id, created_at) VALUES ($1::uuid, gen_random_uuid(), $2::timestamptz)
ON CONFLICT (user_id) DO UPDATE SET address_id = EXCLUDED.address_id, created_at = EXCLUDED.created_at
RETURNING address_id::text AS "addressId"`;
const OWNER = `SELECT user_id::text AS "userId" FROM calendar_addresses WHERE address_id = $1::uuid`;
const FORGET_USER = `DELETE FROM calendar_addresses WHERE user_id = $1::uuid`;

@Injectable()
export class CalendarAddresses {
  constructor(private readonly prisma: PrismaService) {}

  /** The player's address id, made now if they had none. */
  async of(userId: string, now: Date): Promise<string> {
    await this.prisma.sql.query(MAKE_FIRST, [userId, now]);
    const [row] = await this.prisma.sql.query<{ addressId: string }>(ADDRESS_OF, [userId]);
    return row.addressId;
  }

  /** A new address id for the player, in place of the old. */
  async replace(userId: string, now: Date): Promise<string> {
    const [row] = await this.prisma.sql.query<{ addressId: string }>(REPLACE, [userId, now]);
    return row.addressId;
  }

  /** Whose address `addressId` is; null when it is no one's (never made, or replaced). */
  async owner(addressId: string): Promise<string | null> {
    const [row] = await this.prisma.sql.query<{ userId: string }>(OWNER, [addressId]);
    return row?.userId ?? null;
  }

  /** A deleted account's address stops working, in the caller's transaction. */
  async forgetUser(sql: Sql, userId: string): Promise<void> {
    await sql.query(FORGET_USER, [userId]);
  }
}
