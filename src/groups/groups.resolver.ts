/** Groups (clubs) in the API: creating, joining and leaving them, their members and roles, their invitations, games and webhook. */
import { Args, Context, Field, ID, Mutation, ObjectType, Parent, Query, registerEnumType, ResolveField, Resolver } from '@nestjs/graphql';
import { RequestContext, requireUser } from '../graphql/context';
import { GameModel, GameParent, UserModel } from '../graphql/models';
import { FIELD_COSTS, listCost } from '../graphql/query-limits';
import { GameService } from '../play/game.service';
import { PublicNames } from '../public-names/public-names';
import { WebhookKind } from '../webhooks/webhook-posts';
import { WebhookKindValue, WebhookModel, webhookModel, WebhookSetupModel } from '../webhooks/webhooks.resolver';
import { GroupWebhooks } from './group-webhooks';
import { GroupRole, StoredGroup } from './groups.repository';
import { GroupsService } from './groups.service';

const GroupRoleValue = { OWNER: 'OWNER', ADMIN: 'ADMIN', MEMBER: 'MEMBER' } as const satisfies Record<GroupRole, GroupRole>;
registerEnumType(GroupRoleValue, {
  name: 'GroupRole',
  description: 'OWNER: made the group (or was handed it), never removed. ADMIN: manages the members, the invitations and the webhook. MEMBER: plays in it.',
});

@ObjectType('GroupMember')
export class GroupMemberModel {
  @Field(() => UserModel) user!: UserModel;
  @Field(() => GroupRoleValue) role!: GroupRole;
}

/** A group as its members see it; `userId` is the caller's. */
export class GroupParent {
  constructor(
    readonly group: StoredGroup,
    readonly userId: string,
  ) {}

  get id(): string {
    return this.group.id;
  }

  get name(): string {
    return this.group.name;
  }
}

@ObjectType('Group', { description: 'A club: its members play games in it, which only they may join.' })
export class GroupModel {
  @Field(() => ID) id!: string;
  @Field() name!: string;
}

@Resolver(() => GroupModel)
export class GroupsResolver {
  constructor(
    private readonly groups: GroupsService,
    private readonly webhooks: GroupWebhooks,
    private readonly play: GameService,
    private readonly names: PublicNames,
  ) {}

  @Mutation(() => GroupModel, { description: 'A new group (name: 1 to 60 characters), the caller its owner.' })
  async createGroup(@Args('name') name: string, @Context() context: RequestContext): Promise<GroupParent> {
    const userId = requireUser(context);
    return new GroupParent(await this.groups.create(userId, name), userId);
  }

  @Query(() => GroupModel, { description: 'A group the caller is a member of (NOT_GROUP_MEMBER otherwise).' })
  async group(@Args('id', { type: () => ID }) id: string, @Context() context: RequestContext): Promise<GroupParent> {
    const userId = requireUser(context);
    return new GroupParent(await this.groups.group(userId, id), userId);
  }

  @Query(() => [GroupModel], { description: "The caller's groups, by name.", complexity: listCost(() => FIELD_COSTS.unboundedList) })
  async myGroups(@Context() context: RequestContext): Promise<GroupParent[]> {
    const userId = requireUser(context);
    return (await this.groups.myGroups(userId)).map((group) => new GroupParent(group, userId));
  }

  @Mutation(() => GroupModel, {
    description: "Joins the group an invite link's code (or a mailed invitation's) lets in. A reset link or a wrong code: INVITE_NOT_VALID, nothing written.",
  })
  async joinGroup(@Args('code') code: string, @Context() context: RequestContext): Promise<GroupParent> {
    const userId = requireUser(context);
    return new GroupParent(await this.groups.join(userId, code), userId);
  }

  @Mutation(() => Boolean, { description: 'The caller leaves the group (its owner hands it over first: OWNER_STAYS).' })
  async leaveGroup(@Args('groupId', { type: () => ID }) groupId: string, @Context() context: RequestContext): Promise<boolean> {
    await this.groups.leave(requireUser(context), groupId);
    return true;
  }

  @Mutation(() => GroupModel, { description: 'Admins: removes a member (the owner removes admins too; nobody removes the owner: OWNER_STAYS).' })
  async removeFromGroup(
    @Args('groupId', { type: () => ID }) groupId: string,
    @Args('userId', { type: () => ID }) userId: string,
    @Context() context: RequestContext,
  ): Promise<GroupParent> {
    const actorId = requireUser(context);
    await this.groups.remove(actorId, groupId, userId);
    return new GroupParent(await this.groups.group(actorId, groupId), actorId);
  }

  @Mutation(() => GroupModel, {
    description: "Admins: makes a member an admin, or an admin a member (the owner's alone). OWNER: the owner hands the group over, staying on as an admin.",
  })
  async setGroupRole(
    @Args('groupId', { type: () => ID }) groupId: string,
    @Args('userId', { type: () => ID }) userId: string,
    @Args('role', { type: () => GroupRoleValue }) role: GroupRole,
    @Context() context: RequestContext,
  ): Promise<GroupParent> {
    const actorId = requireUser(context);
    await this.groups.setRole(actorId, groupId, userId, role);
    return new GroupParent(await this.groups.group(actorId, groupId), actorId);
  }

  @Mutation(() => GroupModel, { description: 'Admins: a new invite link; the old one lets nobody in from now on.' })
  async resetGroupInvite(@Args('groupId', { type: () => ID }) groupId: string, @Context() context: RequestContext): Promise<GroupParent> {
    const userId = requireUser(context);
    return new GroupParent(await this.groups.resetInvite(userId, groupId), userId);
  }

  @Mutation(() => Boolean, { description: 'Admins: mails the address a link of its own that joins the group (once).' })
  async inviteToGroup(
    @Args('groupId', { type: () => ID }) groupId: string,
    @Args('email') email: string,
    @Context() context: RequestContext,
  ): Promise<boolean> {
    await this.groups.invite(requireUser(context), groupId, email);
    return true;
  }

  @Query(() => WebhookModel, { nullable: true, description: "Admins: where the turns of the group's games are posted (those without a webhook of their own)." })
  async groupWebhook(@Args('groupId', { type: () => ID }) groupId: string, @Context() context: RequestContext): Promise<WebhookModel | null> {
    const webhook = await this.webhooks.of(requireUser(context), groupId);
    return webhook && webhookModel(webhook);
  }

  @Mutation(() => WebhookSetupModel, {
    description:
      "Admins: posts each turn of the group's games that have no webhook of their own to a chat channel. Only https addresses that lead to public servers.",
  })
  async setGroupWebhook(
    @Args('groupId', { type: () => ID }) groupId: string,
    @Args('url') url: string,
    @Args('kind', { type: () => WebhookKindValue }) kind: WebhookKind,
    @Context() context: RequestContext,
  ): Promise<WebhookSetupModel> {
    const { webhook, secret } = await this.webhooks.set(requireUser(context), groupId, url, kind);
    return { webhook: webhookModel(webhook), secret };
  }

  @Mutation(() => Boolean, { description: "Admins: stops posting the group's games' turns. True once none are posted." })
  async removeGroupWebhook(@Args('groupId', { type: () => ID }) groupId: string, @Context() context: RequestContext): Promise<boolean> {
    await this.webhooks.remove(requireUser(context), groupId);
    return true;
  }

  // ---- Group fields ------------------------------------------------------------------

  @ResolveField(() => [GroupMemberModel], {
    description: 'Owner first, then admins, then members, each in the order they joined.',
    complexity: listCost(() => FIELD_COSTS.unboundedList),
  })
  async members(@Parent() { group }: GroupParent): Promise<GroupMemberModel[]> {
    const members = await this.groups.members(group.id);
    const users = await this.names.ofAll(members.map((member) => member.userId));
    return members.flatMap(({ userId, role }) => {
      const user = users.get(userId);
      return user ? [{ user, role }] : [];
    });
  }

  @ResolveField(() => GroupRoleValue, { description: "The caller's role in the group." })
  async myRole(@Parent() { group, userId }: GroupParent): Promise<GroupRole> {
    return (await this.groups.roleOf(group.id, userId)) ?? 'MEMBER';
  }

  @ResolveField(() => String, { nullable: true, description: 'Admins only: the link that joins the group (resetGroupInvite replaces it).' })
  async inviteUrl(@Parent() { group, userId }: GroupParent): Promise<string | null> {
    const role = await this.groups.roleOf(group.id, userId);
    return role === 'OWNER' || role === 'ADMIN' ? this.groups.inviteUrl(group) : null;
  }

  @ResolveField(() => [GameModel], {
    description: 'The games created in the group: those waiting for players or being played (newest first), then the finished ones (at most 100).',
    complexity: listCost(() => FIELD_COSTS.unboundedList),
  })
  async games(@Parent() { group, userId }: GroupParent): Promise<GameParent[]> {
    const ids = await this.groups.games(group.id);
    return Promise.all(ids.map(async (id) => new GameParent(await this.play.load(id), userId)));
  }
}
