/**
 * One LISTEN connection to PostgreSQL for a process's notifications (NOTIFY
 * from any server process: games that changed, sessions that ended).
 *
 * NOTIFY reaches only the sessions listening when it is sent: while the
 * connection is down (a database restart, a failover, a dropped connection)
 * notices go unheard. So the listener reconnects with backoff for as long as
 * it takes, and then calls `onReconnect`, for callers to catch up on what
 * those notices would have told them. A listener that cannot connect at
 * start does not stop the process: it keeps trying the same way.
 */
import { Logger } from '@nestjs/common';
import { Client } from 'pg';
import { retryDelayMs } from '../common/backoff';

const FIRST_RECONNECT_DELAY_MS = 500;
const LONGEST_RECONNECT_DELAY_MS = 10_000;

export type NoticeHandler = (payload: string) => void;

export interface PgListenerOptions {
  /** How the connection shows in pg_stat_activity. */
  applicationName: string;
  /** Called once listening again after the connection was lost. */
  onReconnect?: () => void;
}

export class PgListener {
  private readonly logger: Logger;
  private client: Client | null = null;
  private reconnecting: Promise<void> | null = null;
  private closing = false;

  constructor(
    private readonly databaseUrl: string,
    private readonly handlers: Record<string, NoticeHandler>,
    private readonly options: PgListenerOptions,
  ) {
    this.logger = new Logger(`PgListener ${options.applicationName}`);
  }

  /** Whether notices are heard now: false before the first connection and while reconnecting. */
  get listening(): boolean {
    return this.client !== null;
  }

  async start(): Promise<void> {
    try {
      await this.listen();
    } catch (error) {
      // The process starts anyway; callers are caught up once it listens.
      this.connectionLost(error as Error);
    }
  }

  async stop(): Promise<void> {
    this.closing = true;
    await this.client?.end().catch(() => undefined);
    await this.reconnecting;
  }

  private async listen(): Promise<void> {
    const client = new Client({ connectionString: this.databaseUrl, application_name: this.options.applicationName, keepAlive: true });
    // Until it listens, failures reach connect() below; after, they come as 'error' or 'end' on the connection.
    const onLost = (error?: Error) => {
      if (this.client === client) this.connectionLost(error ?? new Error('the connection ended'));
    };
    client.on('error', onLost);
    client.on('end', () => onLost());
    client.on('notification', (message) => {
      if (message.payload) this.handlers[message.channel]?.(message.payload);
    });
    try {
      await client.connect();
      for (const channel of Object.keys(this.handlers)) await client.query(`LISTEN ${channel}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    this.client = client;
  }

  /** Drops the connection and listens again, with backoff, for as long as it takes. */
  private connectionLost(error: Error): void {
    if (this.closing || this.reconnecting) return;
    this.logger.warn(`lost its connection: ${error.message}`);
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
        this.logger.log('listening again');
        this.options.onReconnect?.();
        return;
      } catch (error) {
        this.logger.warn(`could not reconnect (try ${attempt + 1}): ${(error as Error).message}`);
      }
    }
  }
}
