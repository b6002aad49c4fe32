/**
 * The benchmark's outgoing mail server: accepts every message and keeps only
 * a count, as an MTA on the same host would take mail off the server's hands.
 * (Without SMTP_URL the server would deliver to its own development mail
 * catcher, which parses and keeps every mail in memory: not how it runs in
 * production, and not what the benchmark should weigh.)
 *
 * It runs in a process of its own (smtp-sink-process.ts), so the CPU it spends
 * taking mail is reported as the mail sink's, not the load generator's.
 */
import { ChildProcess, fork } from 'node:child_process';
import { join } from 'node:path';

/** What the sink process tells this one over IPC: its port once listening, then counts on request. */
export type SinkMessage = { listening: number } | { received: number };

export class SmtpSink {
  private constructor(
    private readonly child: ChildProcess,
    readonly url: string,
  ) {}

  get pid(): number {
    return this.child.pid!;
  }

  static async start(): Promise<SmtpSink> {
    const child = fork(join(__dirname, 'smtp-sink-process.ts'), [], { execArgv: ['-r', 'ts-node/register/transpile-only'] });
    const port = await new Promise<number>((resolve, reject) => {
      const exited = (code: number | null) => reject(new Error(`the SMTP sink exited (${code}) before listening`));
      child.once('exit', exited);
      child.once('message', (message: SinkMessage) => {
        child.off('exit', exited);
        if ('listening' in message) resolve(message.listening);
        else reject(new Error(`the SMTP sink said ${JSON.stringify(message)} before listening`));
      });
    });
    return new SmtpSink(child, `smtp://127.0.0.1:${port}`);
  }

  /** How many messages the sink has taken so far. */
  received(): Promise<number> {
    return new Promise((resolve) => {
      this.child.once('message', (message: SinkMessage) => resolve((message as { received: number }).received));
      this.child.send('count');
    });
  }

  stop(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return Promise.resolve();
    return new Promise((resolve) => {
      this.child.once('exit', () => resolve());
      this.child.kill('SIGTERM');
    });
  }
}
