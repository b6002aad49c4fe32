/** The ratings and a player's profile (their ratings and reliability), in the API: anyone may read them, as anyone may check them. */
import { Args, Field, Float, ID, Int, ObjectType, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { AppError } from '../common/errors';
import { isUuid } from '../common/ids';
import { UserModel } from '../graphql/models';
import { PublicNames, type PublicUser } from '../public-names/public-names';
import { PROVISIONAL_UNTIL_GAMES } from './rating-computation';
import { RatingsService } from './ratings.service';

@ObjectType('Rating', { description: `A player's rating in one ruleset: μ − 3σ of openskill's Weng-Lin model (see the README).` })
export class RatingModel {
  @Field(() => UserModel) user!: UserModel;
  @Field(() => Float, { description: 'μ − 3σ: the skill the player has at least, almost surely.' }) rating!: number;
  @Field(() => Float, { description: 'σ: how uncertain the skill still is.' }) deviation!: number;
  @Field(() => Int, { description: 'Rated games played.' }) games!: number;
  @Field({ description: `Fewer than ${PROVISIONAL_UNTIL_GAMES} rated games.` }) provisional!: boolean;
}

@ObjectType('RatingPoint')
export class RatingPointModel {
  @Field(() => Date, { description: 'When the rated game ended.' }) at!: Date;
  @Field(() => Float) rating!: number;
}

@ObjectType('RulesetRating')
export class RulesetRatingModel {
  @Field() ruleset!: string;
  @Field(() => Float) rating!: number;
  @Field(() => Float) deviation!: number;
  @Field(() => Int) games!: number;
  @Field() provisional!: boolean;
  @Field(() => [RatingPointModel], { description: 'The rating after each rated game, oldest first.' }) history!: RatingPointModel[];
}

@ObjectType('Reliability', {
  description: 'Of the turns the player had in finished games, how many ran out of time; of their finished games, how many they left.',
})
export class ReliabilityModel {
  @Field(() => Int) turnsTimedOut!: number;
  @Field(() => Int) turns!: number;
  @Field(() => Int) gamesLeft!: number;
  @Field(() => Int) games!: number;
}

@ObjectType('Player')
export class PlayerModel {
  @Field(() => ID) id!: string;
  @Field() name!: string;
}

@Resolver(() => PlayerModel)
export class RatingsResolver {
  constructor(
    private readonly ratingsOf: RatingsService,
    private readonly names: PublicNames,
  ) {}

  @Query(() => [RatingModel], { description: "A ruleset's ratings, highest first: over all rated games, or over one group's games only." })
  async ratings(@Args('ruleset') ruleset: string, @Args('groupId', { type: () => ID, nullable: true }) groupId?: string): Promise<RatingModel[]> {
    const ratings = await this.ratingsOf.ratings(ruleset, groupId ?? null);
    const names = await this.names.ofAll(ratings.map((rating) => rating.userId));
    return ratings.map(({ userId, rating, deviation, games, provisional }) => ({
      user: names.get(userId) ?? formerPlayer(userId),
      rating,
      deviation,
      games,
      provisional,
    }));
  }

  @Query(() => PlayerModel, { description: "A player's profile." })
  async player(@Args('id', { type: () => ID }) id: string): Promise<PlayerModel> {
    const user = isUuid(id) ? await this.names.of(id) : null;
    if (!user) throw new AppError('NOT_FOUND', 'There is no such player.');
    return { id: user.id, name: user.displayName };
  }

  @ResolveField('ratings', () => [RulesetRatingModel], { description: 'Per ruleset the player has rated games in, over all rated games.' })
  async playerRatings(@Parent() player: PlayerModel): Promise<RulesetRatingModel[]> {
    const ratings = await this.ratingsOf.playerRatings(player.id);
    return ratings.map(({ ruleset, rating, deviation, games, provisional, history }) => ({
      ruleset,
      rating,
      deviation,
      games,
      provisional,
      history: history.map((point) => ({ at: new Date(point.at), rating: point.rating })),
    }));
  }

  @ResolveField(() => ReliabilityModel)
  reliability(@Parent() player: PlayerModel): Promise<ReliabilityModel> {
    return this.ratingsOf.reliability(player.id);
  }
}

/** A rated player whose account is gone: still in the table, as their games still count. */
function formerPlayer(userId: string): PublicUser {
  return { id: userId, displayName: 'A former player' };
}
