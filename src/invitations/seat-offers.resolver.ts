/** Substitutes in the API: a seat offered to someone else, the offer withdrawn, and the offers waiting (accepted through joinGame). */
import { Args, Context, Field, ID, Int, Mutation, ObjectType, Parent, ResolveField, Resolver } from '@nestjs/graphql';
import { RequestContext, requireUser } from '../graphql/context';
import { GameModel, GameParent, UserModel } from '../graphql/models';
import { FIELD_COSTS, listCost } from '../graphql/query-limits';
import { PublicNames } from '../public-names/public-names';
import { SeatOffers } from './seat-offers';

@ObjectType('SeatOffer', { description: 'A seat offered to someone else by email, waiting for them to take it over (joinGame accepts).' })
class SeatOfferModel {
  @Field(() => Int, { description: 'The seat (0 is the seat players call seat 1).' }) seat!: number;
  @Field(() => UserModel, { nullable: true, description: 'Who offered it: the seat’s player, or the host.' }) offeredBy!: UserModel | null;
  @Field({ description: 'The offer is to the caller: joinGame takes the seat over.' }) toMe!: boolean;
  @Field({ description: 'Its invitee declined it: offer the seat again (to someone else), or withdraw the offer.' }) declined!: boolean;
}

@Resolver(() => GameModel)
export class SeatOffersResolver {
  constructor(
    private readonly offers: SeatOffers,
    private readonly names: PublicNames,
  ) {}

  @Mutation(() => GameModel, {
    description:
      "Offers a seat of a game being played to someone else by email: the caller's own seat, or (the host) a seat whose move deadline has passed. They are mailed an invitation, and take the seat over by joinGame; a newer offer of the seat replaces this one.",
  })
  async offerSeat(
    @Args('gameId', { type: () => ID }) gameId: string,
    @Args('seat', { type: () => Int }) seat: number,
    @Args('email') email: string,
    @Context() context: RequestContext,
  ) {
    const userId = requireUser(context);
    return new GameParent(await this.offers.offer(userId, gameId, seat, email), userId);
  }

  @Mutation(() => GameModel, { description: 'Withdraws the offer of a seat before it is taken over: by whoever offered it, or the seat’s player.' })
  async withdrawSeatOffer(
    @Args('gameId', { type: () => ID }) gameId: string,
    @Args('seat', { type: () => Int }) seat: number,
    @Context() context: RequestContext,
  ) {
    const userId = requireUser(context);
    return new GameParent(await this.offers.withdraw(userId, gameId, seat), userId);
  }

  @ResolveField(() => [SeatOfferModel], {
    description: 'The seats offered to someone else and waiting for them (never to whom), and whether one is offered to the caller.',
    complexity: listCost(() => FIELD_COSTS.unboundedList),
  })
  async seatOffers(@Parent() { game, userId }: GameParent): Promise<SeatOfferModel[]> {
    const offers = await this.offers.offersIn(game, userId);
    const names = await this.names.ofAll(offers.map((offer) => offer.offeredBy));
    return offers.map(({ seat, offeredBy, toCaller, declined }) => ({ seat, offeredBy: names.get(offeredBy) ?? null, toMe: toCaller, declined }));
  }
}
