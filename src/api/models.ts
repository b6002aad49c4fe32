/** GraphQL object types (code-first). Game fields that need work are resolved in games.resolver.ts. */
import { Field, ID, Int, ObjectType, registerEnumType } from '@nestjs/graphql';
import { JSONScalar } from './json.scalar';
import type { LoadedGame } from '../play/game.service';

export enum GameStatusValue {
  LOBBY = 'LOBBY',
  ACTIVE = 'ACTIVE',
  FINISHED = 'FINISHED',
}
registerEnumType(GameStatusValue, { name: 'GameStatus' });

export enum GameVisibilityValue {
  PUBLIC = 'PUBLIC',
  PRIVATE = 'PRIVATE',
}
registerEnumType(GameVisibilityValue, {
  name: 'GameVisibility',
  description: 'PUBLIC: listed to everyone and open to anyone. PRIVATE: listed only to its players and invitees, joined only through its invite link or an invitation.',
});

@ObjectType()
export class UserModel {
  @Field(() => ID) id!: string;
  @Field() displayName!: string;
}

@ObjectType('Me')
export class MeModel extends UserModel {
  @Field() email!: string;
  @Field(() => String, { nullable: true, description: 'A new address waiting to be verified through the link mailed to it.' })
  pendingEmail?: string | null;
  @Field() createdAt!: Date;
}

@ObjectType('AuthPayload')
export class AuthPayloadModel {
  @Field() token!: string;
  @Field(() => MeModel) user!: MeModel;
}

@ObjectType('Ruleset')
export class RulesetModel {
  @Field(() => ID) id!: string;
  @Field() name!: string;
  @Field() description!: string;
  @Field(() => Int) minSeats!: number;
  @Field(() => Int) maxSeats!: number;
  @Field(() => JSONScalar, { description: 'Option schema: key, label, type, default and limits of each option.' })
  options!: unknown;
}

@ObjectType('Seat')
export class SeatModel {
  @Field(() => Int) index!: number;
  @Field(() => UserModel, { nullable: true }) user!: UserModel | null;
}

@ObjectType('Moment', { description: 'Where a game stood, as players count: round, whose turn, move number.' })
export class MomentModel {
  @Field(() => Int, { nullable: true, description: 'The round, for a game that has rounds and has begun its first.' })
  round!: number | null;
  @Field(() => Int, { description: 'Moves made so far on the line of play in force (0 before the first); an undone move keeps its number.' })
  move!: number;
  @Field(() => Int, { nullable: true, description: 'The seat whose move this is part of; null for the server\'s events and setup.' })
  seat!: number | null;
}

@ObjectType('HistoryEntry')
export class HistoryEntryModel {
  @Field(() => Int) seq!: number;
  @Field() type!: string;
  @Field(() => JSONScalar) payload!: unknown;
  @Field(() => Int, { nullable: true }) actorSeat!: number | null;
  @Field(() => UserModel, { nullable: true }) actor!: UserModel | null;
  @Field() at!: Date;
  @Field() rolledBack!: boolean;
  @Field(() => JSONScalar, {
    nullable: true,
    description:
      'On the first event of a step, the move exactly as its player submitted it (shown to others once the game is over, or when the step hid nothing from them); on the first event of a change the server made itself (a deadline), what caused it. Null elsewhere.',
  })
  move!: unknown;
  @Field(() => String, { nullable: true, description: 'The event in one sentence, as this reader may see it; null for bookkeeping no reader needs.' })
  text!: string | null;
  @Field(() => MomentModel, { description: 'Where the game stood after this event.' })
  moment!: MomentModel;
  @Field(() => MomentModel, { nullable: true, description: 'For an undo or a rollback: where it took the game back to.' })
  target!: MomentModel | null;
}

@ObjectType('Integrity')
export class IntegrityModel {
  @Field() ok!: boolean;
  @Field(() => Int) checkedEvents!: number;
  @Field(() => Int, { nullable: true }) firstBadSeq!: number | null;
}

/** The parent object of every Game field: the loaded game and who is asking. */
export class GameParent {
  constructor(
    readonly game: LoadedGame,
    readonly userId: string | undefined,
  ) {}
}

@ObjectType('Game')
export class GameModel {
  @Field(() => ID) id!: string;
}
