/**
 * Who may read and write a game's chat, and its limits. A game's players
 * (seated, at any stage) write and read it; anyone else reads it only once
 * the game is over, so that no spectator follows table talk while it can
 * still matter. A line is never edited; its author may hide it ("message
 * removed"). Players who were away hear of new lines in their next "your
 * turn" mail, or in a "new messages" mail (notifications/outbox.ts).
 */
import { Injectable } from '@nestjs/common';
import DataLoader from 'dataloader';
import { Clock } from '../common/clock';
import { AppError, rateLimited } from '../common/errors';
import { isUuid } from '../common/ids';
import { cleanText } from '../common/text';
import { PrismaService } from '../database/prisma.service';
import { NotificationOutbox } from '../notifications/outbox';
import { revealedToAll } from '../play/platform/game-at';
import { ChatGame, ChatRateLimit, ChatReaderState, ChatStore, StoredChatLine } from './chat.store';

/** Characters in one line, as a player counts them. */
export const CHAT_LINE_LENGTH: [number, number] = [1, 500];
/** Lines a player may write in one game: enough for a quick exchange, too few to flood it. */
export const CHAT_RATE_LIMIT: ChatRateLimit = { lines: 5, windowSeconds: 10 };
/** The newest lines shown (and sent live). */
export const CHAT_LINES_SHOWN = 200;

/** A game's chat as one reader sees it. */
export interface GameChat {
  gameId: string;
  lines: StoredChatLine[];
  /** Null for a reader who is not seated. */
  reader: (ChatReaderState & { userId: string; seat: number }) | null;
}

@Injectable()
export class ChatService {
  private readonly store: ChatStore;
  private readonly unreadReads = new DataLoader<string, number>((keys) => this.readUnread(keys), { cache: false });

  constructor(
    private readonly prisma: PrismaService,
    private readonly outbox: NotificationOutbox,
    private readonly clock: Clock,
  ) {
    this.store = new ChatStore(prisma.sql);
  }

  /** The chat as `userId` may read it; refused to anyone but its players while the game is not over. */
  async read(gameId: string, userId: string | undefined): Promise<GameChat> {
    const game = await this.game(gameId);
    const seat = userId === undefined ? undefined : game.seats.get(userId);
    if (seat === undefined && !revealedToAll(game.status)) throw new AppError('FORBIDDEN', "A game's chat is for its players until the game is over.");
    const [lines, readers] = await Promise.all([this.store.lines(gameId, CHAT_LINES_SHOWN), seat === undefined ? null : this.store.readers([gameId], userId!)]);
    return { gameId, lines, reader: seat === undefined ? null : { ...readers!.get(gameId)!, userId: userId!, seat } };
  }

  async send(userId: string, gameId: string, text: string): Promise<GameChat> {
    const { game, seat } = await this.seated(gameId, userId);
    const cleaned = cleanText(text, 'A message', CHAT_LINE_LENGTH);
    const others = [...game.seats.keys()].filter((id) => id !== userId);
    await this.prisma.inSqlTransaction(async (sql) => {
      const added = await this.store.append(sql, { gameId, authorId: userId, authorSeat: seat, text: cleaned, at: this.clock.now() }, CHAT_RATE_LIMIT);
      if ('retryAt' in added) {
        const seconds = (added.retryAt.getTime() - this.clock.now().getTime()) / 1000;
        throw rateLimited(`You can write ${CHAT_RATE_LIMIT.lines} messages every ${CHAT_RATE_LIMIT.windowSeconds} seconds in a game.`, seconds);
      }
      // A player who muted the chat gets no mail of it.
      await this.outbox.recordNewMessages(sql, gameId, Number(added.id), await this.store.unmuted(sql, gameId, others));
    });
    // What they wrote is read: it never counts as unread for them.
    return this.read(gameId, userId);
  }

  /** Hides one of the caller's own lines: it stays, as "message removed". Hiding a hidden line changes nothing. */
  async hide(userId: string, gameId: string, lineId: string): Promise<GameChat> {
    await this.seated(gameId, userId);
    const line = /^[0-9]{1,18}$/.test(lineId) ? await this.store.line(lineId) : null;
    if (!line || line.gameId !== gameId) throw new AppError('NOT_FOUND', 'There is no such message in this game.');
    if (line.authorId !== userId) throw new AppError('FORBIDDEN', 'You can only remove your own messages.');
    await this.store.hide(lineId, gameId, this.clock.now());
    return this.read(gameId, userId);
  }

  /** Marks the chat read up to `lineId` (the newest line the page shows). */
  async markRead(userId: string, gameId: string, lineId: string): Promise<GameChat> {
    await this.seated(gameId, userId);
    const marked = /^[0-9]{1,18}$/.test(lineId) && (await this.store.markRead(gameId, userId, lineId));
    if (!marked) throw new AppError('BAD_USER_INPUT', 'That is not a message of this game.');
    return this.read(gameId, userId);
  }

  /** A muted chat sends no mail and counts nothing unread; it can still be read and written. */
  async setMuted(userId: string, gameId: string, muted: boolean): Promise<GameChat> {
    await this.seated(gameId, userId);
    await this.store.setMuted(gameId, userId, muted);
    return this.read(gameId, userId);
  }

  /** Unread lines in the game for `userId` (0 where muted or not seated); the lobby's rows asked in one tick are read together. */
  unreadCount(gameId: string, userId: string): Promise<number> {
    return this.unreadReads.load(`${userId} ${gameId}`);
  }

  /** One statement per player for the keys of one tick (`userId gameId`); nothing is cached past it. */
  private async readUnread(keys: readonly string[]): Promise<number[]> {
    const gamesByUser = new Map<string, string[]>();
    for (const key of keys) {
      const [userId, gameId] = key.split(' ');
      gamesByUser.set(userId, [...(gamesByUser.get(userId) ?? []), gameId]);
    }
    const counts = new Map<string, number>();
    await Promise.all(
      [...gamesByUser].map(async ([userId, gameIds]) => {
        const readers = await this.store.readers(gameIds, userId);
        for (const gameId of gameIds) counts.set(`${userId} ${gameId}`, readers.get(gameId)?.muted ? 0 : (readers.get(gameId)?.unread ?? 0));
      }),
    );
    return keys.map((key) => counts.get(key)!);
  }

  private async game(gameId: string): Promise<ChatGame> {
    const game = isUuid(gameId) ? await this.store.game(gameId) : null;
    if (!game) throw new AppError('NOT_FOUND', 'There is no such game.');
    return game;
  }

  private async seated(gameId: string, userId: string): Promise<{ game: ChatGame; seat: number }> {
    const game = await this.game(gameId);
    const seat = game.seats.get(userId);
    if (seat === undefined) throw new AppError('FORBIDDEN', "Only the game's players can write in its chat.");
    return { game, seat };
  }
}
