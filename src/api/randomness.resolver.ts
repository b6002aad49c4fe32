/** Shuffle fairness in the API: each game's commitment, client seeds and (once it is over) server seed. */
import { Field, ObjectType, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { GameModel, GameParent } from '../graphql/models';
import { revealedToAll } from '../play/platform/game-at';
import { GameRandomness } from '../randomness/game-randomness';

@ObjectType('Randomness', { description: 'What anyone needs to check a game\'s draws (README: "Checking a game\'s randomness").' })
export class RandomnessModel {
  @Field({ description: 'SHA-256 (hex) of the server seed, public from the creation: the revealed seed must hash to it.' })
  commitment!: string;

  @Field(() => [String], { nullable: 'items', description: "Each seat's contribution, in seat order (null while the seat is free)." })
  clientSeeds!: (string | null)[];

  @Field({ description: 'The host chose the server seed (only where the server allows it), so it was never secret from them.' })
  fixedSeed!: boolean;

  @Field(() => String, { nullable: true, description: 'The server seed, once the game is finished; null before.' })
  serverSeed!: string | null;
}

@Resolver(() => GameModel)
export class RandomnessResolver {
  constructor(private readonly gameRandomness: GameRandomness) {}

  @Query(() => Boolean, { description: 'Whether createGame takes a fixed seed on this server (ALLOW_FIXED_SEEDS).' })
  fixedSeedsAllowed(): boolean {
    return this.gameRandomness.fixedSeedsAllowed;
  }

  @ResolveField(() => RandomnessModel)
  randomness(@Parent() { game }: GameParent): RandomnessModel {
    return {
      commitment: game.state.commitment,
      clientSeeds: game.state.clientSeeds,
      fixedSeed: game.state.fixedSeed,
      serverSeed: revealedToAll(game.row.status) ? game.row.seed : null,
    };
  }
}
