/** Whether requests are limited at all (RATE_LIMITS=off for benchmarks). */
export const RATE_LIMITS_ENABLED = Symbol('RATE_LIMITS_ENABLED');
