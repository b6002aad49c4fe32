/** A game's chat-channel webhook, in the API: its host sets, reads and removes it. */
import { Args, Context, Field, ID, Mutation, ObjectType, Query, registerEnumType, Resolver } from '@nestjs/graphql';
import { RequestContext, requireUser } from '../graphql/context';
import { WebhookKind } from './webhook-posts';
import { StoredWebhook } from './webhooks.repository';
import { WebhooksService } from './webhooks.service';

const WebhookKindValue = { DISCORD: 'DISCORD', SLACK: 'SLACK', MATRIX: 'MATRIX', JSON: 'JSON' } as const satisfies Record<WebhookKind, WebhookKind>;
registerEnumType(WebhookKindValue, {
  name: 'WebhookKind',
  description: 'The chat service a webhook posts to: the shape of its posts. JSON posts are signed (see README, "Webhooks").',
});

@ObjectType('GameWebhook')
export class GameWebhookModel {
  @Field(() => ID) id!: string;
  @Field(() => ID) gameId!: string;
  @Field({ description: 'Where each turn is posted. It holds the channel’s own secret: only the host reads it.' }) url!: string;
  @Field(() => WebhookKindValue) kind!: WebhookKind;
  @Field() createdAt!: Date;
  @Field(() => Date, { nullable: true, description: 'Since when every post has failed; null while they succeed.' }) failingSince!: Date | null;
  @Field(() => Date, { nullable: true, description: 'Set when it failed for a day and was switched off: set it again to post again.' })
  switchedOffAt!: Date | null;
}

@ObjectType('GameWebhookSetup')
export class GameWebhookSetupModel {
  @Field(() => GameWebhookModel) webhook!: GameWebhookModel;
  @Field({ description: 'The key JSON posts are signed with (HMAC-SHA256). Shown here only: keep it now.' }) secret!: string;
}

function model({ id, gameId, url, kind, createdAt, failingSince, switchedOffAt }: StoredWebhook): GameWebhookModel {
  return { id, gameId, url, kind, createdAt, failingSince, switchedOffAt };
}

@Resolver()
export class WebhooksResolver {
  constructor(private readonly webhooks: WebhooksService) {}

  @Query(() => GameWebhookModel, { nullable: true, description: "Host only: where the game's turns are posted, if anywhere." })
  async gameWebhook(@Args('gameId', { type: () => ID }) gameId: string, @Context() context: RequestContext): Promise<GameWebhookModel | null> {
    const webhook = await this.webhooks.ofGame(requireUser(context), gameId);
    return webhook && model(webhook);
  }

  @Mutation(() => GameWebhookSetupModel, {
    description:
      'Host only: posts each turn of the game (who is to move, the last move, a link, the fingerprint of its history) to a chat channel. ' +
      'Replaces the game’s webhook if it had one. Only https addresses that lead to public servers (BAD_USER_INPUT otherwise).',
  })
  async setGameWebhook(
    @Args('gameId', { type: () => ID }) gameId: string,
    @Args('url') url: string,
    @Args('kind', { type: () => WebhookKindValue }) kind: WebhookKind,
    @Context() context: RequestContext,
  ): Promise<GameWebhookSetupModel> {
    const { webhook, secret } = await this.webhooks.set(requireUser(context), gameId, url, kind);
    return { webhook: model(webhook), secret };
  }

  @Mutation(() => Boolean, { description: "Host only: stops posting the game's turns. True once none are posted." })
  async removeGameWebhook(@Args('gameId', { type: () => ID }) gameId: string, @Context() context: RequestContext): Promise<boolean> {
    await this.webhooks.remove(requireUser(context), gameId);
    return true;
  }
}
