/** A game's record, its verification and the check of its history under today's rules, as fields of `Game`. */
import { Field, GraphQLISODateTime, Int, ObjectType, Parent, ResolveField, Resolver } from '@nestjs/graphql';
import { GameModel, GameParent } from '../graphql/models';
import { JSONScalar } from '../graphql/json.scalar';
import { FIELD_COSTS } from '../graphql/query-limits';
import { RecordsService } from './records.service';
import { RulesChecksRepository } from './rules-checks.repository';

@ObjectType('RecordCheck', { description: 'A finished game\'s record checked by the server\'s verifier (README: "Game records and the verifier").' })
export class RecordCheckModel {
  @Field({ description: 'Every check held: hash chain, server seed, every move decided again, the result.' })
  verified!: boolean;
  @Field(() => Int, { nullable: true, description: 'The first event that does not hold, when one does not.' })
  firstBadSeq!: number | null;
  @Field(() => String, { nullable: true, description: 'What does not hold, in words.' })
  problem!: string | null;
  @Field({
    description:
      'False for a game stored before the server recorded what the check needs (its moves as submitted): nothing was found wrong, but it cannot be checked move by move.',
  })
  verifiable!: boolean;
}

@ObjectType('RulesCheck', { description: "The game's history decided again under the rules of today (`npm run games:revalidate`)." })
export class RulesCheckModel {
  @Field({ description: 'False when a step does not hold, and for a game that cannot be checked (`verifiable` false).' }) ok!: boolean;
  @Field({ description: 'False for a game stored before its moves were recorded as submitted: its history cannot be decided again.' })
  verifiable!: boolean;
  @Field(() => Int, { nullable: true, description: "The first event today's rules would not have given." })
  firstBadSeq!: number | null;
  @Field(() => GraphQLISODateTime) checkedAt!: Date;
  @Field(() => Int, { description: 'The version of the rules it was checked under.' })
  rulesetVersion!: number;
}

@Resolver(() => GameModel)
export class RecordsResolver {
  constructor(
    private readonly records: RecordsService,
    private readonly checks: RulesChecksRepository,
  ) {}

  @ResolveField(() => JSONScalar, {
    description:
      "The game's record (as GET /games/<id>/record.json gives it): whole and public once the game is over; while it is played, for its players only, as the caller may see it and without the server seed.",
    complexity: FIELD_COSTS.integrity,
  })
  record(@Parent() { game, userId }: GameParent) {
    return this.records.recordFor(game.row.id, userId);
  }

  @ResolveField(() => RecordCheckModel, {
    nullable: true,
    description: 'A finished game\'s record checked by the verifier (the page\'s "Record verified"); null while the game is not finished.',
    complexity: FIELD_COSTS.integrity,
  })
  async recordCheck(@Parent() { game }: GameParent): Promise<RecordCheckModel | null> {
    const verdict = await this.records.finishedGameVerdict(game);
    if (!verdict) return null;
    if (verdict.ok) return { verified: true, firstBadSeq: null, problem: null, verifiable: true };
    return { verified: false, firstBadSeq: verdict.seq, problem: verdict.problem, verifiable: !verdict.unverifiable };
  }

  @ResolveField(() => Int, { description: 'The version of its rules the game was created under.' })
  rulesetVersion(@Parent() { game }: GameParent) {
    return game.row.rulesetVersion;
  }

  @ResolveField(() => RulesCheckModel, { nullable: true, description: "The latest check of the game's history under the rules of today; null until one ran." })
  async rulesCheck(@Parent() { game }: GameParent): Promise<RulesCheckModel | null> {
    const check = await this.checks.latest(game.row.id);
    return check && { ...check, verifiable: check.verifiable ?? true, checkedAt: new Date(check.checkedAt) };
  }
}
