/** The game endpoints: lobby, play, history, rollback and live updates. */
import { GroupsService } from '../groups/groups.service';
import { Args, Context, Extensions, Field, ID, Info, InputType, Int, Mutation, Parent, Query, ResolveField, Resolver, Subscription } from '@nestjs/graphql';
import type { GraphQLResolveInfo } from 'graphql';
import { EventStore } from '../event-store/event-store';
import { RulesetRegistry } from '../play/ruleset-registry';
import { Metrics } from '../metrics/metrics';
import { botName, eventText, seatLabel } from '../play/event-text';
import { botSeatLevel } from '../play/platform/bots';
import { canSkipTurns } from '../play/platform/options';
import { BOT_LEVELS, canPlayAt } from '../rules/bots';
import { earlierHolders, holderAt } from '../play/seat-changes';
import { GameService } from '../play/game.service';
import { GameQueries } from '../play/game-queries';
import { HistoryPages } from '../play/history-pages';
import type { LoadedGame } from '../play/loaded-game';
import { Invitations } from '../invitations/invitations';
import { PublicNames } from '../public-names/public-names';
import { RequestContext, requireUser } from '../graphql/context';
import { endingPromptly, GameUpdates, readWhileUnavailable } from '../graphql/game-updates';
import { ENTRIES_SPENT_WHEN_READ, FIELD_COSTS, listCost, spendOnEntries } from '../graphql/query-limits';
import { JSONScalar } from '../graphql/json.scalar';
import {
  GameModel,
  GameParent,
  GameStatusValue,
  BotLevelValue,
  GameVisibilityValue,
  HistoryEntryModel,
  IntegrityModel,
  RulesetModel,
  SeatModel,
  UserModel,
  WhenPlayerLeavesValue,
} from '../graphql/models';
import { MoveDeadlineInputModel } from '../deadlines/deadline-models';
import { errorCode } from './format-error';

@InputType('BotSeatInput')
class BotSeatInput {
  @Field(() => Int, { description: "The seat the bot plays (0 is the host's, unless every seat goes to a bot)." }) seat!: number;
  @Field(() => BotLevelValue) level!: BotLevelValue;
}

@InputType()
class CreateGameInput {
  @Field() ruleset!: string;
  @Field(() => Int, { description: 'Number of seats; the host takes seat 0.' }) seats!: number;
  @Field(() => JSONScalar, { nullable: true }) options?: unknown;
  @Field({
    nullable: true,
    description:
      'A fixed server seed, which makes every draw reproducible but known to the host: refused unless the server allows fixed seeds (see fixedSeedsAllowed).',
  })
  seed?: string;
  @Field({ nullable: true, description: "The host's own contribution to the randomness (1 to 200 characters); absent: the server makes one." })
  clientSeed?: string;
  @Field(() => MoveDeadlineInputModel, { nullable: true, description: 'Correspondence play: a deadline for every move.' })
  moveDeadline?: MoveDeadlineInputModel;
  @Field({ nullable: true, description: 'What the players call the game (1 to 80 characters); absent: "<host>\'s <game> game".' }) name?: string;
  @Field(() => GameVisibilityValue, { nullable: true, description: 'Absent: PUBLIC.' }) visibility?: GameVisibilityValue;
  @Field({ nullable: true, description: 'The game starts by itself as its last seat is taken; absent: true; false: when its host starts it.' })
  autoStart?: boolean;
  @Field(() => [BotSeatInput], {
    nullable: true,
    description: 'Seats played by bots from the start; every seat: a game of bots alone, which the host watches. A game its host and bots fill starts at once.',
  })
  bots?: BotSeatInput[];
  @Field(() => WhenPlayerLeavesValue, { nullable: true, description: 'Absent: SKIP.' }) whenPlayerLeaves?: WhenPlayerLeavesValue;
  @Field(() => ID, {
    nullable: true,
    description:
      "The group (club) the game is played in: only its members may create and join it (NOT_GROUP_MEMBER); its turns go to the group's webhook unless it has its own. Absent: none.",
  })
  groupId?: string;
  @Field({
    nullable: true,
    description: 'Whether the game counts for the ratings; absent: true. Games with bots or a fixed seed are never rated: true is refused for them.',
  })
  rated?: boolean;
}

/** Games per page of `games`. */
function pageSize(first: number | null | undefined): number {
  return Math.min(Math.max(first ?? 50, 1), 200);
}

/** Entries per page of `history`. */
function historyPageSize(first: number | null | undefined): number {
  return Math.min(Math.max(first ?? 100, 1), 500);
}

/** A seat nobody holds, as the history names it: its bot's, or its number. */
function seatNobodyHolds(game: LoadedGame, seat: number): string {
  const bot = game.state.bots?.[seat];
  return bot ? botName(bot) : seatLabel(seat);
}

/** The users holding the game's seats. */
function seated(game: LoadedGame): string[] {
  return game.state.seats.filter((id): id is string => id !== null);
}

@Resolver(() => GameModel)
export class GamesResolver {
  constructor(
    private readonly play: GameService,
    private readonly queries: GameQueries,
    private readonly historyPages: HistoryPages,
    private readonly registry: RulesetRegistry,
    private readonly store: EventStore,
    private readonly updates: GameUpdates,
    private readonly metrics: Metrics,
    private readonly invitations: Invitations,
    private readonly names: PublicNames,
    private readonly groups: GroupsService,
  ) {}

  // ---- queries ---------------------------------------------------------------

  @Query(() => [RulesetModel])
  rulesets() {
    return this.registry
      .list()
      .map((ruleset) => ({ ...ruleset, botLevels: BOT_LEVELS.filter((level) => canPlayAt(ruleset, level)), canSkipTurns: canSkipTurns(ruleset) }));
  }

  @Query(() => GameModel)
  async game(@Args('id', { type: () => ID }) id: string, @Context() context: RequestContext) {
    return new GameParent(await this.play.load(id), context.userId);
  }

  @Query(() => [GameModel], {
    description:
      "Games, newest activity first: all the caller may see (public games, and private ones they play in), or only the caller's (`mine`), or only others' (`notMine`: the lobby's open games), of one game (`ruleset`).",
    complexity: listCost((args) => pageSize(args.first as number | undefined)),
  })
  async games(
    @Context() context: RequestContext,
    @Args('status', { type: () => GameStatusValue, nullable: true }) status?: GameStatusValue,
    @Args('mine', { nullable: true }) mine?: boolean,
    @Args('notMine', { nullable: true }) notMine?: boolean,
    @Args('ruleset', { nullable: true }) ruleset?: string,
    @Args('first', { type: () => Int, nullable: true }) first?: number,
    @Args('offset', { type: () => Int, nullable: true }) offset?: number,
  ) {
    const userId = mine ? requireUser(context) : context.userId;
    const ids = await this.queries.lobbyPage({
      status: status ?? null,
      ruleset: ruleset ?? null,
      userId: userId ?? null,
      mine: mine ?? false,
      notMine: notMine ?? false,
      first: pageSize(first),
      offset: Math.max(offset ?? 0, 0),
    });
    return Promise.all(ids.map(async (id) => new GameParent(await this.play.load(id), userId)));
  }

  @Query(() => GameModel, {
    nullable: true,
    description:
      'The game that has waited longest on the caller (the lobby\'s "next game"): of those where they are to act, the one unchanged for longest; null when none waits on them.',
  })
  async nextGame(@Context() context: RequestContext) {
    const userId = requireUser(context);
    const game = await this.queries.nextGame(userId);
    return game && new GameParent(game, userId);
  }

  // ---- lobby and play ----------------------------------------------------------

  @Mutation(() => GameModel)
  async createGame(@Args('input') input: CreateGameInput, @Context() context: RequestContext) {
    const userId = requireUser(context);
    // Whether the host may create it in its group is the decider's rule: it is told whether they are a member.
    const hostInGroup = await this.groups.isMember(input.groupId, userId);
    return new GameParent(await this.play.createGame(userId, input, { hostInGroup }), userId);
  }

  @Mutation(() => GameModel, {
    description: 'Takes a seat in a game waiting for players; in a game being played, takes over the seat offered to the caller (offerSeat).',
  })
  async joinGame(
    @Args('gameId', { type: () => ID }) gameId: string,
    @Context() context: RequestContext,
    @Args('seat', { type: () => Int, nullable: true }) seat?: number,
    @Args('clientSeed', { nullable: true, description: "The player's own contribution to the randomness (1 to 200 characters); absent: the server makes one." })
    clientSeed?: string,
    @Args('inviteCode', { nullable: true, description: "A private game's secret, from its invite link; not needed with an invitation (which this accepts)." })
    inviteCode?: string,
  ) {
    const userId = requireUser(context);
    return new GameParent(await this.invitations.join(userId, gameId, seat, clientSeed, inviteCode), userId);
  }

  @Mutation(() => GameModel, {
    description:
      'Host only, before the start: mails an invitation to take a seat to any address; one without an account gets a link to sign up, which seats them.',
  })
  async invitePlayer(@Args('gameId', { type: () => ID }) gameId: string, @Args('email') email: string, @Context() context: RequestContext) {
    const userId = requireUser(context);
    return new GameParent(await this.invitations.invite(userId, gameId, email), userId);
  }

  @Mutation(() => GameModel, { description: "Gives up the caller's seat before the game starts, for anyone to take; the host keeps theirs." })
  async leaveGame(@Args('gameId', { type: () => ID }) gameId: string, @Context() context: RequestContext) {
    const userId = requireUser(context);
    return new GameParent(await this.play.leaveGame(userId, gameId), userId);
  }

  @Mutation(() => GameModel)
  async startGame(@Args('gameId', { type: () => ID }) gameId: string, @Context() context: RequestContext) {
    const userId = requireUser(context);
    return new GameParent(await this.play.startGame(userId, gameId), userId);
  }

  @Mutation(() => GameModel, { description: 'Makes one move, decided at `expectedVersion`. Resending a clientMoveId returns the game and changes nothing.' })
  async submitMove(
    @Args('gameId', { type: () => ID }) gameId: string,
    @Args('move', { type: () => JSONScalar }) move: unknown,
    @Args('expectedVersion', { type: () => Int }) expectedVersion: number,
    @Context() context: RequestContext,
    @Args('clientMoveId', { nullable: true }) clientMoveId?: string,
  ) {
    return this.metrics.timeMove(
      context.transport,
      async () => {
        const userId = requireUser(context);
        return new GameParent(await this.play.submitMove(userId, gameId, move, expectedVersion, clientMoveId), userId);
      },
      errorCode,
    );
  }

  @Mutation(() => GameModel, { description: "Takes back the caller's own last step, where the ruleset allows it." })
  async undoMove(@Args('gameId', { type: () => ID }) gameId: string, @Context() context: RequestContext) {
    const userId = requireUser(context);
    return new GameParent(await this.play.undoMove(userId, gameId), userId);
  }

  @Mutation(() => GameModel, {
    description: 'Host only: returns the game to the state at `toVersion` (one of returnPoints); later events stay in history, marked rolledBack.',
  })
  async rollbackGame(
    @Args('gameId', { type: () => ID }) gameId: string,
    @Args('toVersion', { type: () => Int }) toVersion: number,
    @Args('reason') reason: string,
    @Context() context: RequestContext,
  ) {
    const userId = requireUser(context);
    return new GameParent(await this.play.rollbackGame(userId, gameId, toVersion, reason), userId);
  }

  // ---- live updates --------------------------------------------------------------

  @Subscription(() => GameModel, {
    description: 'The game as the subscriber may see it: at once, then after every change.',
    resolve: (parent: GameParent) => parent,
  })
  async gameUpdated(@Args('gameId', { type: () => ID }) gameId: string, @Context() context: RequestContext) {
    // Watch before reading, so that a change made in between still wakes us.
    const changes = this.updates.watch(gameId);
    let current: LoadedGame;
    try {
      current = await readWhileUnavailable(() => this.play.load(gameId)); // NOT_FOUND before subscribing
    } catch (error) {
      await changes.return?.();
      throw error;
    }
    const play = this.play;
    const subscriptions = this.metrics.openSubscriptions;
    async function* updates() {
      subscriptions.inc();
      try {
        // At once: a client that (re)subscribes, after its socket dropped say, is caught up without asking.
        yield new GameParent(current, context.userId);
        for await (const _change of changes) {
          const game = await readWhileUnavailable(() => play.load(gameId));
          if (game.row.version <= current.row.version) continue;
          current = game;
          yield new GameParent(game, context.userId);
        }
      } finally {
        subscriptions.dec();
        await changes.return?.();
      }
    }
    return endingPromptly(updates(), changes);
  }

  // ---- Game fields that need a service (plain facts of the game are GameParent's getters, models.ts) -----

  @ResolveField(() => UserModel)
  async host(@Parent() { game }: GameParent) {
    const host = await this.names.of(game.row.hostId);
    if (!host) throw new Error(`game ${game.row.id}: its host ${game.row.hostId} is not a user`);
    return host;
  }

  @ResolveField(() => [SeatModel], { complexity: listCost(() => FIELD_COSTS.unboundedList) })
  async seats(@Parent() { game }: GameParent) {
    const users = await this.names.ofAll(seated(game));
    return game.state.seats.map((userId, index) => ({
      index,
      user: (userId && users.get(userId)) ?? null,
      bot: botSeatLevel(game.ruleset, game.state, index),
    }));
  }

  @ResolveField(() => JSONScalar, {
    nullable: true,
    description: 'The board as the caller may see it, now or at version `asOf`.',
    complexity: ({ args }) => (args.asOf === undefined || args.asOf === null ? FIELD_COSTS.rules : FIELD_COSTS.viewAsOf),
  })
  async view(@Parent() { game, userId }: GameParent, @Args('asOf', { type: () => Int, nullable: true }) asOf?: number) {
    const state = asOf === undefined || asOf === null ? game.state : await this.play.stateAt(game, asOf);
    return state.started ? game.ruleset.view(state.rules, this.play.viewerFor(game, userId)) : null;
  }

  @ResolveField(() => [HistoryEntryModel], { complexity: listCost((args) => historyPageSize(args.first as number | undefined)) })
  @Extensions({ [ENTRIES_SPENT_WHEN_READ]: true })
  async history(
    @Parent() { game, userId }: GameParent,
    @Args('after', {
      type: () => Int,
      nullable: true,
      description:
        "Only the entries after this version (0, the default, to the game's version; else BAD_USER_INPUT): what a page holding the history up to it is missing.",
    })
    after: number | undefined,
    @Args('first', { type: () => Int, nullable: true }) first: number | undefined,
    @Context() context: RequestContext,
    @Info() info: GraphQLResolveInfo,
  ) {
    const take = historyPageSize(first);
    // What the page can bring, spent before it is read: no more than the game's events after `after` (a live read: the last step).
    spendOnEntries(context, info, Math.min(take, Math.max(0, game.row.version - (after ?? 0))));
    const entries = await this.historyPages.page(game, this.play.viewerFor(game, userId), after ?? 0, take);
    const actors = entries.map((e) => e.actorUserId).filter((id): id is string => id !== null);
    const users = await this.names.ofAll([...seated(game), ...earlierHolders(game.state), ...actors]);
    // Each entry names a seat by whoever held it then: a seat that changed hands keeps its earlier moves its earlier player's.
    const seatNameAt = (seq: number) => (seat: number) => users.get(holderAt(game.state, seat, seq) ?? '')?.displayName ?? seatNobodyHolds(game, seat);
    return entries.map((entry) => {
      const actor = (entry.actorUserId && users.get(entry.actorUserId)) || null;
      return { ...entry, actor, text: eventText(game.ruleset, { ...entry, actorName: actor?.displayName ?? null }, seatNameAt(entry.seq)) };
    });
  }

  @ResolveField(() => IntegrityModel, {
    description: "Recomputes the game's whole hash chain. A game whose chain is broken can still be read, but takes no more writes (INTEGRITY_FAILURE).",
    complexity: FIELD_COSTS.integrity,
  })
  integrity(@Parent() { game }: GameParent) {
    return this.store.verifyIntegrity(game.row.id);
  }
}
