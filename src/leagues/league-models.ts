/** GraphQL types of leagues (code-first). */
import { Field, Float, ID, InputType, Int, ObjectType, registerEnumType } from '@nestjs/graphql';
import { MoveDeadlineInputModel } from '../deadlines/deadline-models';
import { JSONScalar } from '../graphql/json.scalar';
import { GameModel, UserModel } from '../graphql/models';
import type { LeagueFormat } from './league-terms';

export const LeagueFormatValue = { ROUND_ROBIN: 'ROUND_ROBIN', SWISS: 'SWISS' } as const satisfies Record<LeagueFormat, LeagueFormat>;
registerEnumType(LeagueFormatValue, {
  name: 'LeagueFormat',
  description: 'ROUND_ROBIN: everyone meets everyone (as evenly as tables allow). SWISS: a set number of rounds, players level on points meeting.',
});

@InputType()
export class CreateLeagueInput {
  @Field(() => ID) groupId!: string;
  @Field() ruleset!: string;
  @Field(() => JSONScalar, { nullable: true, description: 'The options of every game of the league.' }) options?: unknown;
  @Field(() => Int, { description: "2 to the game's largest table." }) seatsPerGame!: number;
  @Field(() => LeagueFormatValue) format!: LeagueFormat;
  @Field(() => Int, { nullable: true, description: 'Swiss: 1 to 30. A round robin works out its own: leave it out.' }) rounds?: number;
  @Field(() => [ID], { description: 'The members of the group who take part.' }) memberIds!: string[];
  @Field(() => MoveDeadlineInputModel, { nullable: true, description: 'The move deadline of every game, and what happens when one passes.' })
  timeControl?: MoveDeadlineInputModel;
  @Field(() => Date, { nullable: true, description: 'When the first round starts; absent: now.' }) startsAt?: Date;
  @Field(() => [Float], { nullable: true, description: 'Points for each finish place, first first; absent: one per player finished ahead of.' })
  pointsPerPlace?: number[];
  @Field({ nullable: true, description: 'Bots play the games of those who drop out, and their results count; absent or false: they forfeit them.' })
  botsPlayDropOuts?: boolean;
  @Field({ nullable: true, description: 'Its games count for the ratings (those a bot plays in never do); absent: true.' })
  rated?: boolean;
}

@ObjectType('LeagueTable', { description: 'One game of a round: its players in seat order, its game once the round has started.' })
export class LeagueTableModel {
  @Field(() => [UserModel]) players!: UserModel[];
  @Field(() => GameModel, { nullable: true }) game!: unknown;
  @Field(() => [Float], { nullable: true, description: "Each player's points from this game, once it is decided (played, or forfeited)." }) points!:
    number[] | null;
}

@ObjectType('LeagueRound')
export class LeagueRoundModel {
  @Field(() => Int) number!: number;
  @Field({ description: 'Its games have been created.' }) started!: boolean;
  @Field(() => [LeagueTableModel]) tables!: LeagueTableModel[];
  @Field(() => [UserModel], { description: 'Players sitting the round out.' }) byes!: UserModel[];
}

@ObjectType('LeagueStanding')
export class LeagueStandingModel {
  @Field(() => UserModel) user!: UserModel;
  @Field(() => Float) points!: number;
  @Field(() => Float, { description: 'Sonneborn-Berger (round robin) or Buchholz (Swiss).' }) tieBreak!: number;
  @Field(() => Int, { description: 'Games decided (forfeits included).' }) played!: number;
  @Field(() => Int, { description: 'Games still to play.' }) left!: number;
  @Field() droppedOut!: boolean;
}

@ObjectType('League')
export class LeagueModel {
  @Field(() => ID) id!: string;
  @Field(() => ID) groupId!: string;
  @Field() ruleset!: string;
  @Field(() => LeagueFormatValue) format!: LeagueFormat;
  @Field(() => Int) seatsPerGame!: number;
  @Field(() => [Float]) pointsPerPlace!: number[];
  @Field() botsPlayDropOuts!: boolean;
  @Field() rated!: boolean;
  @Field(() => Date) startsAt!: Date;
  @Field(() => Int, { description: 'The round being played; 0 before the first.' }) currentRound!: number;
  @Field() finished!: boolean;
  @Field({ description: 'SHA-256 of the secret seed the schedule and seats are drawn from.' }) seedCommitment!: string;
  @Field(() => String, { nullable: true, description: 'The seed itself, once the league has ended.' }) seed!: string | null;
  @Field(() => [GameModel], { description: 'Its games, round by round.' }) games!: unknown[];
  @Field(() => [LeagueStandingModel], { description: 'Best first.' }) standings!: LeagueStandingModel[];
  @Field(() => [LeagueRoundModel]) rounds!: LeagueRoundModel[];
  @Field(() => JSONScalar, {
    description: "What its standings are computed from with its games' records: saved as a file, `npm run league-standings` recomputes them with no server.",
  })
  definition!: unknown;
}
