/**
 * Failed logins, counted per account (the address typed, whether or not it
 * has an account, so that the limit itself tells nothing) and per client
 * address, in PostgreSQL, so every server process counts the same. A few
 * tries are free; after them, one try a minute, until a success (for the
 * account) or a day without failures.
 *
 * Every try counts as a failure up front, in one statement that also
 * refuses it when it comes too soon: tries sent all at once cannot slip
 * between a check and a count. A success takes its count back.
 */
import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { rateLimited } from '../common/errors';
import { PrismaService } from '../database/prisma.service';
import { RATE_LIMITS_ENABLED } from './rate-limit-options';

export const LOGIN_LIMITS = {
  /** Failed tries per account before each further try must wait. */
  freePerAccount: 5,
  /** Failed tries from one client address (a household, an office) before each further try must wait. */
  freePerAddress: 20,
  /** The wait between tries once the free ones are spent. */
  waitSeconds: 60,
  /** Failures are forgotten after this long without one. */
  forgetAfterHours: 24,
} as const;

/**
 * Counts a try against each key unless its free tries are spent and its
 * last try is under a minute old; then leaves it as it was. A try refused
 * is one whose row kept an older `last_failure_at`.
 */
const COUNT_TRY = `
INSERT INTO login_failures AS f (key, failures, last_failure_at)
SELECT key, 1, $3::timestamptz FROM unnest($1::text[]) AS key
ON CONFLICT (key) DO UPDATE SET
  failures = CASE
    WHEN f.last_failure_at < $3::timestamptz - make_interval(hours => $5::int) THEN 1
    WHEN f.failures >= (SELECT free FROM unnest($1::text[], $2::int[]) AS k(key, free) WHERE k.key = f.key)
         AND f.last_failure_at > $3::timestamptz - make_interval(secs => $4::int) THEN f.failures
    ELSE f.failures + 1 END,
  last_failure_at = CASE
    WHEN f.last_failure_at >= $3::timestamptz - make_interval(hours => $5::int)
         AND f.failures >= (SELECT free FROM unnest($1::text[], $2::int[]) AS k(key, free) WHERE k.key = f.key)
         AND f.last_failure_at > $3::timestamptz - make_interval(secs => $4::int) THEN f.last_failure_at
    ELSE $3::timestamptz END
RETURNING key, last_failure_at`;
const FORGET_ACCOUNT = `DELETE FROM login_failures WHERE key = $1`;
const TAKE_BACK = `UPDATE login_failures SET failures = greatest(failures - 1, 0) WHERE key = $1`;
const FORGET_OLD = `DELETE FROM login_failures WHERE last_failure_at < $1::timestamptz`;

function keyOf(kind: 'account' | 'address', value: string): string {
  return createHash('sha256').update(`login:${kind}:${value}`).digest('base64url');
}

export interface LoginTry {
  accountKey: string;
  addressKey: string;
}

@Injectable()
export class LoginAttempts {
  constructor(
    private readonly prisma: PrismaService,
    @Inject(RATE_LIMITS_ENABLED) private readonly enabled: boolean,
  ) {}

  /** Counts a login try for `email` from `clientAddress`, or refuses it with RATE_LIMITED and when to try again. */
  async begin(email: string, clientAddress: string): Promise<LoginTry> {
    const attempt = { accountKey: keyOf('account', email), addressKey: keyOf('address', clientAddress) };
    if (!this.enabled) return attempt;
    const now = new Date();
    const rows = await this.prisma.sql.query<{ key: string; last_failure_at: Date }>(COUNT_TRY, [
      [attempt.accountKey, attempt.addressKey],
      [LOGIN_LIMITS.freePerAccount, LOGIN_LIMITS.freePerAddress],
      now,
      LOGIN_LIMITS.waitSeconds,
      LOGIN_LIMITS.forgetAfterHours,
    ]);
    const lastTry = Math.max(...rows.filter((row) => row.last_failure_at.getTime() !== now.getTime()).map((row) => row.last_failure_at.getTime()));
    if (Number.isFinite(lastTry)) {
      throw rateLimited('Too many failed logins.', LOGIN_LIMITS.waitSeconds - (now.getTime() - lastTry) / 1000);
    }
    return attempt;
  }

  /** The password was right: the account's failures are forgotten, and this try no longer counts against the address. */
  async succeeded(attempt: LoginTry): Promise<void> {
    if (!this.enabled) return;
    await Promise.all([this.prisma.sql.query(FORGET_ACCOUNT, [attempt.accountKey]), this.prisma.sql.query(TAKE_BACK, [attempt.addressKey])]);
  }

  /** Drops failures no longer counted. */
  async forgetOld(): Promise<void> {
    await this.prisma.sql.query(FORGET_OLD, [new Date(Date.now() - LOGIN_LIMITS.forgetAfterHours * 3600_000)]);
  }
}
