/**
 * Live lobbies: one signal per change of a player's lobby, sent to that
 * player's pages alone, which then read again what changed (the signal
 * names the game and why it concerns the player, never what it now shows).
 *
 * A lobby changes with its player's games (a move, a seat taken, the end;
 * a line in their chat), their invitations, and the games open to anyone waiting
 * for players. Each server process hears every game's changes
 * (game-updates.ts: LISTEN/NOTIFY, from any process) and, when some of its
 * own sockets follow a lobby, asks the database once for whom the changes
 * since its last question concern: the players seated in them, those
 * invited to them, and everyone for a game open to anyone. So a move costs a
 * process with lobbies open one small read, however many follow them.
 *
 * A subscription begins with a signal that anything may have changed (no
 * game named): a page subscribing again after its socket dropped, or a
 * server restart, reads its whole lobby again. So does every lobby after the
 * LISTEN connection came back (changes may have gone unheard meanwhile),
 * and after a failure to learn whom a change concerns.
 */
import { Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { CHAT_LINES_CHANNEL } from '../chat/chat.store';
import { GAME_EVENTS_CHANNEL } from '../event-store/event-store';
import { Invitations } from '../invitations/invitations';
import { LobbyAudience } from '../play/lobby-audience';
import { GameUpdates, readWhileUnavailable, wakeableIterator } from '../graphql/game-updates';

export interface LobbyChange {
  /** The game that changed; null: any may have. */
  gameId: string | null;
  /** The player is seated in it. */
  seated: boolean;
  /** The player is invited to it. */
  invited: boolean;
  /** It is a game open to anyone waiting for players, or was until this change. */
  open: boolean;
}

/** Read everything again: a subscription's first signal, and after changes may have gone unheard. */
export const ANYTHING_CHANGED: LobbyChange = { gameId: null, seated: true, invited: true, open: true };

/** One subscription: its player, and where its changes go. */
interface LobbyWatcher {
  userId: string;
  push(change: LobbyChange): void;
}

/**
 * A subscription's signals not yet sent, at most one per game (a game
 * changed twice meanwhile is read once), and none but "anything" once
 * anything may have changed.
 */
function signalQueue() {
  const queue = new Map<string | null, LobbyChange>([[null, ANYTHING_CHANGED]]);
  return {
    get size() {
      return queue.size;
    },
    add(change: LobbyChange): void {
      if (queue.has(null)) return;
      if (change.gameId === null) queue.clear();
      const before = queue.get(change.gameId);
      queue.set(
        change.gameId,
        before ? { ...change, seated: before.seated || change.seated, invited: before.invited || change.invited, open: before.open || change.open } : change,
      );
    },
    take(): LobbyChange {
      const [key, change] = queue.entries().next().value!;
      queue.delete(key);
      return change;
    },
  };
}

@Injectable()
export class LobbyUpdates implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(LobbyUpdates.name);
  private readonly watchers = new Set<LobbyWatcher>();
  /** Games changed since the last question of whom they concern. */
  private readonly changedGames = new Set<string>();
  private asking: Promise<void> | null = null;
  private stopListening: Array<() => void> = [];

  constructor(
    private readonly updates: GameUpdates,
    private readonly audience: LobbyAudience,
    private readonly invitations: Invitations,
  ) {}

  onModuleInit(): void {
    this.updates.listenTo(CHAT_LINES_CHANNEL);
    this.stopListening = [GAME_EVENTS_CHANNEL, CHAT_LINES_CHANNEL].map((channel) => this.updates.onAnyGame(channel, (gameId) => this.changed(gameId)));
  }

  async onModuleDestroy(): Promise<void> {
    for (const stop of this.stopListening) stop();
    await this.asking;
  }

  /** The signals for `userId`'s lobby: "anything" at once, then one per change (several changes of a game while one waits to be sent, one). */
  watch(userId: string): AsyncIterableIterator<LobbyChange> {
    const queue = signalQueue();
    const { iterator, wake } = wakeableIterator({
      ready: () => queue.size > 0,
      take: () => queue.take(),
      stop: () => this.watchers.delete(watcher),
    });
    const watcher: LobbyWatcher = {
      userId,
      push: (change) => {
        queue.add(change);
        wake();
      },
    };
    this.watchers.add(watcher);
    return iterator;
  }

  private changed(gameId: string | null): void {
    if (this.watchers.size === 0) return;
    if (gameId === null) return this.tellEveryone(ANYTHING_CHANGED);
    this.changedGames.add(gameId);
    this.askWhom();
  }

  /** One question at a time: games that change meanwhile wait for the next, together. */
  private askWhom(): void {
    if (this.asking || this.changedGames.size === 0) return;
    const gameIds = [...this.changedGames];
    this.changedGames.clear();
    this.asking = this.tellWhomConcerns(gameIds).finally(() => {
      this.asking = null;
      this.askWhom();
    });
  }

  private async tellWhomConcerns(gameIds: string[]): Promise<void> {
    try {
      const [audiences, invitees] = await readWhileUnavailable(() => Promise.all([this.audience.of(gameIds), this.invitations.openInvitees(gameIds)]));
      const invited = new Set(invitees.filter(({ former }) => !former).map(({ gameId, userId }) => `${gameId} ${userId}`));
      // A player whose seat was taken over: the game leaves their lists, as a game of theirs that changed.
      const former = new Set(invitees.filter(({ former }) => former).map(({ gameId, userId }) => `${gameId} ${userId}`));
      for (const { gameId, seated, open } of audiences) {
        for (const watcher of this.watchers) {
          const key = `${gameId} ${watcher.userId}`;
          const change = { gameId, seated: seated.includes(watcher.userId) || former.has(key), invited: invited.has(key), open };
          if (change.seated || change.invited || change.open) watcher.push(change);
        }
      }
    } catch (error) {
      // Not knowing whom these changes concern, every lobby reads itself again rather than miss one.
      this.logger.error(`could not tell whose lobby ${gameIds.length} changed game(s) concern: ${(error as Error).message}`);
      this.tellEveryone(ANYTHING_CHANGED);
    }
  }

  private tellEveryone(change: LobbyChange): void {
    for (const watcher of this.watchers) watcher.push(change);
  }
}
