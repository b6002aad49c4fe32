/** GraphQL types of web push (code-first). */
import { Field, ID, InputType, ObjectType } from '@nestjs/graphql';

@ObjectType('PushDevice', { description: 'A browser the player turned push notifications on in.' })
export class PushDeviceModel {
  @Field(() => ID) id!: string;
  @Field({ description: "The player's name for it." }) label!: string;
  @Field({ description: 'When push was turned on in it.' }) createdAt!: Date;
}

@InputType('PushSubscriptionInput')
export class PushSubscriptionInput {
  @Field() endpoint!: string;
  @Field() p256dh!: string;
  @Field() auth!: string;
  @Field() label!: string;
}
