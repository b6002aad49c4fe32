/**
 * Single-use links mailed to an address: a sign-up's verification, an
 * address change's verification, a password reset. The link's token is the
 * row's id and an HMAC of it under the server's secret (auth/account-links.ts);
 * the HMAC is never stored, so neither the table nor a queued mail's details
 * open anything, and the mail worker, which has the secret, writes the link
 * when it sends.
 */
import { Inject, Injectable } from '@nestjs/common';
import { accountLinkSignature } from '../auth/account-links';
import { JWT_SECRET } from '../auth/sessions';
import { AppError } from '../common/errors';
import { isUuid } from '../common/ids';
import { sameSecret } from '../common/same-secret';
import type { Sql } from '../database/sql';
import type { AccountTokenPurpose } from '../generated/prisma/client';

/** How long a link works. */
export const TOKEN_LIFETIME_HOURS: Record<AccountTokenPurpose, number> = { SIGN_UP: 24, EMAIL_CHANGE: 24, PASSWORD_RESET: 1 };

export interface AccountTokenRow {
  id: string;
  purpose: AccountTokenPurpose;
  email: string;
  userId: string | null;
  passwordHash: string | null;
  displayName: string | null;
  timeZone: string | null;
  expiresAt: Date;
  usedAt: Date | null;
}

const CREATE = `
INSERT INTO account_tokens (id, purpose, email, user_id, password_hash, display_name, time_zone, created_at, expires_at)
VALUES (gen_random_uuid(), $1::text::"AccountTokenPurpose", $2, $3::uuid, $4, $5, $8, $6::timestamptz, $6::timestamptz + make_interval(hours => $7::int))
RETURNING id`;
const COLUMNS = `id, purpose, email, user_id AS "userId", password_hash AS "passwordHash", display_name AS "displayName", time_zone AS "timeZone", expires_at AS "expiresAt", used_at AS "usedAt"`;
/** Locks the row, so a link opened twice at once is used once. */
const TAKE = `SELECT ${COLUMNS} FROM account_tokens WHERE id = $1::uuid FOR UPDATE`;
const MARK_USED = `UPDATE account_tokens SET used_at = $2::timestamptz WHERE id = $1::uuid`;
/** Once one link of a kind is used, the user's other open ones of that kind stop working. */
const RETIRE_OTHERS = `UPDATE account_tokens SET used_at = $3::timestamptz WHERE user_id = $1::uuid AND purpose = $2::text::"AccountTokenPurpose" AND used_at IS NULL`;
const LATEST_OPEN = `
SELECT ${COLUMNS} FROM account_tokens
WHERE email = $1 AND purpose = $2::text::"AccountTokenPurpose" AND used_at IS NULL AND expires_at > $3::timestamptz
ORDER BY created_at DESC LIMIT 1`;
const PENDING_EMAIL = `
SELECT email FROM account_tokens
WHERE user_id = $1::uuid AND purpose = 'EMAIL_CHANGE' AND used_at IS NULL AND expires_at > $2::timestamptz
ORDER BY created_at DESC LIMIT 1`;
const FORGET_USER = `DELETE FROM account_tokens WHERE user_id = $1::uuid`;
const FORGET_OPEN = `DELETE FROM account_tokens WHERE user_id = $1::uuid AND purpose = $2::text::"AccountTokenPurpose" AND used_at IS NULL`;
const FORGET_OLD = `DELETE FROM account_tokens WHERE expires_at < $1::timestamptz`;

export interface NewAccountToken {
  purpose: AccountTokenPurpose;
  email: string;
  userId?: string | null;
  passwordHash?: string | null;
  displayName?: string | null;
  timeZone?: string | null;
}

@Injectable()
export class AccountTokens {
  constructor(@Inject(JWT_SECRET) private readonly secret: string) {}

  async create(sql: Sql, token: NewAccountToken, now: Date): Promise<string> {
    const [{ id }] = await sql.query<{ id: string }>(CREATE, [
      token.purpose,
      token.email,
      token.userId ?? null,
      token.passwordHash ?? null,
      token.displayName ?? null,
      now,
      TOKEN_LIFETIME_HOURS[token.purpose],
      token.timeZone ?? null,
    ]);
    return id;
  }

  /**
   * The open row a token names, locked for the caller's transaction, and
   * marked used: a link works once. Refuses a forged, used or expired one.
   */
  async use(sql: Sql, token: string, purposes: AccountTokenPurpose[], now: Date): Promise<AccountTokenRow> {
    const invalid = new AppError('BAD_USER_INPUT', 'This link is not valid. Ask for a new one.', { reason: 'INVALID_LINK' });
    const [id, signature] = token.trim().split('.');
    if (!isUuid(id) || !signature || !this.signedBy(id, signature)) throw invalid;
    const [row] = await sql.query<AccountTokenRow>(TAKE, [id]);
    if (!row || !purposes.includes(row.purpose)) throw invalid;
    if (row.usedAt) throw new AppError('BAD_USER_INPUT', 'This link was used already. Ask for a new one if you need it.', { reason: 'USED_LINK' });
    if (row.expiresAt <= now) throw new AppError('BAD_USER_INPUT', 'This link has expired. Ask for a new one.', { reason: 'EXPIRED_LINK' });
    await sql.query(MARK_USED, [id, now]);
    if (row.userId) await sql.query(RETIRE_OTHERS, [row.userId, row.purpose, now]);
    return row;
  }

  latestOpen(sql: Sql, email: string, purpose: AccountTokenPurpose, now: Date): Promise<AccountTokenRow | undefined> {
    return sql.query<AccountTokenRow>(LATEST_OPEN, [email, purpose, now]).then((rows) => rows[0]);
  }

  /**
   * Makes the user's open links of a purpose not valid, as if never sent: a
   * password reset link mailed before the password changed, or to the
   * address the account left, must not outlive that.
   */
  async forgetOpen(sql: Sql, userId: string, purpose: AccountTokenPurpose): Promise<void> {
    await sql.query(FORGET_OPEN, [userId, purpose]);
  }

  /** The new address a user asked for and has not verified yet. */
  async pendingEmail(sql: Sql, userId: string, now: Date): Promise<string | null> {
    const [row] = await sql.query<{ email: string }>(PENDING_EMAIL, [userId, now]);
    return row?.email ?? null;
  }

  async forgetUser(sql: Sql, userId: string): Promise<void> {
    await sql.query(FORGET_USER, [userId]);
  }

  async forgetExpired(sql: Sql, now: Date): Promise<void> {
    await sql.query(FORGET_OLD, [now]);
  }

  private signedBy(id: string, signature: string): boolean {
    return sameSecret(signature, accountLinkSignature(this.secret, id));
  }
}
