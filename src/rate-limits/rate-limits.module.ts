import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { getOptionsToken, getStorageToken } from '@nestjs/throttler';
import { GraphQLThrottlerGuard } from './graphql-throttler.guard';
import { LoginAttempts } from './login-attempts';
import { RateLimitCounters } from './rate-limit-counters';
import { ReadBudget } from './read-budget';
import { throttlers } from './request-limits';

/** Request limits shared by every server process (README.md, "Rate limits"); RATE_LIMITS_ENABLED (a setting) false limits nothing. */
@Module({
  providers: [
    LoginAttempts,
    RateLimitCounters,
    ReadBudget,
    { provide: getStorageToken(), useExisting: RateLimitCounters },
    { provide: getOptionsToken(), useValue: { throttlers: throttlers() } },
    { provide: APP_GUARD, useClass: GraphQLThrottlerGuard },
  ],
  exports: [LoginAttempts, ReadBudget],
})
export class RateLimitsModule {}
