/**
 * The process's Prometheus metrics (prom-client), in a registry of its own
 * (so that several apps in one process, as in the tests, do not collide).
 * Everything counted here is counted in memory: nothing on a move's path
 * reads or writes the database for metrics. What only the database knows
 * (the mail queue) is read when `/metrics` is scraped (health/metrics.controller.ts).
 */
import { Injectable } from '@nestjs/common';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** Mail counts a mail worker process reports to its server, which exposes them. */
export interface MailCounts {
  sent: number;
  failed: number;
}

@Injectable()
export class Metrics {
  readonly registry = new Registry();

  readonly moves = new Counter({
    name: 'pbw_moves_total',
    help: 'Moves submitted, by outcome (accepted, or the code they were refused with) and transport (http, or socket: the WebSocket the page holds).',
    labelNames: ['outcome', 'transport'] as const,
    registers: [this.registry],
  });

  readonly moveDuration = new Histogram({
    name: 'pbw_move_duration_seconds',
    help: 'Time to decide and record a move (or refuse it), in this process.',
    labelNames: ['accepted'] as const,
    buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [this.registry],
  });

  readonly openSubscriptions = new Gauge({
    name: 'pbw_open_subscriptions',
    help: 'Live game subscriptions open on this process.',
    registers: [this.registry],
  });

  readonly mailsSent = new Counter({
    name: 'pbw_mails_sent_total',
    help: 'Mails the SMTP server accepted (from this process or its mail worker).',
    registers: [this.registry],
  });

  readonly mailsFailed = new Counter({
    name: 'pbw_mails_failed_total',
    help: 'Tries to send a mail that failed (each is retried, up to the retry limit).',
    registers: [this.registry],
  });

  readonly mailQueueDepth = new Gauge({
    name: 'pbw_mail_queue_depth',
    help: 'Notifications waiting to be sent (due now or later, after a failed try).',
    registers: [this.registry],
  });

  readonly oldestDueMailAge = new Gauge({
    name: 'pbw_mail_oldest_due_age_seconds',
    help: 'How long the oldest mail that is due has been waiting (0: none is due).',
    registers: [this.registry],
  });

  readonly databasePool = new Gauge({
    name: 'pbw_database_pool_connections',
    help: "Connections of this process's database pool: total open, idle, and requests waiting for one.",
    labelNames: ['state'] as const,
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry, prefix: 'pbw_' });
  }

  /** Where a mail worker process sends its mail counts (to its server, which exposes them). */
  forwardMailCounts: ((counts: MailCounts) => void) | null = null;

  countMails(counts: MailCounts): void {
    if (counts.sent > 0) this.mailsSent.inc(counts.sent);
    if (counts.failed > 0) this.mailsFailed.inc(counts.failed);
    if (counts.sent + counts.failed > 0) this.forwardMailCounts?.(counts);
  }

  /** Runs a move sent over `transport`, counting it by outcome (accepted, or `refusalCode` of its error: the code its client sees) and timing it. */
  async timeMove<T>(transport: string, move: () => Promise<T>, refusalCode: (error: unknown) => string): Promise<T> {
    const done = this.moveDuration.startTimer();
    try {
      const result = await move();
      done({ accepted: 'true' });
      this.moves.inc({ outcome: 'accepted', transport });
      return result;
    } catch (error) {
      done({ accepted: 'false' });
      this.moves.inc({ outcome: refusalCode(error), transport });
      throw error;
    }
  }
}
