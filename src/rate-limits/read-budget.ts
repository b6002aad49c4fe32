/**
 * Reads are priced (src/graphql/query-limits.ts) so that no one request costs
 * too much; this budget keeps a caller's reads from costing too much
 * together: each query, subscription start and record download spends its
 * cost from the caller's points for the minute (per signed-in player, else
 * per client address), and past them is refused with RATE_LIMITED until the
 * next minute. Counted in-process and shared with the other processes as the
 * per-player mutation limit is (rate-limit-counters.ts): a read must not cost
 * a database round trip for this.
 */
import { Inject, Injectable } from '@nestjs/common';
import type { RequestContext } from '../graphql/context';
import { QUERY_LIMITS } from '../graphql/query-limits';
import { rateLimited } from '../common/errors';
import { RATE_LIMITS_ENABLED } from './rate-limit-options';
import { RateLimitCounters } from './rate-limit-counters';

export const READ_POINTS = 'read-points-per-minute';
const MINUTE = 60_000;

/** Who spends: the signed-in player, else the client address. */
export type Reader = Pick<RequestContext, 'userId' | 'clientAddress'>;

@Injectable()
export class ReadBudget {
  constructor(
    @Inject(RATE_LIMITS_ENABLED) private readonly enabled: boolean,
    private readonly counters: RateLimitCounters,
  ) {}

  /** Spends `points` of the reader's minute, or refuses with RATE_LIMITED and when the next minute begins. */
  spend(reader: Reader, points: number): void {
    if (!this.enabled || points <= 0) return;
    const [tracker, limit] = reader.userId
      ? [`user:${reader.userId}`, QUERY_LIMITS.pointsPerMinutePlayer]
      : [`address:${reader.clientAddress}`, QUERY_LIMITS.pointsPerMinuteAnonymous];
    const { spent, secondsLeft } = this.counters.spendHere(READ_POINTS, tracker, points, MINUTE);
    if (spent > limit) throw rateLimited('You are asking for too much at once.', secondsLeft);
  }
}
