/**
 * The request log at `info`: one line a minute, when requests were served,
 * in place of a line per request. Three players at play wrote some 120
 * request lines a minute at `info`, which scrolled everything else (the
 * address of the page, of the mail catcher, a warning) out of the terminal;
 * each request's own line is still written, at `debug` (logging.module.ts).
 */
import type { OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import type pino from 'pino';
import { PeriodicTask } from '../common/periodic';
import { count } from '../rules/text';

export const REQUEST_SUMMARY_INTERVAL_MS = 60_000;

export class RequestSummary implements OnModuleInit, OnModuleDestroy {
  private served = 0;
  private failed = 0;
  private slowestMs = 0;
  private readonly reporting: PeriodicTask;

  constructor(
    private readonly logger: pino.Logger,
    intervalMs = REQUEST_SUMMARY_INTERVAL_MS,
  ) {
    this.reporting = new PeriodicTask('summing up the requests served', intervalMs, async () => this.report());
  }

  onModuleInit(): void {
    if (this.logger.isLevelEnabled('info')) this.reporting.start();
  }

  onModuleDestroy(): Promise<void> {
    return this.reporting.stop();
  }

  /** A request answered (`failed`: with a server error), after `ms`. */
  answered(ms: number, failed: boolean): void {
    this.served++;
    if (failed) this.failed++;
    this.slowestMs = Math.max(this.slowestMs, ms);
  }

  /** Logs what was served since the last report, if anything was, and starts counting afresh. */
  report(): void {
    if (this.served === 0) return;
    const failures = this.failed === 0 ? 'none failed' : `${this.failed} failed (their lines say why)`;
    this.logger.info(`${count(this.served, 'request')} served in the last minute, ${failures}; the slowest took ${Math.round(this.slowestMs)} ms`);
    this.served = this.failed = this.slowestMs = 0;
  }
}
