/**
 * The groups' tables: `groups` (a club's name and the secret of its invite
 * link), `group_members` (who is in it, with which role) and
 * `group_invitations` (addresses an admin invited, each with a code of its
 * own). A group's games are play's to list (GameQueries.groupGames).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { PrismaService } from '../database/prisma.service';
import type { Sql } from '../database/sql';

export type GroupRole = 'OWNER' | 'ADMIN' | 'MEMBER';

export interface StoredGroup {
  id: string;
  name: string;
  inviteCode: string;
}

export interface StoredMember {
  userId: string;
  role: GroupRole;
}

const CREATE = `INSERT INTO groups (id, name, invite_code, created_at) VALUES ($1::uuid, $2, $3, $4::timestamptz)`;
const ADD_MEMBER = `
INSERT INTO group_members (group_id, user_id, role, joined_at) VALUES ($1::uuid, $2::uuid, $3::text::"GroupRole", $4::timestamptz)
ON CONFLICT (group_id, user_id) DO NOTHING`;
const GROUP = `SELECT id::text, name, invite_code AS "inviteCode" FROM groups WHERE id = $1::uuid`;
const ROLE_OF = `SELECT role::text FROM group_members WHERE group_id = $1::uuid AND user_id = $2::uuid`;
/** Owner first, then admins, then members, each in the order they joined. */
const MEMBERS = `SELECT m.user_id::text AS "userId", m.role::text AS role FROM group_members m WHERE m.group_id = $1::uuid ORDER BY m.role, m.joined_at, m.user_id`;
const MY_GROUPS = `SELECT g.id::text FROM groups g JOIN group_members m ON m.group_id = g.id WHERE m.user_id = $1::uuid ORDER BY lower(g.name), g.id`;
const BY_LINK = `SELECT id::text FROM groups WHERE invite_code = $1`;
/** The group a code would let in (its link, or a mailed invitation not taken up yet), and how many are in it: what the join page shows. */
const INVITED_TO = `
SELECT g.name, (SELECT count(*)::int FROM group_members m WHERE m.group_id = g.id) AS "memberCount" FROM groups g
WHERE g.invite_code = $1 OR g.id = (SELECT i.group_id FROM group_invitations i WHERE i.code = $1 AND i.accepted_at IS NULL)`;
/** An invitation by mail not taken up yet, marked taken: its code joins once. */
const TAKE_INVITATION = `UPDATE group_invitations SET accepted_at = $2::timestamptz WHERE code = $1 AND accepted_at IS NULL RETURNING group_id::text AS id`;
const RECORD_INVITATION = `
INSERT INTO group_invitations (id, group_id, email, code, invited_by, created_at) VALUES ($1::uuid, $2::uuid, $3, $4, $5::uuid, $6::timestamptz)`;
/** The owner never goes this way: handing over comes first. */
const REMOVE_MEMBER = `DELETE FROM group_members WHERE group_id = $1::uuid AND user_id = $2::uuid AND role <> 'OWNER' RETURNING user_id`;
const SET_ROLE = `UPDATE group_members SET role = $3::text::"GroupRole" WHERE group_id = $1::uuid AND user_id = $2::uuid`;
const SET_LINK = `UPDATE groups SET invite_code = $2 WHERE id = $1::uuid`;

/**
 * A deleted account leaves its groups: one it owned passes to its longest
 * admin, else its longest member (the statements of a WITH see the rows as
 * they were, so the heir is never the leaver).
 */
const FORGET_USER = `
WITH heirs AS (
  SELECT DISTINCT ON (m.group_id) m.group_id, m.user_id FROM group_members m
  JOIN group_members owned ON owned.group_id = m.group_id AND owned.user_id = $1::uuid AND owned.role = 'OWNER'
  WHERE m.user_id <> $1::uuid
  ORDER BY m.group_id, m.role, m.joined_at, m.user_id
), handed AS (
  UPDATE group_members m SET role = 'OWNER' FROM heirs WHERE m.group_id = heirs.group_id AND m.user_id = heirs.user_id
)
DELETE FROM group_members WHERE user_id = $1::uuid`;
const FORGET_ADDRESS = `DELETE FROM group_invitations WHERE email = $1`;

/** A secret for a link: 128 random bits. */
export function newGroupCode(): string {
  return randomBytes(16).toString('base64url');
}

@Injectable()
export class GroupsRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** A new group with its owner, in one transaction; returns its id. */
  async create(name: string, ownerId: string, now: Date): Promise<string> {
    const id = randomUUID();
    await this.prisma.inSqlTransaction(async (sql) => {
      await sql.query(CREATE, [id, name, newGroupCode(), now]);
      await sql.query(ADD_MEMBER, [id, ownerId, 'OWNER', now]);
    });
    return id;
  }

  async group(groupId: string): Promise<StoredGroup | null> {
    return (await this.prisma.sql.query<StoredGroup>(GROUP, [groupId]))[0] ?? null;
  }

  async roleOf(groupId: string, userId: string, sql: Sql = this.prisma.sql): Promise<GroupRole | null> {
    return (await sql.query<{ role: GroupRole }>(ROLE_OF, [groupId, userId]))[0]?.role ?? null;
  }

  members(groupId: string): Promise<StoredMember[]> {
    return this.prisma.sql.query<StoredMember>(MEMBERS, [groupId]);
  }

  async groupsOf(userId: string): Promise<string[]> {
    return (await this.prisma.sql.query<{ id: string }>(MY_GROUPS, [userId])).map((row) => row.id);
  }

  /** The group the code lets in (its link, or an invitation by mail not taken up yet), with the caller made a member; null when it lets nobody in. */
  async join(code: string, userId: string, now: Date): Promise<string | null> {
    return this.prisma.inSqlTransaction(async (sql) => {
      const [group] = await sql.query<{ id: string }>(BY_LINK, [code]);
      const [invited] = group ? [] : await sql.query<{ id: string }>(TAKE_INVITATION, [code, now]);
      const groupId = (group ?? invited)?.id ?? null;
      if (groupId !== null) await sql.query(ADD_MEMBER, [groupId, userId, 'MEMBER', now]);
      return groupId;
    });
  }

  async invitedTo(code: string): Promise<{ name: string; memberCount: number } | null> {
    return (await this.prisma.sql.query<{ name: string; memberCount: number }>(INVITED_TO, [code]))[0] ?? null;
  }

  /** Records an invitation by mail, and its mail (`mail`), in one transaction. */
  async invite(groupId: string, email: string, invitedBy: string, now: Date, mail: (sql: Sql, code: string) => Promise<void>): Promise<void> {
    const code = newGroupCode();
    await this.prisma.inSqlTransaction(async (sql) => {
      await sql.query(RECORD_INVITATION, [randomUUID(), groupId, email, code, invitedBy, now]);
      await mail(sql, code);
    });
  }

  /** Whether a member other than the owner was there to remove. */
  async remove(groupId: string, userId: string): Promise<boolean> {
    return (await this.prisma.sql.query(REMOVE_MEMBER, [groupId, userId])).length > 0;
  }

  async setRole(groupId: string, userId: string, role: GroupRole): Promise<void> {
    await this.prisma.sql.query(SET_ROLE, [groupId, userId, role]);
  }

  /** The owner hands the group over: `to` becomes its owner, the former owner an admin. */
  async handOver(groupId: string, from: string, to: string): Promise<void> {
    await this.prisma.inSqlTransaction(async (sql) => {
      await sql.query(SET_ROLE, [groupId, from, 'ADMIN']);
      await sql.query(SET_ROLE, [groupId, to, 'OWNER']);
    });
  }

  /** A new invite link: the old one lets nobody in from now on. */
  async resetLink(groupId: string): Promise<void> {
    await this.prisma.sql.query(SET_LINK, [groupId, newGroupCode()]);
  }

  /** In the caller's transaction: a deleted account leaves its groups (handing over those it owned), and invitations to its address go. */
  async forgetUser(sql: Sql, userId: string, email: string): Promise<void> {
    await sql.query(FORGET_USER, [userId]);
    await sql.query(FORGET_ADDRESS, [email]);
  }
}
