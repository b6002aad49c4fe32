/** A game's chat in the API: reading, writing, hiding one's own line, read markers, mute, live updates, and unread counts on games. */
import { OnModuleInit } from '@nestjs/common';
import { Args, Context, Field, ID, Int, Mutation, ObjectType, Parent, Query, ResolveField, Resolver, Subscription } from '@nestjs/graphql';
import { RequestContext, requireUser } from '../graphql/context';
import { endingPromptly, GameUpdates, readWhileUnavailable } from '../graphql/game-updates';
import { GameModel, GameParent, UserModel } from '../graphql/models';
import { listCost } from '../graphql/query-limits';
import { CHAT_LINES_SHOWN, ChatService, GameChat } from './chat.service';
import { CHAT_LINES_CHANNEL, StoredChatLine } from './chat.store';

@ObjectType('ChatLine')
export class ChatLineModel {
  @Field(() => ID) id!: string;
  @Field(() => UserModel) author!: UserModel;
  @Field(() => Int, { description: "The author's seat." }) seat!: number;
  @Field(() => String, { nullable: true, description: 'Null once its author removed it.' }) text!: string | null;
  @Field({ description: 'Removed by its author: shown as "message removed".' }) hidden!: boolean;
  @Field() at!: Date;
  @Field({ description: "The caller's own line (which they may remove)." }) mine!: boolean;
}

@ObjectType('GameChat')
export class GameChatModel {
  @Field(() => ID) gameId!: string;
  @Field(() => [ChatLineModel], { description: `The newest ${CHAT_LINES_SHOWN} lines, oldest first.`, complexity: listCost(() => CHAT_LINES_SHOWN) })
  lines!: ChatLineModel[];
  @Field({ description: "Whether the caller is one of the game's players, who write in it." }) canWrite!: boolean;
  @Field(() => Int, { description: 'Lines by others since the caller last read the chat (0 when muted or not a player).' }) unread!: number;
  @Field({ description: 'The caller muted this chat: no mail about it and no unread count.' }) muted!: boolean;
}

function chatModel(chat: GameChat): GameChatModel {
  const line = (stored: StoredChatLine): ChatLineModel => ({
    id: stored.id,
    author: { id: stored.authorId, displayName: stored.authorName },
    seat: stored.authorSeat,
    text: stored.text,
    hidden: stored.hidden,
    at: stored.at,
    mine: stored.authorId === chat.reader?.userId,
  });
  const { reader } = chat;
  return {
    gameId: chat.gameId,
    lines: chat.lines.map(line),
    canWrite: reader !== null,
    unread: reader && !reader.muted ? reader.unread : 0,
    muted: reader?.muted ?? false,
  };
}

@Resolver(() => GameModel)
export class ChatResolver implements OnModuleInit {
  constructor(
    private readonly chat: ChatService,
    private readonly updates: GameUpdates,
  ) {}

  onModuleInit(): void {
    this.updates.listenTo(CHAT_LINES_CHANNEL);
  }

  @Query(() => GameChatModel, { description: "A game's chat: its players' at any time, anyone's once the game is over." })
  async gameChat(@Args('gameId', { type: () => ID }) gameId: string, @Context() context: RequestContext) {
    return chatModel(await this.chat.read(gameId, context.userId));
  }

  @Mutation(() => GameChatModel, { description: 'Writes a line in the chat of a game the caller plays (1 to 500 characters, 5 lines in 10 seconds at most).' })
  async sendChatMessage(@Args('gameId', { type: () => ID }) gameId: string, @Args('text') text: string, @Context() context: RequestContext) {
    return chatModel(await this.chat.send(requireUser(context), gameId, text));
  }

  @Mutation(() => GameChatModel, { description: 'Removes one of the caller\'s own lines: it stays in the chat as "message removed".' })
  async hideChatMessage(
    @Args('gameId', { type: () => ID }) gameId: string,
    @Args('lineId', { type: () => ID }) lineId: string,
    @Context() context: RequestContext,
  ) {
    return chatModel(await this.chat.hide(requireUser(context), gameId, lineId));
  }

  @Mutation(() => GameChatModel, { description: 'The caller has read the chat up to this line (the newest the page shows).' })
  async markChatRead(
    @Args('gameId', { type: () => ID }) gameId: string,
    @Args('lineId', { type: () => ID }) lineId: string,
    @Context() context: RequestContext,
  ) {
    return chatModel(await this.chat.markRead(requireUser(context), gameId, lineId));
  }

  @Mutation(() => GameChatModel, { description: "Mutes (or unmutes) a game's chat for the caller: no mail about it, no unread count." })
  async muteChat(@Args('gameId', { type: () => ID }) gameId: string, @Args('muted') muted: boolean, @Context() context: RequestContext) {
    return chatModel(await this.chat.setMuted(requireUser(context), gameId, muted));
  }

  @Subscription(() => GameChatModel, {
    description: 'The chat as the subscriber may read it: at once, then after every line written or removed.',
    resolve: (chat: GameChatModel) => chat,
  })
  async chatUpdated(@Args('gameId', { type: () => ID }) gameId: string, @Context() context: RequestContext) {
    // Watch before reading, so that a line written in between still wakes us.
    const changes = this.updates.watch(gameId, CHAT_LINES_CHANNEL);
    let first: GameChat;
    try {
      first = await readWhileUnavailable(() => this.chat.read(gameId, context.userId)); // refused before subscribing
    } catch (error) {
      await changes.return?.();
      throw error;
    }
    const chat = this.chat;
    async function* updates() {
      try {
        yield chatModel(first);
        for await (const _change of changes) yield chatModel(await readWhileUnavailable(() => chat.read(gameId, context.userId)));
      } finally {
        await changes.return?.();
      }
    }
    return endingPromptly(updates(), changes);
  }

  @ResolveField(() => Int, { description: "Lines in the game's chat the caller has not read (0 when muted, or not one of its players)." })
  async unreadChat(@Parent() { game, userId }: GameParent) {
    if (!userId || !game.state.seats.includes(userId)) return 0;
    return this.chat.unreadCount(game.row.id, userId);
  }
}
