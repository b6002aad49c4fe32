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
import { Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { Client } from 'pg';
import { retryDelayMs } from '../common/backoff';
import { GAME_EVENTS_CHANNEL } from '../event-store/event-store';

/** Called when a game may have changed. */
type Listener = () => void;

const FIRST_RECONNECT_DELAY_MS = 500;
const LONGEST_RECONNECT_DELAY_MS = 10_000;
/** How the LISTEN connection shows in pg_stat_activity. */
export const LISTENER_APPLICATION_NAME = 'pbw-game-updates';

@Injectable()
export class GameUpdates implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(GameUpdates.name);
  private readonly listeners = new Map<string, Set<Listener>>();
  private client: Client | null = null;
  private reconnecting: Promise<void> | null = null;
  private closing = false;

  constructor(private readonly databaseUrl: string) {}

  async onModuleInit(): Promise<void> {
    try {
      await this.listen();
    } catch (error) {
      // The server starts anyway; subscribers are caught up once it listens.
      this.connectionLost(error as Error);
    }
  }

  async onModuleDestroy(): Promise<void> {
    this.closing = true;
    await this.client?.end().catch(() => undefined);
    await this.reconnecting;
  }

  /** Open subscriptions in this process. */
  get watchers(): number {
    let count = 0;
    for (const set of this.listeners.values()) count += set.size;
    return count;
  }

  private async listen(): Promise<void> {
    const client = new Client({ connectionString: this.databaseUrl, application_name: LISTENER_APPLICATION_NAME, keepAlive: true });
    // Until it listens, failures reach connect() below; after, they come as 'error' or 'end' on the connection.
    const onLost = (error?: Error) => {
      if (this.client === client) this.connectionLost(error ?? new Error('the connection ended'));
    };
    client.on('error', onLost);
    client.on('end', () => onLost());
    client.on('notification', (message) => this.dispatch(message.payload));
    try {
      await client.connect();
      await client.query(`LISTEN ${GAME_EVENTS_CHANNEL}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    this.client = client;
  }

  /** Drops the connection and listens again, with backoff, for as long as it takes; then catches every watcher up. */
  private connectionLost(error: Error): void {
    if (this.closing || this.reconnecting) return;
    this.logger.warn(`update listener lost its connection: ${error.message}`);
    const lost = this.client;
    this.client = null;
    void lost?.end().catch(() => undefined);
    this.reconnecting = this.reconnect().finally(() => (this.reconnecting = null));
  }

  private async reconnect(): Promise<void> {
    for (let attempt = 0; !this.closing; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, retryDelayMs(attempt, FIRST_RECONNECT_DELAY_MS, LONGEST_RECONNECT_DELAY_MS)));
      if (this.closing) return;
      try {
        await this.listen();
        this.logger.log(`update listener reconnected; catching up ${this.watchers} subscription(s)`);
        this.wakeAll();
        return;
      } catch (error) {
        this.logger.warn(`update listener could not reconnect (try ${attempt + 1}): ${(error as Error).message}`);
      }
    }
  }

  private wakeAll(): void {
    for (const set of this.listeners.values()) for (const listener of set) listener();
  }

  private dispatch(payload: string | undefined): void {
    if (!payload) return;
    const { gameId } = JSON.parse(payload) as { gameId: string };
    for (const listener of this.listeners.get(gameId) ?? []) listener();
  }

  /**
   * Yields each time the game may have changed: after an append, and after a
   * reconnect (when appends may have gone unheard). Wake-ups that arrive
   * while the consumer is busy are coalesced into one.
   */
  watch(gameId: string): AsyncIterableIterator<void> {
    let pending = false;
    let wake: (() => void) | null = null;
    let done = false;
    const listener: Listener = () => {
      pending = true;
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
    const iterator: AsyncIterableIterator<void> = {
      async next() {
        while (!done && !pending) await new Promise<void>((resolve) => (wake = resolve));
        wake = null;
        pending = false;
        return done ? { done: true, value: undefined } : { done: false, value: undefined };
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
