/**
 * @nestjs/throttler's guard, for GraphQL mutations: it counts what
 * request-limits.ts says, and refuses with RATE_LIMITED and
 * `extensions.retryAfter` rather than an HTTP 429 (one request may hold
 * several operations' answers, and WebSockets have no status).
 */
import { ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { ThrottlerGuard, ThrottlerLimitDetail } from '@nestjs/throttler';
import { rateLimited } from '../common/errors';
import { RATE_LIMITS_ENABLED } from './rate-limit-options';
import { counterKey } from './rate-limit-counters';
import { limitedRequest } from './request-limits';

@Injectable()
export class GraphQLThrottlerGuard extends ThrottlerGuard {
  @Inject(RATE_LIMITS_ENABLED) private readonly enabled!: boolean;

  /** RATE_LIMITS=off: nothing is counted. */
  protected override async shouldSkip(): Promise<boolean> {
    return !this.enabled;
  }

  protected override getRequestResponse(context: ExecutionContext) {
    return { req: limitedRequest(context) as unknown as Record<string, unknown>, res: {} as Record<string, unknown> };
  }

  /** One count per limit and tracker, whichever mutation it was (the default counts each mutation apart). */
  protected override generateKey(_context: ExecutionContext, tracker: string, throttlerName: string): string {
    return counterKey(throttlerName, tracker);
  }

  protected override async throwThrottlingException(_context: ExecutionContext, detail: ThrottlerLimitDetail): Promise<void> {
    throw rateLimited('You are doing that too often.', detail.timeToBlockExpire);
  }
}
