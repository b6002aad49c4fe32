import { Logger } from '@nestjs/common';

/**
 * Runs `task` every `intervalMs`, never two runs at once. A failed run is
 * logged and the next one goes ahead: periodic work must be safe to repeat.
 */
export class PeriodicTask {
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;

  constructor(
    private readonly name: string,
    private readonly intervalMs: number,
    private readonly task: () => Promise<unknown>,
    private readonly logger = new Logger(PeriodicTask.name),
  ) {}

  start(): void {
    this.timer = setInterval(() => void this.runOnce(), this.intervalMs);
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  private async runOnce(): Promise<void> {
    if (this.running) return;
    this.running = this.task()
      .then(() => undefined)
      .catch((error) => this.logger.warn(`${this.name} failed: ${error instanceof Error ? error.message : error}`))
      .finally(() => (this.running = undefined));
    await this.running;
  }
}
