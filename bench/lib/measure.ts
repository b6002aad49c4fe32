/** Timing helpers: closed-loop workers for a fixed time, and latency percentiles. */
import { performance } from 'node:perf_hooks';

export interface Throughput {
  concurrency: number;
  operations: number;
  seconds: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/**
 * Runs `concurrency` workers, each calling `operation(worker)` back to back
 * for `durationMs`, and reports operations per second and latency.
 */
export async function runClosedLoop(concurrency: number, durationMs: number, operation: (worker: number) => Promise<number | void>): Promise<Throughput> {
  const latencies: number[] = [];
  let operations = 0;
  const start = performance.now();
  const end = start + durationMs;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      while (performance.now() < end) {
        const began = performance.now();
        const count = (await operation(worker)) ?? 1;
        latencies.push(performance.now() - began);
        operations += count;
      }
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    concurrency,
    operations,
    seconds,
    perSecond: operations / seconds,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
  };
}

export async function timeIt<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const began = performance.now();
  const value = await work();
  return { ms: performance.now() - began, value };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}
