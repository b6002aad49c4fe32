/**
 * The game's life in the API: resigning, the host removing a seat whose
 * deadline passed, takebacks by consent and ending by agreement, and what
 * the page needs to offer them. Every field here but `returnPoints` is
 * read from the folded state: none of them costs a database read.
 */
import { Args, Context, Field, ID, Int, Mutation, ObjectType, Parent, ResolveField, Resolver } from '@nestjs/graphql';
import { Clock } from '../common/clock';
import { leftSeats, pendingProposal, ProposalKind, seatsToAnswer } from '../play/game-life';
import { gameAsIs } from '../play/loaded-game';
import { decideRemoval, resignationEndsGame } from '../play/platform/life';
import { returnRange } from '../play/platform/return-point';
import { GameService } from '../play/game.service';
import { ReturnPoints } from '../play/return-points';
import { gameAt } from '../play/loaded-game';
import { GameRandomness } from '../randomness/game-randomness';
import { RequestContext, requireUser } from '../graphql/context';
import { FIELD_COSTS } from '../graphql/query-limits';
import { GameModel, GameParent } from '../graphql/models';

@ObjectType('Proposal', { description: 'A takeback or a proposal to end the game, waiting for every other player to agree.' })
class ProposalModel {
  @Field(() => String, { description: '`TAKEBACK` or `END`.' }) kind!: string;
  @Field(() => Int, { description: 'The seat that asked.' }) seat!: number;
  @Field(() => Int, { nullable: true, description: 'Takebacks: the version the game returns to.' }) toVersion!: number | null;
  @Field(() => String, { nullable: true, description: 'Takebacks: why.' }) reason!: string | null;
  @Field(() => [Int], { description: 'The seats that agreed, the one that asked first.' }) accepted!: number[];
  @Field(() => [Int], { description: 'The seats still to answer.' }) waitingFor!: number[];
  @Field({ description: 'Unanswered by then, it lapses.' }) expiresAt!: Date;
}

@ObjectType('ReturnPoints', { description: 'Where the caller may take the game back to now, and how: exactly the versions the server accepts.' })
class ReturnPointsModel {
  @Field(() => [Int], {
    description: 'The versions, oldest first: each a point between two moves, with something played since. None when the caller may do neither.',
  })
  versions!: number[];
  @Field({ description: 'The caller, its host, may roll the game back to them (rollbackGame).' }) rollback!: boolean;
  @Field({ description: 'The caller may ask the other players to take the game back to them (requestTakeback).' }) takeback!: boolean;
}

const KINDS: Record<ProposalKind, string> = { takeback: 'TAKEBACK', end: 'END' };

@Resolver(() => GameModel)
export class GameLifeResolver {
  constructor(
    private readonly play: GameService,
    private readonly points: ReturnPoints,
    private readonly clock: Clock,
    private readonly randomness: GameRandomness,
  ) {}

  @Mutation(() => GameModel, {
    description:
      'The caller leaves the game for good, ranked last: the seat is passed over (or played by a bot, see whenPlayerLeaves), and the game ends when one player would be left (see resignEndsGame).',
  })
  async resignGame(@Args('gameId', { type: () => ID }) gameId: string, @Context() context: RequestContext) {
    const userId = requireUser(context);
    return new GameParent(await this.play.resignGame(userId, gameId), userId);
  }

  @Mutation(() => GameModel, { description: 'Host only: takes out a seat whose move deadline has passed (see removableSeats), as if its player had resigned.' })
  async removePlayer(@Args('gameId', { type: () => ID }) gameId: string, @Args('seat', { type: () => Int }) seat: number, @Context() context: RequestContext) {
    const userId = requireUser(context);
    return new GameParent(await this.play.removePlayer(userId, gameId, seat), userId);
  }

  @Mutation(() => GameModel, {
    description: 'Asks every other player to agree to return the game to `toVersion` (one of returnPoints). A decline, a new move or 48 hours end the request.',
  })
  async requestTakeback(
    @Args('gameId', { type: () => ID }) gameId: string,
    @Args('toVersion', { type: () => Int }) toVersion: number,
    @Args('reason') reason: string,
    @Context() context: RequestContext,
  ) {
    const userId = requireUser(context);
    return new GameParent(await this.play.requestTakeback(userId, gameId, toVersion, reason), userId);
  }

  @Mutation(() => GameModel, {
    description: 'Agrees to the pending takeback, or declines it (which ends it). When all agree, the game returns to its version.',
  })
  async answerTakeback(@Args('gameId', { type: () => ID }) gameId: string, @Args('accept') accept: boolean, @Context() context: RequestContext) {
    const userId = requireUser(context);
    return new GameParent(await this.play.answerProposal(userId, gameId, 'takeback', accept), userId);
  }

  @Mutation(() => GameModel, { description: 'Proposes to end the game now with the current result; it ends when every other player agrees.' })
  async proposeEnd(@Args('gameId', { type: () => ID }) gameId: string, @Context() context: RequestContext) {
    const userId = requireUser(context);
    return new GameParent(await this.play.proposeEnd(userId, gameId), userId);
  }

  @Mutation(() => GameModel, { description: 'Agrees to end the game with the current result, or declines (which ends the proposal).' })
  async answerEndProposal(@Args('gameId', { type: () => ID }) gameId: string, @Args('accept') accept: boolean, @Context() context: RequestContext) {
    const userId = requireUser(context);
    return new GameParent(await this.play.answerProposal(userId, gameId, 'end', accept), userId);
  }

  @Mutation(() => GameModel, { description: 'Withdraws the takeback request or proposal to end the game the caller made, before everyone answered.' })
  async withdrawProposal(@Args('gameId', { type: () => ID }) gameId: string, @Context() context: RequestContext) {
    const userId = requireUser(context);
    return new GameParent(await this.play.withdrawProposal(userId, gameId), userId);
  }

  // ---- Game fields -----------------------------------------------------------------

  @ResolveField(() => [Int], { description: 'Seats whose players left the game (resigned or removed), in the order they left.' })
  resignedSeats(@Parent() { game }: GameParent) {
    return leftSeats(game.state);
  }

  @ResolveField(() => Boolean, {
    description:
      'Whether the caller resigning now would end the game (as when one player would be left, and no bot takes over their seat); false where they may not resign.',
  })
  resignEndsGame(@Parent() { game, userId }: GameParent) {
    return userId !== undefined && resignationEndsGame(gameAt(game, this.randomness), userId);
  }

  @ResolveField(() => [Int], { description: 'Seats whose move deadline has passed and who have not moved since: the host may remove them.' })
  removableSeats(@Parent() { game }: GameParent) {
    const asked = gameAsIs(game);
    return game.state.seats.flatMap((_, seat) => (decideRemoval(asked, seat, game.state.hostId).ok ? [seat] : []));
  }

  @ResolveField(() => ProposalModel, { nullable: true, description: 'The takeback or proposal to end waiting for answers, if any.' })
  proposal(@Parent() { game }: GameParent) {
    const proposal = game.row.status === 'ACTIVE' ? pendingProposal(game.state, this.clock.now()) : null;
    if (!proposal) return null;
    return {
      kind: KINDS[proposal.kind],
      seat: proposal.seat,
      toVersion: proposal.toVersion ?? null,
      reason: proposal.reason ?? null,
      accepted: proposal.accepted,
      waitingFor: seatsToAnswer(game.state, proposal),
      expiresAt: new Date(proposal.expiresAt),
    };
  }

  @ResolveField(() => ReturnPointsModel, {
    description:
      'Where the caller may take the game back to now, by rolling it back (its host) or by asking for a takeback: one read of the events since the earliest point, none when the caller may do neither.',
    complexity: FIELD_COSTS.unboundedList,
  })
  returnPoints(@Parent() { game, userId }: GameParent) {
    return this.points.forUser(game, userId ?? null, this.clock.now());
  }

  @ResolveField(() => Int, {
    nullable: true,
    description:
      "The earliest version a takeback or the host's rollback may return to: the start of play, or the last player's leaving (null while there is none).",
  })
  takebackFrom(@Parent() { game }: GameParent) {
    if (game.row.status !== 'ACTIVE') return null;
    const { from, to } = returnRange(game.state, game.row.version);
    return from <= to ? from : null;
  }
}
