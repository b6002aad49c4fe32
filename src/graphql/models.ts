/** GraphQL object types (code-first). Game fields that need a service are resolved in games.resolver.ts and its capabilities' resolvers. */
import { Field, ID, Int, ObjectType, registerEnumType } from '@nestjs/graphql';
import { JSONScalar } from './json.scalar';
import { gameAsIs, type LoadedGame } from '../play/loaded-game';
import { gameStatus, seatOf } from '../play/game-state';
import { isRefusal } from '../play/platform/decision';
import { type FinishedResult, seatPlaces } from '../play/platform/finish-places';
import { openToAnyone } from '../play/platform/lobby';
import { decideUndo, seatToMove } from '../play/platform/moves';
import { FIELD_COSTS } from './query-limits';

export enum GameStatusValue {
  LOBBY = 'LOBBY',
  ACTIVE = 'ACTIVE',
  FINISHED = 'FINISHED',
  /** A table nobody started within its days open. */
  EXPIRED = 'EXPIRED',
}
registerEnumType(GameStatusValue, { name: 'GameStatus' });

export enum BotLevelValue {
  RANDOM = 'RANDOM',
  GREEDY = 'GREEDY',
}
registerEnumType(BotLevelValue, {
  name: 'BotLevel',
  description: "How a bot plays: RANDOM, any move it may make; GREEDY, the move its game's own evaluation rates best one step ahead.",
});

export enum WhenPlayerLeavesValue {
  SKIP = 'SKIP',
  BOT = 'BOT',
}
registerEnumType(WhenPlayerLeavesValue, {
  name: 'WhenPlayerLeaves',
  description: 'What becomes of the seat of a player who resigns, is removed or deletes their account: passed over (SKIP), or played by a bot (BOT).',
});

export enum GameVisibilityValue {
  PUBLIC = 'PUBLIC',
  PRIVATE = 'PRIVATE',
}
registerEnumType(GameVisibilityValue, {
  name: 'GameVisibility',
  description:
    'PUBLIC: listed to everyone and open to anyone. PRIVATE: listed only to its players and invitees, joined only through its invite link or an invitation.',
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
  @Field({ description: 'The IANA time zone ("America/New_York") mail writes times in: guessed by the browser at sign-up, UTC until known.' })
  timeZone!: string;
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
  @Field(() => [BotLevelValue], { description: 'The levels of bots its games can seat (GREEDY needs an evaluation of its own).' })
  botLevels!: BotLevelValue[];
  @Field({ description: "Whether its games may skip a player whose time ran out (moveDeadline's onExpiry SKIP)." })
  canSkipTurns!: boolean;
}

@ObjectType('Seat')
export class SeatModel {
  @Field(() => Int) index!: number;
  @Field(() => UserModel, { nullable: true }) user!: UserModel | null;
  @Field(() => BotLevelValue, {
    nullable: true,
    description: 'The level of the bot that plays the seat now (given it at the creation, or taking over from a player who left); null: none.',
  })
  bot!: BotLevelValue | null;
}

@ObjectType('Moment', { description: 'Where a game stood, as players count: round, whose turn, move number.' })
export class MomentModel {
  @Field(() => Int, { nullable: true, description: 'The round, for a game that has rounds and has begun its first.' })
  round!: number | null;
  @Field(() => Int, { description: 'Moves made so far on the line of play in force (0 before the first); an undone move keeps its number.' })
  move!: number;
  @Field(() => Int, { nullable: true, description: "The seat whose move this is part of; null for the server's events and setup." })
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
  @Field({
    description:
      'Undone, rolled back or taken back since: play no longer part of the game, shown struck through. A request, an answer or a deadline passing is never: it still happened.',
  })
  rolledBack!: boolean;
  @Field({ description: 'Undone, rolled back or taken back since: the game as it stands is not on it, so it is no point to go back to.' })
  setAside!: boolean;
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

/**
 * The parent object of every Game field: the loaded game and who is asking.
 * Its getters are the Game fields that are plain facts of the loaded game
 * (declared in GameModel below), which graphql-js's default resolver reads
 * as they are: a Nest resolver method costs each field of each answer
 * several promises, and a move's answer selects Game fields by the dozen.
 * A field that needs a service is a @ResolveField (games.resolver.ts and
 * the resolver of its capability).
 */
export class GameParent {
  constructor(
    readonly game: LoadedGame,
    readonly userId: string | undefined,
  ) {}

  get id(): string {
    return this.game.row.id;
  }

  get ruleset(): string {
    return this.game.row.ruleset;
  }

  get status(): string {
    return this.game.row.status;
  }

  get version(): number {
    return this.game.row.version;
  }

  get options(): unknown {
    return this.game.row.options;
  }

  get activeSeats(): number[] {
    return this.game.row.activeSeats;
  }

  get mySeat(): number | null {
    return seatOf(this.game.state, this.userId);
  }

  get phase(): string | null {
    return gameStatus(this.game.ruleset, this.game.state)?.phase ?? null;
  }

  get legalMoves(): unknown[] {
    const seat = seatToMove(gameAsIs(this.game), this.userId ?? null);
    return isRefusal(seat) ? [] : this.game.ruleset.legalMoves(this.game.state.rules, seat);
  }

  get canUndo(): boolean {
    return this.userId !== undefined && decideUndo(gameAsIs(this.game), this.userId).ok;
  }

  get result(): unknown {
    return this.game.row.status === 'FINISHED' ? this.game.row.result : null;
  }

  get places(): number[] | null {
    const result = this.result as FinishedResult | null;
    return result && seatPlaces(result, this.game.state.seats.length);
  }

  get createdAt(): Date {
    return this.game.row.createdAt;
  }

  get updatedAt(): Date {
    return this.game.row.updatedAt;
  }

  get autoStart(): boolean {
    return this.game.state.autoStart === true;
  }

  get withBots(): boolean {
    return this.game.state.bots !== undefined || this.game.state.botsTakeOver === true;
  }

  get openToAnyone(): boolean {
    return openToAnyone(this.game.state);
  }

  get whenPlayerLeaves(): WhenPlayerLeavesValue {
    return this.game.state.botsTakeOver ? WhenPlayerLeavesValue.BOT : WhenPlayerLeavesValue.SKIP;
  }
}

@ObjectType('Game')
export class GameModel {
  @Field(() => ID) id!: string;
  @Field() ruleset!: string;
  @Field(() => GameStatusValue) status!: GameStatusValue;
  @Field(() => Int, { description: "Number of events in the game's stream." }) version!: number;
  @Field(() => JSONScalar) options!: unknown;
  @Field(() => [Int]) activeSeats!: number[];
  @Field(() => Int, { nullable: true }) mySeat!: number | null;
  @Field(() => String, { nullable: true, description: 'The current phase, as the ruleset names it.' }) phase!: string | null;
  @Field(() => [JSONScalar], { description: 'Every move the caller may make now.', complexity: FIELD_COSTS.rules }) legalMoves!: unknown[];
  @Field({ description: "Whether undoMove would take back one of the caller's steps." }) canUndo!: boolean;
  @Field(() => JSONScalar, { nullable: true, description: 'Scores and winners once the game is finished.' }) result!: unknown;
  @Field(() => [Int], {
    nullable: true,
    description:
      "Once the game is finished, each seat's finishing place, 1 for the first: the winners, then the others by score, then those who left, the first to leave last. Seats level share a place, and the next counts them all (1, 2, 2, 4).",
  })
  places!: number[] | null;
  @Field() createdAt!: Date;
  @Field() updatedAt!: Date;
  @Field({ description: 'It starts by itself as its last seat is taken (as games do unless their host chose otherwise), rather than when its host starts it.' })
  autoStart!: boolean;
  @Field({ description: 'Bots play in it: given seats at the creation, or taking over from players who leave.' }) withBots!: boolean;
  @Field(() => WhenPlayerLeavesValue) whenPlayerLeaves!: WhenPlayerLeavesValue;
  @Field({
    description:
      "Anyone may join it unasked: public, and not played in a group (whose members alone may join). While it waits for players, it is among others' open games.",
  })
  openToAnyone!: boolean;
}
