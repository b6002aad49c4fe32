/**
 * One LISTEN connection to PostgreSQL for a process's notifications (NOTIFY
 * from any server process: games that changed, sessions that ended). It
 * reconnects after losing its connection; what was notified meanwhile is
 * lost, so `onReconnect` lets callers forget what those notices would have
 * corrected.
 */
import { Logger } from '@nestjs/common';
import { Client } from 'pg';

const RECONNECT_DELAY_MS = 1000;

export type NoticeHandler = (payload: string) => void;

export class PgListener {
  private readonly logger = new Logger(PgListener.name);
  private client?: Client;
  private closing = false;

  constructor(
    private readonly databaseUrl: string,
    private readonly handlers: Record<string, NoticeHandler>,
    private readonly onReconnect: () => void = () => undefined,
  ) {}

  async start(): Promise<void> {
    const client = new Client({ connectionString: this.databaseUrl });
    client.on('notification', (message) => {
      if (message.payload) this.handlers[message.channel]?.(message.payload);
    });
    client.on('error', (error) => {
      this.logger.warn(`listener lost its connection: ${error.message}`);
      void this.reconnect();
    });
    await client.connect();
    for (const channel of Object.keys(this.handlers)) await client.query(`LISTEN ${channel}`);
    this.client = client;
  }

  async stop(): Promise<void> {
    this.closing = true;
    await this.client?.end().catch(() => undefined);
  }

  private async reconnect(): Promise<void> {
    if (this.closing) return;
    await this.client?.end().catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, RECONNECT_DELAY_MS));
    if (this.closing) return;
    try {
      await this.start();
      this.onReconnect();
    } catch {
      await this.reconnect();
    }
  }
}
