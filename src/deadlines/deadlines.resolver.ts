/** Correspondence play: the caller's turns, the host's choice after a deadline, and each game's deadlines. */
import { Args, Context, ID, Int, Mutation, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { Deadlines } from './deadlines';
import { RequestContext, requireUser } from '../graphql/context';
import { GameModel, GameParent } from '../graphql/models';
import { DeadlineActionValue, MyTurnModel, SeatClockModel, SeatDeadlineModel } from './deadline-models';
import { FIELD_COSTS, listCost } from '../graphql/query-limits';

@Resolver(() => GameModel)
export class DeadlinesResolver {
  constructor(private readonly moveDeadlines: Deadlines) {}

  @Query(() => [MyTurnModel], {
    description: 'Every game where the caller must act now, soonest deadline first.',
    complexity: listCost(() => FIELD_COSTS.unboundedList),
  })
  async myTurns(@Context() context: RequestContext) {
    const userId = requireUser(context);
    const turns = await this.moveDeadlines.myTurns(userId);
    return turns.map((turn) => ({ ...turn, game: new GameParent(turn.game, userId) }));
  }

  @Mutation(() => GameModel, { description: 'Host only: what happens to a seat whose move deadline passed.' })
  async resolveDeadline(
    @Args('gameId', { type: () => ID }) gameId: string,
    @Args('seat', { type: () => Int }) seat: number,
    @Args('action', { type: () => DeadlineActionValue }) action: DeadlineActionValue,
    @Context() context: RequestContext,
  ) {
    const userId = requireUser(context);
    return new GameParent(await this.moveDeadlines.resolve(userId, gameId, seat, action), userId);
  }

  @ResolveField(() => [SeatDeadlineModel], {
    description: 'Move deadlines of the seats that must act (games with deadlines only).',
    complexity: listCost(() => FIELD_COSTS.unboundedList),
  })
  deadlines(@Parent() { game, userId }: GameParent) {
    return this.moveDeadlines.ofGame(game, userId);
  }

  @ResolveField(() => [SeatClockModel], {
    description: "The clock of each seat a player holds (games with deadlines only; a bot's seat has none): the time left, and whether it is ticking.",
    complexity: listCost(() => FIELD_COSTS.unboundedList),
  })
  clocks(@Parent() { game }: GameParent) {
    return this.moveDeadlines.clocksOf(game);
  }
}
