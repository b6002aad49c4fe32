import { DynamicModule, Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { getOptionsToken, getStorageToken } from '@nestjs/throttler';
import { GraphQLThrottlerGuard } from './graphql-throttler.guard';
import { LoginAttempts } from './login-attempts';
import { RATE_LIMITS_ENABLED } from './rate-limit-options';
import { RateLimitCounters } from './rate-limit-counters';
import { ReadBudget } from './read-budget';
import { throttlers } from './request-limits';

/** Request limits shared by every server process (README.md, "Rate limits"); `enabled: false` (RATE_LIMITS=off) limits nothing. */
@Global()
@Module({})
export class RateLimitsModule {
  static forRoot(enabled: boolean): DynamicModule {
    const guard = enabled ? [{ provide: APP_GUARD, useClass: GraphQLThrottlerGuard }] : [];
    return {
      module: RateLimitsModule,
      providers: [
        { provide: RATE_LIMITS_ENABLED, useValue: enabled },
        LoginAttempts,
        RateLimitCounters,
        ReadBudget,
        { provide: getStorageToken(), useExisting: RateLimitCounters },
        { provide: getOptionsToken(), useValue: { throttlers: throttlers() } },
        ...guard,
      ],
      exports: [LoginAttempts, ReadBudget, RATE_LIMITS_ENABLED],
    };
  }
}
