/**
 * Accounts: signing up (with the address verified first, unless
 * EMAIL_VERIFICATION=off), logging in, password resets and changes, a new
 * address, a new name, and deletion. Nothing here tells anyone whether an
 * address has an account: sign-up and reset answer alike for any address,
 * and a login with an unknown address does the same slow hash as one with a
 * known address. Mails go through the notifications outbox, written in the
 * same transaction as what they are about, so none is lost.
 */
import { PushSubscriptionsRepository } from '../push/push-subscriptions.repository';
import { Inject, Injectable, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import type { RequestContext } from '../graphql/context';
import { Identity, Sessions } from '../auth/sessions';
import { GroupsService } from '../groups/groups.service';
import { WebhooksService } from '../webhooks/webhooks.service';
import { CalendarService } from '../calendar/calendar.service';
import { Passwords } from '../auth/passwords';
import { checkNewPassword } from '../auth/password-policy';
import { Clock } from '../common/clock';
import { AppError } from '../common/errors';
import { PeriodicTask } from '../common/periodic';
import { cleanDisplayName } from '../common/text';
import { checkTimeZone, DEFAULT_TIME_ZONE, knownTimeZone } from '../common/time-zones';
import { PrismaService } from '../database/prisma.service';
import { PublicNames } from '../public-names/public-names';
import type { Sql } from '../database/sql';
import type { User } from '../generated/prisma/client';
import { Invitations } from '../invitations/invitations';
import { NotificationOutbox } from '../notifications/outbox';
import { NotificationPreferences } from '../notifications/preferences';
import { GameQueries } from '../play/game-queries';
import { GameService } from '../play/game.service';
import { LoginAttempts } from '../rate-limits/login-attempts';
import { Vacations } from '../vacations/vacations';
import { AccountTokens } from './account-tokens';
import { checkEmail, normalizeEmail } from '../auth/email-address';
import { EMAIL_VERIFICATION } from './accounts-options';

/** What a deleted account's seats and history show. */
export const DELETED_PLAYER_NAME = 'Deleted player';

export interface SignedIn {
  token: string;
  user: User;
}

/** An account's changes on its settings: what is given changes, the rest stays. */
export interface ProfileChanges {
  displayName?: string | null;
  /** An IANA zone name, checked here. */
  timeZone?: string | null;
}

export interface Registration {
  /** Set when the account exists at once (EMAIL_VERIFICATION=off). */
  signedIn: SignedIn | null;
}

const TAKEN = 'An account with that email address already exists.';
const EMAIL_OWNER = `SELECT id FROM users WHERE email = $1`;
const CREATE_USER = `INSERT INTO users (id, email, password_hash, display_name, time_zone) VALUES (gen_random_uuid(), $1, $2, $3, $4) RETURNING id`;
/** A login's guess of the zone counts only for an account that has none: never over one the player chose. */
const GUESS_TIME_ZONE = `UPDATE users SET time_zone = $2 WHERE id = $1::uuid AND time_zone IS NULL`;
const SET_EMAIL = `UPDATE users SET email = $2 WHERE id = $1::uuid AND deleted_at IS NULL`;
const SET_PASSWORD = `UPDATE users SET password_hash = $2 WHERE id = $1::uuid`;
/** The same password's hash, made again: only if the password did not change meanwhile. */
const REHASH_PASSWORD = `UPDATE users SET password_hash = $3 WHERE id = $1::uuid AND password_hash = $2`;
const ERASE_USER = `UPDATE users SET email = NULL, password_hash = NULL, display_name = $2, deleted_at = $3::timestamptz WHERE id = $1::uuid`;
/** The games being played that user $1 has a seat in (whether or not they left it already). */
/** A resignation that loses a race with a move is tried again on the game as it then stands. */
const RESIGN_TRIES = 5;

function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: string }).code;
  return code === '23505' || code === 'P2002';
}

/** How often links past their time are deleted (unverified sign-ups with them). */
const SWEEP_INTERVAL_MS = 3600_000;

@Injectable()
export class Accounts implements OnModuleInit, OnModuleDestroy {
  private readonly sweeper = new PeriodicTask('forgetting expired account links', SWEEP_INTERVAL_MS, () =>
    this.tokens.forgetExpired(this.prisma.sql, this.clock.now()),
  );

  constructor(
    private readonly prisma: PrismaService,
    private readonly sessions: Sessions,
    private readonly tokens: AccountTokens,
    private readonly outbox: NotificationOutbox,
    private readonly logins: LoginAttempts,
    private readonly invitations: Invitations,
    private readonly clock: Clock,
    @Inject(EMAIL_VERIFICATION) private readonly verification: boolean,
    private readonly passwords: Passwords,
    private readonly names: PublicNames,
    private readonly play: GameService,
    private readonly games: GameQueries,
    private readonly preferences: NotificationPreferences,
    private readonly vacations: Vacations,
    private readonly pushDevices: PushSubscriptionsRepository,
    private readonly calendar: CalendarService,
    private readonly webhooks: WebhooksService,
    private readonly groups: GroupsService,
  ) {}

  onModuleInit(): void {
    this.sweeper.start();
  }

  onModuleDestroy(): Promise<void> {
    return this.sweeper.stop();
  }

  // ---- signing up and in -------------------------------------------------------

  /**
   * `timeZone` is the browser's guess, if it sent one: mail writes times in
   * it. A guess the server does not know (a zone newer than its Node) is
   * left out, never a reason to refuse someone: the player can choose one in
   * the settings.
   */
  async register(email: string, password: string, displayName: string, timeZone: string | null, context: RequestContext): Promise<Registration> {
    const address = checkEmail(email);
    const name = cleanDisplayName(displayName);
    const zone = timeZone === null ? null : knownTimeZone(timeZone);
    checkNewPassword(password, [address, name]);
    // Hashed whether or not the address is free: the answer must take as long either way.
    const passwordHash = await this.passwords.hash(password);
    const account = { address, passwordHash, name, zone };
    if (!this.verification) return { signedIn: await this.createAccount(account, context) };
    await this.prisma.inSqlTransaction(async (sql) => {
      const [owner] = await sql.query<{ id: string }>(EMAIL_OWNER, [address]);
      if (owner) {
        await this.outbox.recordAccountMail(sql, { kind: 'SIGN_UP_ATTEMPT', userId: owner.id, toAddress: address, details: {} });
        return;
      }
      const tokenId = await this.tokens.create(sql, { purpose: 'SIGN_UP', email: address, passwordHash, displayName: name, timeZone: zone }, this.clock.now());
      await this.mailVerificationLink(sql, tokenId, address, null);
    });
    return { signedIn: null };
  }

  /** EMAIL_VERIFICATION=off: the account exists at once, and the address may be said to be taken. */
  private async createAccount(
    { address, passwordHash, name, zone }: { address: string; passwordHash: string; name: string; zone: string | null },
    context: RequestContext,
  ): Promise<SignedIn> {
    const signedIn = await this.prisma
      .inSqlTransaction(async (sql) => {
        const [{ id }] = await sql.query<{ id: string }>(CREATE_USER, [address, passwordHash, name, zone]);
        return this.startSession(sql, id, context);
      })
      .catch((error: unknown) => {
        throw isUniqueViolation(error) ? new AppError('BAD_USER_INPUT', TAKEN) : error;
      });
    await this.invitations.seatInvitee(signedIn.user.id, address);
    return signedIn;
  }

  /** Opens a link from a verification mail: creates the account (or moves it to its new address) and signs in. */
  async verifyEmail(token: string, context: RequestContext): Promise<SignedIn> {
    const { signedIn, newAccount } = await this.prisma
      .inSqlTransaction(async (sql) => {
        const link = await this.tokens.use(sql, token, ['SIGN_UP', 'EMAIL_CHANGE'], this.clock.now());
        if (link.purpose === 'SIGN_UP') {
          const [{ id }] = await sql.query<{ id: string }>(CREATE_USER, [link.email, link.passwordHash, link.displayName, link.timeZone]);
          return { signedIn: await this.startSession(sql, id, context), newAccount: true };
        }
        await this.moveAddress(sql, link.userId!, link.email);
        return { signedIn: await this.startSession(sql, link.userId!, context), newAccount: false };
      })
      .catch((error: unknown) => {
        throw isUniqueViolation(error) ? new AppError('BAD_USER_INPUT', `${TAKEN} Log in with it.`) : error;
      });
    if (newAccount) await this.invitations.seatInvitee(signedIn.user.id, signedIn.user.email!);
    return signedIn;
  }

  /** Mails a verification link again (the same one), if one is waiting to be used; says nothing either way. */
  async resendVerification(email: string): Promise<void> {
    const address = normalizeEmail(email);
    await this.prisma.inSqlTransaction(async (sql) => {
      const now = this.clock.now();
      const link = (await this.tokens.latestOpen(sql, address, 'SIGN_UP', now)) ?? (await this.tokens.latestOpen(sql, address, 'EMAIL_CHANGE', now));
      if (link) await this.mailVerificationLink(sql, link.id, address, link.userId);
    });
  }

  /**
   * `timeZone` is the browser's guess: it becomes the account's zone if the
   * account has none (one made before zones, or signed up without a guess);
   * one the server does not know is left out, as at sign-up.
   */
  async login(email: string, password: string, timeZone: string | null, context: RequestContext): Promise<SignedIn> {
    const address = normalizeEmail(email);
    const zone = timeZone === null ? null : knownTimeZone(timeZone);
    const attempt = await this.logins.begin(address, context.clientAddress);
    const user = await this.prisma.user.findUnique({ where: { email: address } });
    if (!(await this.passwordMatches(user, password))) throw new AppError('UNAUTHENTICATED', 'Wrong email or password.');
    await this.logins.succeeded(attempt);
    // Made at another cost (before PASSWORD_HASH_COST changed): made again at this server's, now that the password is at hand.
    const rehashed = this.passwords.isAtThisCost(user!.passwordHash!) ? null : await this.passwords.hash(password);
    return this.prisma.inSqlTransaction(async (sql) => {
      if (zone) await sql.query(GUESS_TIME_ZONE, [user!.id, zone]);
      if (rehashed) await sql.query(REHASH_PASSWORD, [user!.id, user!.passwordHash, rehashed]);
      return this.startSession(sql, user!.id, context);
    });
  }

  // ---- passwords ---------------------------------------------------------------

  /**
   * Mails the address a link, or, where no account uses it, a mail saying so:
   * either way one transaction writes one mail, so the answer (always the
   * same) takes as long whether or not the address has an account.
   */
  async requestPasswordReset(email: string): Promise<void> {
    const address = checkEmail(email);
    await this.prisma.inSqlTransaction(async (sql) => {
      const [owner] = await sql.query<{ id: string }>(EMAIL_OWNER, [address]);
      if (!owner) {
        await this.outbox.recordAccountMail(sql, { kind: 'PASSWORD_RESET_NO_ACCOUNT', userId: null, toAddress: address, details: {} });
        return;
      }
      const tokenId = await this.tokens.create(sql, { purpose: 'PASSWORD_RESET', email: address, userId: owner.id }, this.clock.now());
      await this.outbox.recordAccountMail(sql, { kind: 'PASSWORD_RESET', userId: owner.id, toAddress: address, details: { tokenId } });
    });
  }

  /** Sets a new password from a reset link, ends every session, and signs in with a new one. */
  async resetPassword(token: string, newPassword: string, context: RequestContext): Promise<SignedIn> {
    return this.prisma.inSqlTransaction(async (sql) => {
      const link = await this.tokens.use(sql, token, ['PASSWORD_RESET'], this.clock.now());
      const user = await this.prisma.user.findUniqueOrThrow({ where: { id: link.userId! } });
      checkNewPassword(newPassword, [user.email ?? '', user.displayName]);
      await sql.query(SET_PASSWORD, [user.id, await this.passwords.hash(newPassword)]);
      await this.sessions.endAllOf(user.id, null, sql);
      return this.startSession(sql, user.id, context);
    });
  }

  /** Ends every other session, and the reset links mailed before: whoever else had either must log in with the new password. */
  async changePassword(currentPassword: string, newPassword: string, context: RequestContext, identity: Identity): Promise<void> {
    const user = await this.checkOwnPassword(identity.userId, currentPassword, context);
    checkNewPassword(newPassword, [user.email ?? '', user.displayName]);
    const passwordHash = await this.passwords.hash(newPassword);
    await this.prisma.inSqlTransaction(async (sql) => {
      await sql.query(SET_PASSWORD, [user.id, passwordHash]);
      await this.sessions.endAllOf(user.id, identity.sessionId, sql);
      await this.tokens.forgetOpen(sql, user.id, 'PASSWORD_RESET');
    });
  }

  // ---- address, name, deletion ---------------------------------------------------

  /**
   * Moves the account to a new address once a link mailed there is opened;
   * the old address is told. With EMAIL_VERIFICATION=off, at once.
   */
  async changeEmail(password: string, newEmail: string, context: RequestContext, identity: Identity): Promise<User> {
    const user = await this.checkOwnPassword(identity.userId, password, context);
    const address = checkEmail(newEmail);
    if (address === user.email) throw new AppError('BAD_USER_INPUT', 'That is already your address.');
    if (!this.verification) {
      await this.prisma
        .inSqlTransaction((sql) => this.moveAddress(sql, user.id, address))
        .catch((error: unknown) => {
          throw isUniqueViolation(error) ? new AppError('BAD_USER_INPUT', TAKEN) : error;
        });
      return this.prisma.user.findUniqueOrThrow({ where: { id: user.id } });
    }
    await this.prisma.inSqlTransaction(async (sql) => {
      const tokenId = await this.tokens.create(sql, { purpose: 'EMAIL_CHANGE', email: address, userId: user.id }, this.clock.now());
      const [owner] = await sql.query<{ id: string }>(EMAIL_OWNER, [address]);
      // The same answer either way; the address's owner hears that someone tried.
      if (owner) await this.outbox.recordAccountMail(sql, { kind: 'SIGN_UP_ATTEMPT', userId: owner.id, toAddress: address, details: {} });
      else await this.mailVerificationLink(sql, tokenId, address, user.id);
      await this.outbox.recordAccountMail(sql, { kind: 'EMAIL_CHANGE_REQUESTED', userId: user.id, toAddress: user.email, details: { newEmail: address } });
    });
    return user;
  }

  /** The account's new address; reset links mailed to the one it leaves no longer work. */
  private async moveAddress(sql: Sql, userId: string, address: string): Promise<void> {
    await sql.query(SET_EMAIL, [userId, address]);
    await this.tokens.forgetOpen(sql, userId, 'PASSWORD_RESET');
  }

  /** Both checked before either is written: a refusal changes nothing. */
  async updateProfile(userId: string, changes: ProfileChanges): Promise<void> {
    const displayName = changes.displayName == null ? undefined : cleanDisplayName(changes.displayName);
    const timeZone = changes.timeZone == null ? undefined : checkTimeZone(changes.timeZone);
    await this.prisma.user.update({ where: { id: userId }, data: { displayName, timeZone } });
    if (displayName !== undefined) this.names.forget(userId);
  }

  /**
   * Resigns the account from every game being played (nobody would ever
   * move for it again, and those games would wait on it for good), then
   * erases its email, name and password, its settings, its calendar address, its groups and its sessions.
   * The row stays, named "Deleted player": games it played keep their seats
   * and history, and go on folding and verifying.
   */
  async deleteAccount(password: string, context: RequestContext, identity: Identity): Promise<void> {
    const user = await this.checkOwnPassword(identity.userId, password, context);
    await this.resignEverywhere(user.id);
    await this.prisma.inSqlTransaction(async (sql) => {
      await sql.query(ERASE_USER, [user.id, DELETED_PLAYER_NAME, this.clock.now()]);
      await this.preferences.forgetUser(sql, user.id);
      await this.outbox.skipUnsent(sql, user.id);
      await this.vacations.forgetUser(sql, user.id);
      await this.pushDevices.forgetUser(sql, user.id);
      await this.calendar.forgetUser(sql, user.id);
      await this.webhooks.forgetUser(sql, user.id);
      await this.tokens.forgetUser(sql, user.id);
      await this.invitations.forgetAddress(sql, user.email!);
      await this.groups.forgetUser(sql, user.id, user.email!);
      await this.sessions.endAllOf(user.id, null, sql);
    });
    this.names.forget(user.id);
  }

  private async resignEverywhere(userId: string): Promise<void> {
    for (const id of await this.games.gamesInPlay(userId)) {
      for (let tries = 1; ; tries++) {
        try {
          await this.play.resignGame(userId, id);
          break;
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          // Any refusal (the game ended meanwhile, its history fails its check) leaves that game as it is:
          // the account is deleted all the same.
          if (error.code !== 'VERSION_CONFLICT' || tries === RESIGN_TRIES) break;
        }
      }
    }
  }

  async me(userId: string): Promise<(User & { pendingEmail: string | null }) | null> {
    const user = await this.prisma.user.findUnique({ where: { id: userId } });
    if (!user || user.deletedAt) return null;
    const pendingEmail = this.verification ? await this.tokens.pendingEmail(this.prisma.sql, userId, this.clock.now()) : null;
    return { ...user, timeZone: user.timeZone ?? DEFAULT_TIME_ZONE, pendingEmail };
  }

  // ---- shared steps ----------------------------------------------------------------

  private passwordMatches(user: User | null, password: string): Promise<boolean> {
    return this.passwords.matches(password, user?.passwordHash ?? null);
  }

  /** The signed-in user, once they have typed their password again (counted like a login, so a stolen session cannot guess it). */
  private async checkOwnPassword(userId: string, password: string, context: RequestContext): Promise<User> {
    const user = await this.prisma.user.findUnique({ where: { id: userId } });
    if (!user?.email) throw new AppError('UNAUTHENTICATED', 'Your account no longer exists.');
    const attempt = await this.logins.begin(user.email, context.clientAddress);
    if (!(await this.passwordMatches(user, password))) throw new AppError('BAD_USER_INPUT', 'That is not your current password.', { reason: 'WRONG_PASSWORD' });
    await this.logins.succeeded(attempt);
    return user;
  }

  private async startSession(sql: Sql, userId: string, context: RequestContext): Promise<SignedIn> {
    const { token } = await this.sessions.start(userId, context.userAgent, sql);
    const [user] = await sql.query<Record<string, unknown>>(
      `SELECT id, email, display_name, COALESCE(time_zone, $2) AS time_zone, created_at, password_hash, deleted_at FROM users WHERE id = $1::uuid`,
      [userId, DEFAULT_TIME_ZONE],
    );
    return {
      token,
      user: {
        id: user.id,
        email: user.email,
        displayName: user.display_name,
        timeZone: user.time_zone,
        createdAt: user.created_at,
        passwordHash: user.password_hash,
        deletedAt: user.deleted_at,
      } as User,
    };
  }

  /**
   * The mail carries no name for a sign-up: the name is the sign-up's own
   * words, and the address is not known to be theirs yet, so it would put a
   * stranger's text in front of any address.
   */
  private async mailVerificationLink(sql: Sql, tokenId: string, address: string, userId: string | null): Promise<void> {
    await this.outbox.recordAccountMail(sql, { kind: 'VERIFY_EMAIL', userId, toAddress: address, details: { tokenId } });
  }
}
