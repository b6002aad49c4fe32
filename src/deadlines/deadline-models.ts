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

@InputType('MoveDeadlineInput')
export class MoveDeadlineInputModel {
  @Field(() => Int, { description: 'Time each seat has to act, e.g. 72.' }) hoursPerMove!: number;
  @Field(() => Int, { nullable: true, description: 'Reminder this long before the deadline; 0 for none. Default: 24, or half the time per move if shorter.' })
  reminderHoursBefore?: number;
  @Field(() => DeadlineExpiryValue, { nullable: true, defaultValue: DeadlineExpiryValue.ASK_HOST }) onExpiry?: DeadlineExpiryValue;
}

@ObjectType('SeatDeadline')
export class SeatDeadlineModel {
  @Field(() => Int) seat!: number;
  @Field({ description: 'Including vacation pauses.' }) deadline!: Date;
  @Field({ description: 'The deadline passed and the host has not yet resolved it.' }) passed!: boolean;
}

@ObjectType('MyTurn')
export class MyTurnModel {
  @Field(() => GameModel) game!: unknown;
  @Field(() => Int) seat!: number;
  @Field(() => Date, { nullable: true }) deadline!: Date | null;
}
