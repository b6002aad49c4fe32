/**
 * Live game updates across server processes: every append NOTIFYs on
 * PostgreSQL (see EventStore), and each process LISTENs and wakes its own
 * subscribers, which then load their own view. Payloads carry only ids,
 * well under NOTIFY's 8,000-byte limit.
 */
import { Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { Client } from 'pg';
import { GAME_EVENTS_CHANNEL } from '../event-store/event-store';

export const DATABASE_URL = Symbol('DATABASE_URL');

type Listener = (version: number) => void;

const RECONNECT_DELAY_MS = 1000;

@Injectable()
export class GameUpdates implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(GameUpdates.name);
  private readonly listeners = new Map<string, Set<Listener>>();
  private client?: Client;
  private closing = false;

  constructor(private readonly databaseUrl: string) {}

  async onModuleInit(): Promise<void> {
    await this.connect();
  }

  async onModuleDestroy(): Promise<void> {
    this.closing = true;
    await this.client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    const client = new Client({ connectionString: this.databaseUrl });
    client.on('notification', (message) => this.dispatch(message.payload));
    client.on('error', (error) => {
      this.logger.warn(`update listener lost its connection: ${error.message}`);
      void this.reconnect();
    });
    await client.connect();
    await client.query(`LISTEN ${GAME_EVENTS_CHANNEL}`);
    this.client = client;
  }

  private async reconnect(): Promise<void> {
    if (this.closing) return;
    await this.client?.end().catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, RECONNECT_DELAY_MS));
    if (this.closing) return;
    await this.connect().catch(() => this.reconnect());
  }

  private dispatch(payload: string | undefined): void {
    if (!payload) return;
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
