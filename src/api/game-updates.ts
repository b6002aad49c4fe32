/**
 * Live game updates across server processes: every append NOTIFYs on
 * PostgreSQL (see EventStore), and each process LISTENs and wakes its own
 * subscribers, which then load their own view. Payloads carry only ids,
 * well under NOTIFY's 8,000-byte limit.
 */
import { Injectable, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { GAME_EVENTS_CHANNEL } from '../event-store/event-store';
import { PgListener } from '../database/pg-listener';

export const DATABASE_URL = Symbol('DATABASE_URL');

type Listener = (version: number) => void;

@Injectable()
export class GameUpdates implements OnModuleInit, OnModuleDestroy {
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly pg: PgListener;

  constructor(databaseUrl: string) {
    this.pg = new PgListener(databaseUrl, { [GAME_EVENTS_CHANNEL]: (payload) => this.dispatch(payload) });
  }

  onModuleInit(): Promise<void> {
    return this.pg.start();
  }

  onModuleDestroy(): Promise<void> {
    return this.pg.stop();
  }

  private dispatch(payload: string): void {
    const { gameId, version } = JSON.parse(payload) as { gameId: string; version: number };
    for (const listener of this.listeners.get(gameId) ?? []) listener(version);
  }

  /**
   * Yields each time the game changes. Versions that arrive while the
   * consumer is busy are coalesced: it always goes on to the newest.
   */
  watch(gameId: string): AsyncIterableIterator<number> {
    let latest: number | null = null;
    let wake: (() => void) | null = null;
    let done = false;
    const listener: Listener = (version) => {
      latest = Math.max(latest ?? 0, version);
      wake?.();
    };
    const listeners = this.listeners.get(gameId) ?? new Set<Listener>();
    listeners.add(listener);
    this.listeners.set(gameId, listeners);
    const stop = () => {
      done = true;
      listeners.delete(listener);
      if (listeners.size === 0) this.listeners.delete(gameId);
      wake?.();
    };
    const iterator: AsyncIterableIterator<number> = {
      async next() {
        while (!done && latest === null) await new Promise<void>((resolve) => (wake = resolve));
        wake = null;
        if (done) return { done: true, value: undefined };
        const value = latest as number;
        latest = null;
        return { done: false, value };
      },
      async return() {
        stop();
        return { done: true, value: undefined };
      },
      [Symbol.asyncIterator]() {
        return iterator;
      },
    };
    return iterator;
  }
}
