/** Invitations, private games and rematches in the API. */
import { Args, Context, Field, ID, Int, Mutation, ObjectType, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { RequestContext, requireUser } from '../graphql/context';
import { GameModel, GameParent, GameVisibilityValue, UserModel } from '../graphql/models';
import { FIELD_COSTS, listCost } from '../graphql/query-limits';
import { PrismaService } from '../database/prisma.service';
import { gameAsIs } from '../play/loaded-game';
import { rematchRefusal } from '../play/platform/rematch';
import { defaultGameName } from '../play/platform/lobby';
import { PublicNames } from '../public-names/public-names';
import { Invitations } from './invitations';
import { Rematches } from './rematches';

@ObjectType('HeldSeat', { description: 'A free seat kept for one player by their invitation (a rematch keeps each player a seat): only they may take it.' })
class HeldSeatModel {
  @Field(() => Int) seat!: number;
  @Field(() => UserModel) player!: UserModel;
}

@ObjectType('LobbyActions', {
  description:
    'What the caller may do in a game waiting for players now: exactly the commands the server accepts (none once it started, or when not logged in).',
})
class LobbyActionsModel {
  @Field(() => [Int], { description: 'The seats the caller may take (joinGame with that seat).' }) join!: number[];
  @Field({ description: 'The caller may give up their seat (leaveGame).' }) leave!: boolean;
  @Field({ description: 'The caller, its host, may start the game (startGame).' }) start!: boolean;
  @Field({ description: 'The caller, its host, may invite players by email (invitePlayer).' }) invite!: boolean;
}

@Resolver(() => GameModel)
export class InvitationsResolver {
  constructor(
    private readonly invitations: Invitations,
    private readonly rematches: Rematches,
    private readonly prisma: PrismaService,
    private readonly names: PublicNames,
  ) {}

  @Query(() => [GameModel], {
    description:
      'Games waiting for players where the caller is invited, has no seat yet and has one to take, newest first: joinGame accepts, declineInvitation declines.',
    complexity: listCost(() => FIELD_COSTS.unboundedList),
  })
  async myInvitations(@Context() context: RequestContext) {
    const userId = requireUser(context);
    return (await this.invitations.invitedGames(userId)).map((game) => new GameParent(game, userId));
  }

  @Mutation(() => Boolean, { description: "Declines the caller's invitation to the game (an offer of a seat too: whoever offered it is told)." })
  async declineInvitation(@Args('gameId', { type: () => ID }) gameId: string, @Context() context: RequestContext) {
    await this.invitations.decline(requireUser(context), gameId);
    return true;
  }

  @Mutation(() => GameModel, {
    description:
      "A finished game played again: the same players one seat further round, the same ruleset, options, deadlines and rating (an unrated game's rematch is unrated), everyone else invited; it starts once all have accepted. Asked again, it is the same rematch (and takes the caller's seat in it).",
  })
  async rematch(@Args('gameId', { type: () => ID }) gameId: string, @Context() context: RequestContext) {
    const userId = requireUser(context);
    return new GameParent(await this.rematches.rematch(userId, gameId), userId);
  }

  // ---- Game fields -----------------------------------------------------------------

  @ResolveField(() => String, { description: 'What the players call the game.' })
  async name(@Parent() { game }: GameParent) {
    // Games made before names are called as their mails call them.
    if (game.row.name !== null) return game.row.name;
    const host = await this.prisma.user.findUniqueOrThrow({ where: { id: game.row.hostId }, select: { displayName: true } });
    return defaultGameName(host.displayName, game.ruleset.name);
  }

  @ResolveField(() => GameVisibilityValue)
  visibility(@Parent() { game }: GameParent) {
    return game.row.visibility;
  }

  @ResolveField(() => String, { nullable: true, description: "The host only, for a private game: the secret its invite link carries (joinGame's inviteCode)." })
  inviteCode(@Parent() { game, userId }: GameParent) {
    return userId !== undefined && userId === game.row.hostId ? game.row.inviteCode : null;
  }

  @ResolveField(() => [HeldSeatModel], {
    description: 'Before the start: the free seats kept for one player each by their invitation, and for whom.',
    complexity: listCost(() => FIELD_COSTS.unboundedList),
  })
  async heldSeats(@Parent() { game }: GameParent): Promise<HeldSeatModel[]> {
    if (game.row.status !== 'LOBBY') return [];
    const held = await this.invitations.heldSeats(game.row.id);
    const players = await this.names.ofAll(held.map(({ userId }) => userId));
    return held.flatMap(({ seat, userId }) => {
      const player = players.get(userId);
      return player ? [{ seat, player }] : [];
    });
  }

  @ResolveField(() => LobbyActionsModel, {
    description: 'Before the start: what the caller may do in the waiting room, as the server would decide each command now.',
    complexity: FIELD_COSTS.unboundedList,
  })
  lobbyActions(
    @Parent() { game, userId }: GameParent,
    @Args('inviteCode', { type: () => String, nullable: true, description: "The invite code the caller would join with (a private game's link carries it)." })
    inviteCode: string | null,
  ): Promise<LobbyActionsModel> {
    return this.invitations.lobbyActions(game, userId, inviteCode);
  }

  @ResolveField(() => ID, { nullable: true, description: "The id of this finished game's rematch, once someone asked for one." })
  rematchId(@Parent() { game }: GameParent) {
    return game.row.status === 'FINISHED' ? this.rematches.rematchOf(game.row.id) : null;
  }

  @ResolveField(() => Boolean, {
    description: 'Whether rematch would answer the caller: a player of the game, once it is over (asking again takes their seat in it).',
  })
  canAskForRematch(@Parent() { game, userId }: GameParent) {
    return rematchRefusal(gameAsIs(game), userId ?? null) === null;
  }
}
