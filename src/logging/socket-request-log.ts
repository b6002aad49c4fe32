/**
 * The request log for the queries and mutations a WebSocket sends: pino-http
 * writes each HTTP request's line (logging.module.ts) but sees nothing of a
 * socket's messages. Each such request gets what an HTTP request gets: an id,
 * which the lines logged while it runs carry (`reqId`) and an unexpected
 * error's answer too (`requestId`), a line at `debug` (at `error` when it
 * failed), and its place in the minute's summary (request-summary.ts).
 */
import { randomUUID } from 'node:crypto';
import { Store, storage } from 'nestjs-pino/storage';
import type pino from 'pino';
import type { RequestSummary } from './request-summary';

export class SocketRequestLog {
  constructor(
    private readonly logger: pino.Logger,
    private readonly summary: RequestSummary,
  ) {}

  /** Runs `request` with an id of its own, then writes its line; `failed` says whether its answer is a server error. */
  async run<T>(operation: string | undefined, request: (requestId: string) => Promise<T>, failed: (answer: T) => boolean): Promise<T> {
    const requestId = randomUUID();
    const logger = this.logger.child({ reqId: requestId });
    const started = performance.now();
    const answer = await storage.run(new Store(logger), () => request(requestId));
    const responseTime = performance.now() - started;
    const fault = failed(answer);
    this.summary.answered(responseTime, fault);
    logger[fault ? 'error' : 'debug']({ transport: 'socket', operation, responseTime }, `socket ${operation ?? 'operation'} ${Math.round(responseTime)} ms`);
    return answer;
  }
}
