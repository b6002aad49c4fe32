/** GraphQL types of move deadlines (code-first). */
import { Field, InputType, Int, ObjectType, registerEnumType } from '@nestjs/graphql';
import { GameModel } from '../graphql/models';

export enum DeadlineActionValue {
  EXTEND = 'EXTEND',
  SKIP = 'SKIP',
  END = 'END',
}
registerEnumType(DeadlineActionValue, {
  name: 'DeadlineAction',
  description: 'Extend the deadline, skip the seat (where the ruleset can), or end the game with the current result.',
});

export enum DeadlineExpiryValue {
  ASK_HOST = 'ASK_HOST',
  EXTEND = 'EXTEND',
  SKIP = 'SKIP',
  END = 'END',
  BOT = 'BOT',
}
registerEnumType(DeadlineExpiryValue, {
  name: 'DeadlineExpiry',
  description: "What happens when a deadline passes: the host chooses then (ASK_HOST), or this action is applied at once (BOT: a bot plays the seat's turn).",
});

@InputType('TimeBankInput', { description: "Each player's own time, running only during their turns." })
export class TimeBankInputModel {
  @Field(() => Int, { description: 'What each bank holds at the start, e.g. 72.' }) initialHours!: number;
  @Field(() => Int, { description: "Added to a player's bank after each of their turns, e.g. 4." }) incrementHours!: number;
  @Field(() => Int, { description: 'A bank never holds more, e.g. 72.' }) maxHours!: number;
}

@InputType('MoveDeadlineInput', { description: 'Either hoursPerMove or a bank, exactly one.' })
export class MoveDeadlineInputModel {
  @Field(() => Int, { nullable: true, description: 'Time each seat has to act, e.g. 72.' }) hoursPerMove?: number;
  @Field(() => TimeBankInputModel, { nullable: true, description: 'A time bank per player instead of a time per move.' }) bank?: TimeBankInputModel;
  @Field({ nullable: true, description: "No clock runs from Saturday 00:00 to Monday 00:00 in each player's time zone. Default: false." })
  pauseOnWeekends?: boolean;
  @Field(() => Int, {
    nullable: true,
    description:
      'Reminder this long before the deadline (or before a bank runs out); 0 for none. Default: 24, or half the time per move (or the first bank) if shorter.',
  })
  reminderHoursBefore?: number;
  @Field(() => DeadlineExpiryValue, { nullable: true, defaultValue: DeadlineExpiryValue.ASK_HOST }) onExpiry?: DeadlineExpiryValue;
}

@ObjectType('SeatDeadline')
export class SeatDeadlineModel {
  @Field(() => Int) seat!: number;
  @Field({ description: 'Including vacation pauses.' }) deadline!: Date;
  @Field({ description: 'The deadline passed and the host has not yet resolved it.' }) passed!: boolean;
  @Field(() => [DeadlineActionValue], {
    description:
      'What the caller may choose for the seat now (resolveDeadline): empty unless they are the host and the deadline passed; SKIP only where the ruleset can skip the seat now.',
  })
  actions!: DeadlineActionValue[];
}

@ObjectType('SeatClock')
export class SeatClockModel {
  @Field(() => Int) seat!: number;
  @Field(() => Int, { description: 'Counted time left: of the running turn, or what the next turn starts with.' }) remainingSeconds!: number;
  @Field({ description: 'Ticking now: the seat is to act and neither a weekend pause nor a vacation holds its clock.' }) running!: boolean;
}

@ObjectType('MyTurn')
export class MyTurnModel {
  @Field(() => GameModel) game!: unknown;
  @Field(() => Int) seat!: number;
  @Field(() => Date, { nullable: true }) deadline!: Date | null;
}
