/** GraphQL types of notification settings and vacations (code-first). */
import { Field, ID, InputType, Int, ObjectType, registerEnumType } from '@nestjs/graphql';

export enum NotificationKindValue {
  YOUR_TURN = 'YOUR_TURN',
  INVITATION = 'INVITATION',
  GAME_STARTED = 'GAME_STARTED',
  GAME_FINISHED = 'GAME_FINISHED',
  ROLLBACK = 'ROLLBACK',
  DEADLINE_REMINDER = 'DEADLINE_REMINDER',
  DEADLINE_PASSED = 'DEADLINE_PASSED',
  NEW_MESSAGES = 'NEW_MESSAGES',
  AGREEMENT_REQUEST = 'AGREEMENT_REQUEST',
}
registerEnumType(NotificationKindValue, { name: 'NotificationKind' });

/** Every kind of mail sent: the kinds a player chooses how to get, and the daily digest that gathers them. */
export const MailKindValue = { ...NotificationKindValue, DIGEST: 'DIGEST' } as const;
export type MailKindValue = (typeof MailKindValue)[keyof typeof MailKindValue];
registerEnumType(MailKindValue, { name: 'MailKind' });

export enum DeliveryValue {
  IMMEDIATE = 'IMMEDIATE',
  DIGEST = 'DIGEST',
  OFF = 'OFF',
}
registerEnumType(DeliveryValue, { name: 'Delivery', description: 'Send each mail at once, gather them in a daily digest, or send none.' });

export enum ChannelValue {
  MAIL = 'MAIL',
  PUSH = 'PUSH',
  BOTH = 'BOTH',
}
registerEnumType(ChannelValue, {
  name: 'NotificationChannel',
  description: 'Where a notification sent at once goes: mail, web push to the devices the player turned it on in, or both. Without a device, mail.',
});

@ObjectType('KindDelivery')
export class KindDeliveryModel {
  @Field(() => NotificationKindValue) kind!: NotificationKindValue;
  @Field(() => DeliveryValue) delivery!: DeliveryValue;
  @Field(() => ChannelValue, { nullable: true, description: 'For the kinds web push carries (null for the others, which go by mail).' })
  channel!: ChannelValue | null;
}

@InputType('KindDeliveryInput')
export class KindDeliveryInput {
  @Field(() => NotificationKindValue) kind!: NotificationKindValue;
  @Field(() => DeliveryValue) delivery!: DeliveryValue;
  @Field(() => ChannelValue, { nullable: true, description: 'Omitted: unchanged. Only for the kinds web push carries.' })
  channel?: ChannelValue | null;
}

@ObjectType('VacationPeriod')
export class VacationPeriodModel {
  @Field() startsAt!: Date;
  @Field() endsAt!: Date;
}

@ObjectType('UndeliveredEmail')
export class UndeliveredEmailModel {
  @Field(() => MailKindValue) kind!: MailKindValue;
  @Field(() => ID, { nullable: true }) gameId!: string | null;
  @Field() createdAt!: Date;
  @Field({ description: 'What the mail server last answered.' }) error!: string;
}

@ObjectType('NotificationSettings')
export class NotificationSettingsModel {
  @Field(() => [KindDeliveryModel]) deliveries!: KindDeliveryModel[];
  @Field(() => [VacationPeriodModel], { description: 'Current and planned vacations: move deadlines pause and mail waits for a digest.' })
  vacations!: VacationPeriodModel[];
  @Field(() => Int) vacationDaysLeftThisYear!: number;
  @Field(() => [UndeliveredEmailModel], { description: 'Mail to the caller that failed on every try in the last 30 days, newest first (at most 10).' })
  undeliveredEmails!: UndeliveredEmailModel[];
}
