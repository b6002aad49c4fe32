/** A game's chat-channel webhook, in the API: its host sets, reads and removes it. */
import { Args, Context, Field, ID, Mutation, ObjectType, Query, registerEnumType, Resolver } from '@nestjs/graphql';
import { RequestContext, requireUser } from '../graphql/context';
import { WebhookKind } from './webhook-posts';
import { StoredWebhook } from './webhooks.repository';
import { WebhooksService } from './webhooks.service';

export const WebhookKindValue = { DISCORD: 'DISCORD', SLACK: 'SLACK', MATRIX: 'MATRIX', JSON: 'JSON' } as const satisfies Record<WebhookKind, WebhookKind>;
registerEnumType(WebhookKindValue, {
  name: 'WebhookKind',
  description: 'The chat service a webhook posts to: the shape of its posts. JSON posts are signed (see README, "Webhooks").',
});

@ObjectType('Webhook', { description: "Where turns are posted: a game's (every turn of it, set by its host) or a player's own (each of their turns)." })
export class WebhookModel {
  @Field(() => ID) id!: string;
  @Field(() => ID, { nullable: true, description: "The game, for a game's webhook; null for a player's own." }) gameId!: string | null;
  @Field({ description: 'Where each turn is posted. It holds the channel’s own secret: only its owner reads it.' }) url!: string;
  @Field(() => WebhookKindValue) kind!: WebhookKind;
  @Field() createdAt!: Date;
  @Field(() => Date, { nullable: true, description: 'Since when every post has failed; null while they succeed.' }) failingSince!: Date | null;
  @Field(() => Date, { nullable: true, description: 'Set when it failed for a day and was switched off: set it again to post again.' })
  switchedOffAt!: Date | null;
}

@ObjectType('WebhookSetup')
export class WebhookSetupModel {
  @Field(() => WebhookModel) webhook!: WebhookModel;
  @Field({ description: 'The key JSON posts are signed with (HMAC-SHA256). Shown here only: keep it now.' }) secret!: string;
}

@ObjectType('ChatHandles', { description: "The caller's own ids on chat services: posts of their turns mention them there. Null where none is given." })
export class ChatHandlesModel {
  @Field(() => String, { nullable: true, description: 'A Discord user id (17 to 20 digits).' }) discord!: string | null;
  @Field(() => String, { nullable: true, description: 'A Slack member id (U… or W…).' }) slack!: string | null;
  @Field(() => String, { nullable: true, description: 'A Matrix user id (@name:server).' }) matrix!: string | null;
}

export function webhookModel({ id, gameId, url, kind, createdAt, failingSince, switchedOffAt }: StoredWebhook): WebhookModel {
  return { id, gameId, url, kind, createdAt, failingSince, switchedOffAt };
}

const ONLY_PUBLIC = 'Only https addresses that lead to public servers (BAD_USER_INPUT otherwise).';

@Resolver()
export class WebhooksResolver {
  constructor(private readonly webhooks: WebhooksService) {}

  @Query(() => WebhookModel, { nullable: true, description: "Host only: where the game's turns are posted, if anywhere." })
  async gameWebhook(@Args('gameId', { type: () => ID }) gameId: string, @Context() context: RequestContext): Promise<WebhookModel | null> {
    const webhook = await this.webhooks.of(requireUser(context), { gameId });
    return webhook && webhookModel(webhook);
  }

  @Mutation(() => WebhookSetupModel, {
    description: `Host only: posts each turn of the game (who is to move, the last move, a link, the fingerprint of its history) to a chat channel. Replaces the game's webhook if it had one. ${ONLY_PUBLIC}`,
  })
  async setGameWebhook(
    @Args('gameId', { type: () => ID }) gameId: string,
    @Args('url') url: string,
    @Args('kind', { type: () => WebhookKindValue }) kind: WebhookKind,
    @Context() context: RequestContext,
  ): Promise<WebhookSetupModel> {
    const { webhook, secret } = await this.webhooks.set(requireUser(context), { gameId }, url, kind);
    return { webhook: webhookModel(webhook), secret };
  }

  @Mutation(() => Boolean, { description: "Host only: stops posting the game's turns. True once none are posted." })
  async removeGameWebhook(@Args('gameId', { type: () => ID }) gameId: string, @Context() context: RequestContext): Promise<boolean> {
    await this.webhooks.remove(requireUser(context), { gameId });
    return true;
  }

  @Query(() => WebhookModel, { nullable: true, description: "Where the caller's own turns, in all their games, are posted, if anywhere." })
  async playerWebhook(@Context() context: RequestContext): Promise<WebhookModel | null> {
    const playerId = requireUser(context);
    const webhook = await this.webhooks.of(playerId, { playerId });
    return webhook && webhookModel(webhook);
  }

  @Mutation(() => WebhookSetupModel, {
    description: `Posts each of the caller's turns, in every game of theirs, and the end of each, to a chat channel (theirs: a private channel, say). Replaces their webhook if they had one. ${ONLY_PUBLIC}`,
  })
  async setPlayerWebhook(
    @Args('url') url: string,
    @Args('kind', { type: () => WebhookKindValue }) kind: WebhookKind,
    @Context() context: RequestContext,
  ): Promise<WebhookSetupModel> {
    const playerId = requireUser(context);
    const { webhook, secret } = await this.webhooks.set(playerId, { playerId }, url, kind);
    return { webhook: webhookModel(webhook), secret };
  }

  @Mutation(() => Boolean, { description: "Stops posting the caller's turns. True once none are posted." })
  async removePlayerWebhook(@Context() context: RequestContext): Promise<boolean> {
    const playerId = requireUser(context);
    await this.webhooks.remove(playerId, { playerId });
    return true;
  }

  @Query(() => ChatHandlesModel, { description: "The caller's ids on chat services, which posts of their turns mention." })
  chatHandles(@Context() context: RequestContext): Promise<ChatHandlesModel> {
    return this.webhooks.handles(requireUser(context));
  }

  @Mutation(() => ChatHandlesModel, {
    description: "Replaces the caller's ids on chat services (an empty or missing one: none). One that is not such an id: BAD_USER_INPUT, nothing saved.",
  })
  setChatHandles(
    @Args('discord', { type: () => String, nullable: true }) discord: string | null,
    @Args('slack', { type: () => String, nullable: true }) slack: string | null,
    @Args('matrix', { type: () => String, nullable: true }) matrix: string | null,
    @Context() context: RequestContext,
  ): Promise<ChatHandlesModel> {
    return this.webhooks.setHandles(requireUser(context), { discord: discord ?? null, slack: slack ?? null, matrix: matrix ?? null });
  }
}
