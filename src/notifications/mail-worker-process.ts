/**
 * The server's own mail worker (MAIL_WORKER=child): a child process running
 * mail-worker.ts, started with the server, restarted if it dies, stopped with
 * the server. Mail goes out from there, at the lowest CPU priority, instead
 * of on the thread that serves moves. (The queries a mail takes still run at
 * PostgreSQL's normal priority: on a machine the database shares, mail keeps
 * taking a share of the CPU under load; see bench/README.md.)
 */
import { ChildProcess, fork } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, writeFileSync } from 'node:fs';
import { setPriority } from 'node:os';
import { extname, join } from 'node:path';
import { Logger } from '@nestjs/common';
import type { MailCounts } from '../metrics/metrics';

/** Niceness of the worker: the lowest, so on a busy machine it runs in the time nothing else wants. */
export const MAIL_WORKER_NICENESS = 19;
/** What the worker sends its server once it is working the queue. */
export const MAIL_WORKER_READY = 'mail-worker-ready';

/** How the worker reports the mail it sent or failed to send, for its server's metrics. */
export interface MailCountsMessage {
  mailCounts: MailCounts;
}

export function isMailCountsMessage(message: unknown): message is MailCountsMessage {
  return typeof message === 'object' && message !== null && 'mailCounts' in message;
}

export interface MailWorkerHooks {
  /** Called with each report of mail sent and failed. */
  onMailCounts?: (counts: MailCounts) => void;
}

/** What the worker needs to know from its server (see mail-worker.ts). */
export interface MailWorkerSettings {
  databaseUrl: string;
  smtpUrl: string;
  jwtSecret: string;
  publicUrl: string;
  mailFrom: string;
}

const AUTOGROUP = '/proc/self/autogroup';

/**
 * Lowers the calling process's CPU priority (the worker calls it on itself).
 * Under Linux's autogroup scheduling, niceness only ranks the processes of one
 * session against each other, and every PostgreSQL backend runs in a session
 * of its own: a niced worker in the server's session still got as much CPU as
 * a backend. So the worker runs in its own session (forked `detached`) and
 * lowers that session's priority too.
 */
export function lowerOwnCpuPriority(): void {
  setPriority(MAIL_WORKER_NICENESS);
  if (existsSync(AUTOGROUP)) writeFileSync(AUTOGROUP, String(MAIL_WORKER_NICENESS));
}

const FIRST_RESTART_DELAY_MS = 1000;
const LONGEST_RESTART_DELAY_MS = 30_000;
/** A worker that ran this long was not crash-looping: the next restart is quick again. */
const HEALTHY_RUN_MS = 60_000;
const STOP_TIMEOUT_MS = 10_000;

/** mail-worker.js beside main.js in dist/, or mail-worker.ts under ts-node. */
const WORKER_SCRIPT = join(__dirname, '..', `mail-worker${extname(__filename)}`);

export class MailWorkerProcess {
  private readonly logger = new Logger(MailWorkerProcess.name);
  private child: ChildProcess | null = null;
  private stopping = false;
  private restartDelayMs = FIRST_RESTART_DELAY_MS;
  private restartTimer: NodeJS.Timeout | null = null;

  /** `execArgv`: node options for the worker; by default the server's own. */
  constructor(
    private readonly settings: MailWorkerSettings,
    private readonly hooks: MailWorkerHooks = {},
    private readonly execArgv: string[] = process.execArgv,
  ) {}

  /** The worker's pid, while one runs. */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** Starts the worker; resolves once it works the queue. */
  async start(): Promise<void> {
    const child = fork(WORKER_SCRIPT, [], {
      execArgv: this.execArgv,
      // A session of its own (see lowerOwnCpuPriority); it still exits with the server (see mail-worker.ts).
      detached: true,
      env: {
        ...process.env,
        DATABASE_URL: this.settings.databaseUrl,
        SMTP_URL: this.settings.smtpUrl,
        JWT_SECRET: this.settings.jwtSecret,
        PUBLIC_URL: this.settings.publicUrl,
        MAIL_FROM: this.settings.mailFrom,
      },
    });
    this.child = child;
    const startedAt = Date.now();
    child.once('exit', (code, signal) => this.exited(child, startedAt, code ?? signal));
    child.on('message', (message) => {
      if (isMailCountsMessage(message)) this.hooks.onMailCounts?.(message.mailCounts);
    });
    await new Promise<void>((resolve, reject) => {
      const diedStarting = (code: number | null, signal: string | null) => reject(new Error(`the mail worker exited while starting (${code ?? signal})`));
      child.once('exit', diedStarting);
      child.on('message', (message) => {
        if (message !== MAIL_WORKER_READY) return;
        child.off('exit', diedStarting);
        resolve();
      });
    });
  }

  async stop(): Promise<void> {
    this.stopping = true;
    if (this.restartTimer) clearTimeout(this.restartTimer);
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    const timeout = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    await exited;
    clearTimeout(timeout);
  }

  private exited(child: ChildProcess, startedAt: number, how: number | string | null): void {
    if (this.stopping || child !== this.child) return;
    if (Date.now() - startedAt >= HEALTHY_RUN_MS) this.restartDelayMs = FIRST_RESTART_DELAY_MS;
    this.logger.warn(`the mail worker exited (${how}); restarting it in ${this.restartDelayMs / 1000} s. Queued mail waits, none is lost.`);
    this.restartTimer = setTimeout(() => {
      this.restartTimer = null;
      this.start().catch((error) => this.logger.error(`restarting the mail worker failed: ${error}`));
    }, this.restartDelayMs);
    this.restartDelayMs = Math.min(this.restartDelayMs * 2, LONGEST_RESTART_DELAY_MS);
  }
}
