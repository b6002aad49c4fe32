/**
 * @nestjs/throttler's storage, in PostgreSQL, so every server process counts
 * the same requests: fixed windows (`ttl` long, aligned to the epoch, so
 * processes agree on them), one row per limit and tracker (hashed by the
 * guard).
 *
 * Rare requests (sign-ups, resets, invitations) are counted in the database
 * at once, one statement each. The limit on every player's moves and other
 * mutations (IN_PROCESS) must not cost a move a database round trip: those
 * hits are counted here, and every two seconds the counts of all keys that
 * had hits are added to the database's in one statement, which answers with
 * the totals of every process. A player spreading requests over several
 * processes is thus seen within seconds.
 */
import { Injectable, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { createHash } from 'node:crypto';
import type { ThrottlerStorage } from '@nestjs/throttler';
import type { ThrottlerLimitDetail } from '@nestjs/throttler';

type ThrottlerStorageRecord = Omit<ThrottlerLimitDetail, 'ttl' | 'limit' | 'key' | 'tracker'>;
import { Clock } from '../common/clock';
import { PeriodicTask } from '../common/periodic';
import { PrismaService } from '../database/prisma.service';
import { LoginAttempts } from './login-attempts';
import { COUNTED_IN_PROCESS } from './request-limits';

/** Limits counted in-process and shared in the background (see above). */
const IN_PROCESS = new Set(COUNTED_IN_PROCESS);

const SHARE_INTERVAL_MS = 2_000;
const SWEEP_INTERVAL_MS = 3600_000;

const ADD_HITS = `
INSERT INTO rate_limit_counters AS c (key, window_start, hits)
SELECT * FROM unnest($1::text[], $2::timestamptz[], $3::int[])
ON CONFLICT (key) DO UPDATE SET
  hits = CASE WHEN c.window_start = excluded.window_start THEN c.hits + excluded.hits ELSE excluded.hits END,
  window_start = excluded.window_start
RETURNING key, hits`;
/** Windows are at most a day long: older counters count nothing. */
const FORGET_OLD = `DELETE FROM rate_limit_counters WHERE window_start < $1::timestamptz`;

/** A counter's key: one per limit and tracker (hashed: the table holds no address or account). */
export function counterKey(limitName: string, tracker: string): string {
  return createHash('sha256').update(`${limitName}:${tracker}`).digest('base64url');
}

/** The fixed window of `ttl` ms that holds `now` (aligned to the epoch, so processes agree), and the seconds it has left. */
function windowAt(now: number, ttl: number): { windowStart: number; secondsLeft: number } {
  const windowStart = now - (now % ttl);
  return { windowStart, secondsLeft: Math.ceil((windowStart + ttl - now) / 1000) };
}

interface LocalCount {
  windowStart: number;
  /** All processes' hits in the window, as far as this one knows. */
  hits: number;
  /** This process's hits not yet added to the database's. */
  unshared: number;
}

@Injectable()
export class RateLimitCounters implements ThrottlerStorage, OnModuleInit, OnModuleDestroy {
  private readonly local = new Map<string, LocalCount>();
  private readonly sharing = new PeriodicTask('sharing request counts', SHARE_INTERVAL_MS, () => this.share());
  private readonly sweeping = new PeriodicTask('forgetting old request counts', SWEEP_INTERVAL_MS, () => this.forgetOld());

  constructor(
    private readonly prisma: PrismaService,
    private readonly logins: LoginAttempts,
    /** Which window a request falls in (tests set it, rather than wait for the next minute). */
    private readonly clock: Clock,
  ) {}

  onModuleInit(): void {
    this.sharing.start();
    this.sweeping.start();
  }

  async onModuleDestroy(): Promise<void> {
    await Promise.all([this.sharing.stop(), this.sweeping.stop()]);
    await this.share().catch(() => undefined);
  }

  async increment(key: string, ttl: number, limit: number, _blockDuration: number, throttlerName: string): Promise<ThrottlerStorageRecord> {
    const { windowStart, secondsLeft } = windowAt(this.clock.now().getTime(), ttl);
    const hits = IN_PROCESS.has(throttlerName) ? this.countHere(key, windowStart) : await this.countInDatabase(key, windowStart);
    return { totalHits: hits, timeToExpire: secondsLeft, isBlocked: hits > limit, timeToBlockExpire: hits > limit ? secondsLeft : 0 };
  }

  /**
   * Adds `amount` to the window's count of `limitName` for `tracker`, counted
   * here and shared in the background (as IN_PROCESS limits are): what all
   * processes spent in the window, as far as this one knows, and how many
   * seconds it has left.
   */
  spendHere(limitName: string, tracker: string, amount: number, ttl: number): { spent: number; secondsLeft: number } {
    const { windowStart, secondsLeft } = windowAt(this.clock.now().getTime(), ttl);
    return { spent: this.countHere(counterKey(limitName, tracker), windowStart, amount), secondsLeft };
  }

  private countHere(key: string, windowStart: number, amount = 1): number {
    let count = this.local.get(key);
    if (!count || count.windowStart !== windowStart) {
      count = { windowStart, hits: 0, unshared: 0 };
      this.local.set(key, count);
    }
    count.hits += amount;
    count.unshared += amount;
    return count.hits;
  }

  private async countInDatabase(key: string, windowStart: number): Promise<number> {
    const [row] = await this.prisma.sql.query<{ hits: number }>(ADD_HITS, [[key], [new Date(windowStart)], [1]]);
    return row.hits;
  }

  /** Adds this process's new hits to the database's counts, and learns everyone's. */
  private async share(): Promise<void> {
    const now = this.clock.now().getTime();
    const pending = [...this.local].filter(([, count]) => count.unshared > 0);
    for (const [key, count] of this.local) if (count.unshared === 0 && count.windowStart + SWEEP_INTERVAL_MS < now) this.local.delete(key);
    if (pending.length === 0) return;
    const sent = new Map(pending.map(([key, count]) => [key, count.unshared]));
    for (const [, count] of pending) count.unshared = 0;
    const rows = await this.prisma.sql
      .query<{ key: string; hits: number }>(ADD_HITS, [
        pending.map(([key]) => key),
        pending.map(([, count]) => new Date(count.windowStart)),
        [...sent.values()],
      ])
      .catch((error: unknown) => {
        // Not shared this time: counted again next time.
        for (const [key, count] of pending) count.unshared += sent.get(key)!;
        throw error;
      });
    for (const row of rows) {
      const count = this.local.get(row.key);
      if (count) count.hits = Math.max(count.hits, row.hits + count.unshared);
    }
  }

  private async forgetOld(): Promise<void> {
    await Promise.all([this.prisma.sql.query(FORGET_OLD, [new Date(this.clock.now().getTime() - 2 * 24 * 3600_000)]), this.logins.forgetOld()]);
  }
}
