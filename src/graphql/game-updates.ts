/**
 * Live game updates across server processes: every append NOTIFYs on
 * PostgreSQL (see EventStore), and each process LISTENs and wakes its own
 * subscribers, which then load their own view. Payloads carry only ids,
 * well under NOTIFY's 8,000-byte limit.
 *
 * NOTIFY reaches only the sessions listening when it is sent: while the
 * LISTEN connection is down (a database restart, a failover, a dropped
 * connection), changes go unheard. So once it listens again, every watcher is
 * woken to re-read its game, and a subscriber whose game moved in the gap is
 * sent the newest view.
 */
import { Injectable, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { GAME_EVENTS_CHANNEL } from '../event-store/event-store';
import { PgListener } from '../database/pg-listener';
import { retryWhileUnavailable } from '../database/unavailable';

/** Called when a game may have changed. */
type Listener = () => void;

/** Called with the id of a game that may have changed, or with null when any game may have (after a reconnect). */
export type AnyGameListener = (gameId: string | null) => void;

/**
 * What a live update does while the database is out of reach: it waits and
 * reads again, rather than ending the subscription with an error the page
 * would show until reloaded. So does a subscription opened meanwhile, before
 * its first answer. It tries until the database answers, also for a client
 * that went away meanwhile (its answer is then dropped): one timer per such
 * subscription, for as long as the outage lasts.
 */
export function readWhileUnavailable<T>(read: () => Promise<T>): Promise<T> {
  return retryWhileUnavailable(read, { firstDelayMs: 500, longestDelayMs: 10_000 });
}

/**
 * The subscription's updates, ended at once when the client goes: an async
 * generator asked to return while it awaits the next change would only do
 * so after that change (its `finally`, which stops watching, would wait as
 * long). Ending the watch first lets it finish.
 */
export function endingPromptly<T>(updates: AsyncGenerator<T>, changes: AsyncIterableIterator<void>): AsyncGenerator<T> {
  const stopWatching = updates.return.bind(updates);
  updates.return = async (value) => {
    await changes.return?.();
    return stopWatching(value);
  };
  return updates;
}

/**
 * An async iterator of what `source` has ready, waiting for `wake()` while
 * it has nothing; its `return()` (the client went away) ends it at once, a
 * pending `next()` included, and calls `source.stop()`.
 */
export function wakeableIterator<T>(source: { ready(): boolean; take(): T; stop(): void }): { iterator: AsyncIterableIterator<T>; wake(): void } {
  let wakeUp: (() => void) | null = null;
  let done = false;
  const wake = () => wakeUp?.();
  const iterator: AsyncIterableIterator<T> = {
    async next() {
      while (!done && !source.ready()) await new Promise<void>((resolve) => (wakeUp = resolve));
      wakeUp = null;
      return done ? { done: true, value: undefined } : { done: false, value: source.take() };
    },
    async return() {
      done = true;
      source.stop();
      wake();
      return { done: true, value: undefined };
    },
    [Symbol.asyncIterator]() {
      return iterator;
    },
  };
  return { iterator, wake };
}

/** How the LISTEN connection shows in pg_stat_activity. */
export const LISTENER_APPLICATION_NAME = 'pbw-game-updates';

function watchKey(channel: string, gameId: string): string {
  return `${channel} ${gameId}`;
}

@Injectable()
export class GameUpdates implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly listeners = new Map<string, Set<Listener>>();
  /** Per channel: listeners to every game's changes (the lobby's, lobby-updates.ts). */
  private readonly anyGameListeners = new Map<string, Set<AnyGameListener>>();
  /** Each NOTIFYing `{"gameId": ...}`: the game's events, and those other modules listen to (a game's chat). */
  private readonly channels = new Set([GAME_EVENTS_CHANNEL]);
  private pg: PgListener | null = null;

  constructor(private readonly databaseUrl: string) {}

  /**
   * Also listens on `channel`, another module's (a game's chat): asked while
   * modules start (onModuleInit), since this begins to listen once the
   * application has started.
   */
  listenTo(channel: string): void {
    if (this.pg) throw new Error(`live updates listen already: ${channel} must be asked for as modules start`);
    this.channels.add(channel);
  }

  onApplicationBootstrap(): Promise<void> {
    const handlers = Object.fromEntries([...this.channels].map((channel) => [channel, (payload: string) => this.dispatch(channel, payload)]));
    this.pg = new PgListener(this.databaseUrl, handlers, { applicationName: LISTENER_APPLICATION_NAME, onReconnect: () => this.wakeAll() });
    return this.pg.start();
  }

  async onModuleDestroy(): Promise<void> {
    await this.pg?.stop();
  }

  /** Open subscriptions in this process. */
  get watchers(): number {
    let count = 0;
    for (const set of this.listeners.values()) count += set.size;
    return count;
  }

  private wakeAll(): void {
    for (const set of this.listeners.values()) for (const listener of set) listener();
    for (const set of this.anyGameListeners.values()) for (const listener of set) listener(null);
  }

  private dispatch(channel: string, payload: string): void {
    const { gameId } = JSON.parse(payload) as { gameId: string };
    for (const listener of this.listeners.get(watchKey(channel, gameId)) ?? []) listener();
    for (const listener of this.anyGameListeners.get(channel) ?? []) listener(gameId);
  }

  /** Calls `listener` at every change of any game on `channel` (and with null after a reconnect), until the returned function is called. */
  onAnyGame(channel: string, listener: AnyGameListener): () => void {
    const listeners = this.anyGameListeners.get(channel) ?? new Set<AnyGameListener>();
    listeners.add(listener);
    this.anyGameListeners.set(channel, listeners);
    return () => listeners.delete(listener);
  }

  /**
   * Yields each time the game (or, on another channel, its chat) may have changed: after an append, and after a
   * reconnect (when appends may have gone unheard). Wake-ups that arrive
   * while the consumer is busy are coalesced into one.
   */
  watch(gameId: string, channel = GAME_EVENTS_CHANNEL): AsyncIterableIterator<void> {
    const key = watchKey(channel, gameId);
    let pending = false;
    const listeners = this.listeners.get(key) ?? new Set<Listener>();
    const { iterator, wake } = wakeableIterator({
      ready: () => pending,
      take: () => {
        pending = false;
      },
      stop: () => {
        listeners.delete(listener);
        if (listeners.size === 0) this.listeners.delete(key);
      },
    });
    const listener: Listener = () => {
      pending = true;
      wake();
    };
    listeners.add(listener);
    this.listeners.set(key, listeners);
    return iterator;
  }
}
