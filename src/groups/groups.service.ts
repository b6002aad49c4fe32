/**
 * Groups (clubs): who is in one and with which role, and who may change
 * that. The owner made the group (or was handed it) and is never removed;
 * admins see and reset the invite link, invite by mail, set the group's
 * webhook and remove members; the owner alone manages admins. Every refusal
 * writes nothing. Games are created "in" a group by its members only; who
 * may join one is the platform decider's rule (play/platform/lobby.ts),
 * which is told whether the player is a member (`roleOf`).
 */
import { Inject, Injectable } from '@nestjs/common';
import { checkEmail } from '../auth/email-address';
import { Clock } from '../common/clock';
import { AppError } from '../common/errors';
import { isUuid } from '../common/ids';
import { cleanText } from '../common/text';
import { PrismaService } from '../database/prisma.service';
import type { Sql } from '../database/sql';
import { NOTIFICATIONS_OPTIONS, NotificationsOptions } from '../notifications/notification-options';
import { NotificationOutbox } from '../notifications/outbox';
import { GameQueries } from '../play/game-queries';
import { GroupRole, GroupsRepository, StoredGroup, StoredMember } from './groups.repository';

export type { GroupRole } from './groups.repository';

export const GROUP_NAME_LENGTH: [number, number] = [1, 60];

/** Who outranks whom: an actor acts only on members below them. */
const RANK: Record<GroupRole, number> = { OWNER: 2, ADMIN: 1, MEMBER: 0 };

/** How many of a group's games its page lists. */
const GAMES_LISTED = 100;

const ACCOUNT_OF = `SELECT id::text FROM users WHERE email = $1`;
const DISPLAY_NAME = `SELECT display_name AS "displayName" FROM users WHERE id = $1::uuid`;

/** Longer than any code the server makes: not looked up. */
const MAX_CODE_LENGTH = 64;

const notMember = () => new AppError('NOT_GROUP_MEMBER', 'You are not a member of this group.');

@Injectable()
export class GroupsService {
  constructor(
    private readonly groups: GroupsRepository,
    private readonly gameQueries: GameQueries,
    private readonly prisma: PrismaService,
    private readonly outbox: NotificationOutbox,
    private readonly clock: Clock,
    @Inject(NOTIFICATIONS_OPTIONS) private readonly options: NotificationsOptions,
  ) {}

  /** The player's role in the group, or null when they are not in it (or there is no such group). */
  async roleOf(groupId: string, userId: string): Promise<GroupRole | null> {
    return isUuid(groupId) && isUuid(userId) ? this.groups.roleOf(groupId, userId) : null;
  }

  /** Whether the player is in the group; no group (a game outside any) has no members. */
  async isMember(groupId: string | null | undefined, userId: string): Promise<boolean> {
    return groupId !== null && groupId !== undefined && (await this.roleOf(groupId, userId)) !== null;
  }

  /** The ids of the groups the player is in. */
  groupIdsOf(userId: string): Promise<string[]> {
    return this.groups.groupsOf(userId);
  }

  /** The ids of the group's members, owner first. */
  async memberIds(groupId: string): Promise<string[]> {
    return isUuid(groupId) ? (await this.groups.members(groupId)).map((member) => member.userId) : [];
  }

  async create(userId: string, name: string): Promise<StoredGroup> {
    const cleaned = cleanText(name, 'The name of a group', GROUP_NAME_LENGTH);
    return (await this.groups.group(await this.groups.create(cleaned, userId, this.clock.now())))!;
  }

  /** The group as a member sees it; anyone else is refused. */
  async group(userId: string, groupId: string): Promise<StoredGroup> {
    await this.requireRole(userId, groupId, 'MEMBER');
    return (await this.groups.group(groupId))!;
  }

  async myGroups(userId: string): Promise<StoredGroup[]> {
    const ids = await this.groups.groupsOf(userId);
    return (await Promise.all(ids.map((id) => this.groups.group(id)))).filter((group): group is StoredGroup => group !== null);
  }

  members(groupId: string): Promise<StoredMember[]> {
    return this.groups.members(groupId);
  }

  /** The group's games waiting for players or being played, newest first, then its finished ones. */
  games(groupId: string): Promise<string[]> {
    return this.gameQueries.groupGames(groupId, GAMES_LISTED);
  }

  /** The page's link that joins the group (admins alone are shown it). */
  inviteUrl(group: StoredGroup): string {
    return `${this.options.mail.publicUrl}/groups/join/${group.inviteCode}`;
  }

  /** The name and size of the group a code would let in (what its holder may know before joining), or null when it lets nobody in. */
  invitedTo(code: string): Promise<{ name: string; memberCount: number } | null> {
    return code.length > 0 && code.length <= MAX_CODE_LENGTH ? this.groups.invitedTo(code) : Promise.resolve(null);
  }

  /** Joins the group the code lets in: its invite link's, or a mailed invitation's (once); joining again changes nothing. */
  async join(userId: string, code: string): Promise<StoredGroup> {
    const groupId = code.length > 0 && code.length <= MAX_CODE_LENGTH ? await this.groups.join(code, userId, this.clock.now()) : null;
    if (groupId === null) throw new AppError('INVITE_NOT_VALID', 'This invitation to a group is not valid (any more): ask one of its admins for a new link.');
    return (await this.groups.group(groupId))!;
  }

  /** The caller leaves the group; its owner hands it over first. */
  async leave(userId: string, groupId: string): Promise<void> {
    const role = await this.roleOf(groupId, userId);
    if (role === null) throw notMember();
    if (role === 'OWNER') throw ownerStays('You own this group: hand it over to another member (make them its owner) before you leave.');
    await this.groups.remove(groupId, userId);
  }

  /** An admin removes a member (the owner removes admins too); the owner is never removed. */
  async remove(actorId: string, groupId: string, userId: string): Promise<void> {
    const target = await this.targetOf(actorId, groupId, userId);
    if (target === 'OWNER') throw ownerStays('The owner of a group cannot be removed from it.');
    this.requireOutranks(target, await this.roleOf(groupId, actorId));
    await this.groups.remove(groupId, userId);
  }

  /**
   * Makes a member an admin or a member again (an admin may, on members; the
   * owner on admins too); OWNER hands the group over (its owner alone), the
   * former owner staying on as an admin.
   */
  async setRole(actorId: string, groupId: string, userId: string, role: GroupRole): Promise<void> {
    const target = await this.targetOf(actorId, groupId, userId);
    const actorRole = await this.roleOf(groupId, actorId);
    if (target === 'OWNER') throw ownerStays("The owner's role changes only by handing the group over to another member.");
    if (role === 'OWNER') {
      if (actorRole !== 'OWNER') throw new AppError('FORBIDDEN', 'Only the owner of a group hands it over.');
      return this.groups.handOver(groupId, actorId, userId);
    }
    this.requireOutranks(target, actorRole);
    await this.groups.setRole(groupId, userId, role);
  }

  /** A new invite link (admins): the old one refuses from now on. */
  async resetInvite(actorId: string, groupId: string): Promise<StoredGroup> {
    await this.requireRole(actorId, groupId, 'ADMIN');
    await this.groups.resetLink(groupId);
    return (await this.groups.group(groupId))!;
  }

  /** An admin invites an address: mailed a link of its own that joins the group (once), written with the invitation. */
  async invite(actorId: string, groupId: string, email: string): Promise<void> {
    await this.requireRole(actorId, groupId, 'ADMIN');
    const address = checkEmail(email);
    const group = (await this.groups.group(groupId))!;
    const [account] = await this.prisma.sql.query<{ id: string }>(ACCOUNT_OF, [address]);
    const [inviter] = await this.prisma.sql.query<{ displayName: string }>(DISPLAY_NAME, [actorId]);
    await this.groups.invite(groupId, address, actorId, this.clock.now(), (sql, code) =>
      this.outbox.recordAccountMail(sql, {
        kind: 'GROUP_INVITATION',
        userId: account?.id ?? null,
        toAddress: address,
        details: { groupName: group.name, inviterName: inviter.displayName, code },
      }),
    );
  }

  /** In the caller's transaction: a deleted account leaves its groups, a group it owned passing to its longest admin, else member. */
  forgetUser(sql: Sql, userId: string, email: string): Promise<void> {
    return this.groups.forgetUser(sql, userId, email);
  }

  /** Refuses unless the caller holds at least `least` in the group. */
  async requireRole(userId: string, groupId: string, least: GroupRole): Promise<GroupRole> {
    const role = await this.roleOf(groupId, userId);
    if (role === null) throw notMember();
    if (RANK[role] < RANK[least]) throw new AppError('FORBIDDEN', 'Only the admins of this group may do that.');
    return role;
  }

  /** The role of the member acted on, after the actor is known to be in the group. */
  private async targetOf(actorId: string, groupId: string, userId: string): Promise<GroupRole> {
    await this.requireRole(actorId, groupId, 'ADMIN');
    const target = await this.roleOf(groupId, userId);
    if (target === null) throw new AppError('NOT_GROUP_MEMBER', 'That player is not a member of this group.');
    return target;
  }

  private requireOutranks(target: GroupRole, actorRole: GroupRole | null): void {
    if (actorRole === null || RANK[actorRole] <= RANK[target]) throw new AppError('FORBIDDEN', 'Only the owner of a group manages its admins.');
  }
}

function ownerStays(message: string): AppError {
  return new AppError('OWNER_STAYS', message);
}
