/**
 * Server-side sessions behind bearer tokens. A token is a signed JWT naming
 * its user and session; the session (a row in `sessions`) can end: logging
 * out, logging out everywhere, a password change or reset, deleting the
 * account, or 30 days unused.
 *
 * Checking a token reads no database on the hot path: its signature is
 * checked once, and each session is read once per process and then kept.
 * Ending sessions NOTIFYs every server process (`session_ended`), which
 * forgets them (the next request reads the row again and is refused) and
 * closes open WebSockets that use them. A process whose LISTEN connection
 * dropped forgets every session, since it may have missed such notices.
 * A session's last use is written at most every few minutes, off the
 * request path, in one statement for all sessions used meanwhile.
 */
import { createSecretKey, KeyObject } from 'node:crypto';
import { Inject, Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import jwt from 'jsonwebtoken';
import { AppError } from '../common/errors';
import { PeriodicTask } from '../common/periodic';
import { DATABASE_URL } from '../database/database.module';
import { PgListener } from '../database/pg-listener';
import { PrismaService } from '../database/prisma.service';
import type { Sql } from '../database/sql';

export const JWT_SECRET = Symbol('JWT_SECRET');

/** A session unused this long has ended. */
export const SESSION_IDLE_DAYS = 30;
const IDLE_MS = SESSION_IDLE_DAYS * 24 * 3600 * 1000;
/** A session's last use is written when it is at least this much newer than the one stored. */
const LAST_USED_PRECISION_MS = 5 * 60_000;
const FLUSH_INTERVAL_MS = 60_000;
const CACHED_SESSIONS = 20_000;
const SESSION_ENDED_CHANNEL = 'session_ended';

export interface Identity {
  userId: string;
  sessionId: string;
}

interface KnownSession {
  userId: string;
  ended: boolean;
  lastUsedMs: number;
  /** The last use as stored in `sessions`. */
  storedLastUsedMs: number;
}

/** Which sessions a notice ends: some by id, or all of a user's but one. */
interface EndedNotice {
  sessionIds?: string[];
  userId?: string;
  except?: string | null;
}

interface OpenSocket extends Identity {
  close(): void;
}

export interface SessionInfo {
  id: string;
  createdAt: Date;
  lastUsedAt: Date;
  userAgent: string | null;
}

const START = `INSERT INTO sessions (id, user_id, user_agent) VALUES (gen_random_uuid(), $1::uuid, $2::text) RETURNING id`;
const READ = `SELECT user_id, last_used_at, ended_at FROM sessions WHERE id = $1::uuid`;
const END_SOME = `UPDATE sessions SET ended_at = now() WHERE id = ANY ($1::uuid[]) AND ended_at IS NULL`;
const END_ALL_BUT = `UPDATE sessions SET ended_at = now() WHERE user_id = $1::uuid AND ended_at IS NULL AND id IS DISTINCT FROM $2::uuid`;
const NOTIFY_ENDED = `SELECT pg_notify('${SESSION_ENDED_CHANNEL}', $1::text)`;
const ENDED_AMONG = `SELECT id::text AS id FROM sessions WHERE id = ANY ($1::uuid[]) AND ended_at IS NOT NULL`;
const WRITE_LAST_USED = `
UPDATE sessions s SET last_used_at = used.at
FROM unnest($1::uuid[], $2::timestamptz[]) AS used(id, at)
WHERE s.id = used.id AND s.ended_at IS NULL AND s.last_used_at < used.at`;
const LIST = `
SELECT id, created_at, last_used_at, user_agent FROM sessions
WHERE user_id = $1::uuid AND ended_at IS NULL AND last_used_at > $2::timestamptz
ORDER BY last_used_at DESC`;

/** The longest user agent kept: enough to tell a browser and its system. */
const MAX_USER_AGENT = 300;

@Injectable()
export class Sessions implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(Sessions.name);
  private readonly key: KeyObject;
  /** Tokens whose signature was checked, with whom they name. */
  private readonly verifiedTokens = new Map<string, Identity>();
  private readonly known = new Map<string, KnownSession>();
  /** Counts notices, so a read that started before one is not kept after it. */
  private noticesSeen = 0;
  private readonly sockets = new Set<OpenSocket>();
  private readonly listener: PgListener;
  private readonly flusher = new PeriodicTask("writing sessions' last use", FLUSH_INTERVAL_MS, () => this.writeLastUse());

  constructor(
    private readonly prisma: PrismaService,
    @Inject(JWT_SECRET) secret: string,
    @Inject(DATABASE_URL) databaseUrl: string,
  ) {
    this.key = createSecretKey(Buffer.from(secret, 'utf8'));
    this.listener = new PgListener(
      databaseUrl,
      { [SESSION_ENDED_CHANNEL]: (payload) => this.onEnded(JSON.parse(payload) as EndedNotice) },
      // Sessions that ended while the connection was down went unheard: check every one again.
      { applicationName: 'pbw-sessions', onReconnect: () => this.recheckAfterGap() },
    );
  }

  async onModuleInit(): Promise<void> {
    await this.listener.start();
    this.flusher.start();
  }

  async onModuleDestroy(): Promise<void> {
    await this.flusher.stop();
    await this.writeLastUse().catch((error) => this.logger.warn(`could not write sessions' last use: ${error}`));
    await this.listener.stop();
  }

  /** Starts a session for `userId` (in the caller's transaction, when given one); returns its bearer token. */
  async start(userId: string, userAgent: string | undefined, sql: Sql = this.prisma.sql): Promise<{ token: string; sessionId: string }> {
    const [{ id }] = await sql.query<{ id: string }>(START, [userId, userAgent?.slice(0, MAX_USER_AGENT) ?? null]);
    // Known here from the start (unless a notice comes first), so its first request reads nothing.
    const now = Date.now();
    remember(this.known, id, { userId, ended: false, lastUsedMs: now, storedLastUsedMs: now }, CACHED_SESSIONS);
    return { token: jwt.sign({ sid: id }, this.key, { subject: userId, algorithm: 'HS256' }), sessionId: id };
  }

  /** Who a bearer token stands for, if its session is still open; refuses it otherwise. */
  async authenticate(token: string): Promise<Identity> {
    const identity = this.verifiedTokens.get(token) ?? this.verifySignature(token);
    const session = this.known.get(identity.sessionId) ?? (await this.read(identity.sessionId));
    const now = Date.now();
    if (!session || session.ended || session.userId !== identity.userId || now - session.lastUsedMs > IDLE_MS) {
      throw new AppError('UNAUTHENTICATED', 'Your session has ended: log in again.');
    }
    session.lastUsedMs = now;
    return identity;
  }

  private verifySignature(token: string): Identity {
    let claims: jwt.JwtPayload;
    try {
      claims = jwt.verify(token, this.key, { algorithms: ['HS256'] }) as jwt.JwtPayload;
    } catch {
      throw new AppError('UNAUTHENTICATED', 'Your session is not valid any more: log in again.');
    }
    if (typeof claims.sub !== 'string' || typeof claims.sid !== 'string') {
      throw new AppError('UNAUTHENTICATED', 'Your session is not valid any more: log in again.');
    }
    const identity = { userId: claims.sub, sessionId: claims.sid };
    remember(this.verifiedTokens, token, identity, CACHED_SESSIONS);
    return identity;
  }

  private async read(sessionId: string): Promise<KnownSession | null> {
    const noticesBefore = this.noticesSeen;
    const [row] = await this.prisma.sql.query<{ user_id: string; last_used_at: Date; ended_at: Date | null }>(READ, [sessionId]);
    if (!row) return null;
    const session = { userId: row.user_id, ended: row.ended_at !== null, lastUsedMs: row.last_used_at.getTime(), storedLastUsedMs: row.last_used_at.getTime() };
    if (this.noticesSeen === noticesBefore) remember(this.known, sessionId, session, CACHED_SESSIONS);
    return session;
  }

  /** Ends these sessions, in the caller's transaction when given one. */
  async end(sessionIds: string[], sql: Sql = this.prisma.sql): Promise<void> {
    await sql.query(END_SOME, [sessionIds]);
    await this.announce({ sessionIds }, sql);
  }

  /** Ends every session of the user, but `except` (the caller's own) when given. */
  async endAllOf(userId: string, except: string | null, sql: Sql = this.prisma.sql): Promise<void> {
    await sql.query(END_ALL_BUT, [userId, except]);
    await this.announce({ userId, except }, sql);
  }

  /** Tells every process (this one included) at commit; this one forgets them at once too. */
  private async announce(notice: EndedNotice, sql: Sql): Promise<void> {
    await sql.query(NOTIFY_ENDED, [JSON.stringify(notice)]);
    this.forget(notice);
  }

  /** The user's open sessions, most recently used first. */
  async list(userId: string): Promise<SessionInfo[]> {
    const rows = await this.prisma.sql.query<{ id: string; created_at: Date; last_used_at: Date; user_agent: string | null }>(LIST, [
      userId,
      new Date(Date.now() - IDLE_MS),
    ]);
    return rows.map((row) => ({
      id: row.id,
      createdAt: row.created_at,
      // What this process knows may be newer than what was written.
      lastUsedAt: new Date(Math.max(row.last_used_at.getTime(), this.known.get(row.id)?.lastUsedMs ?? 0)),
      userAgent: row.user_agent,
    }));
  }

  /** How many notices of ended sessions this process has had: a check made while it changed may have read a session that has ended since. */
  get endedNotices(): number {
    return this.noticesSeen;
  }

  /** Registers an open WebSocket, closed when its session ends; returns what to call when it closes by itself. */
  attachSocket(identity: Identity, close: () => void): () => void {
    const socket = { ...identity, close };
    this.sockets.add(socket);
    return () => this.sockets.delete(socket);
  }

  private onEnded(notice: EndedNotice): void {
    this.noticesSeen++;
    this.forget(notice);
    for (const socket of [...this.sockets]) {
      if (endsSession(notice, socket)) {
        this.sockets.delete(socket);
        socket.close();
      }
    }
  }

  private forget(notice: EndedNotice): void {
    for (const [sessionId, session] of this.known) {
      if (endsSession(notice, { sessionId, userId: session.userId })) this.known.delete(sessionId);
    }
  }

  private forgetAll(): void {
    this.noticesSeen++;
    this.known.clear();
  }

  /** After the listener was away: every session is read again when next used, and the sockets of those that ended meanwhile are closed now. */
  private recheckAfterGap(): void {
    this.forgetAll();
    const open = [...this.sockets];
    if (open.length === 0) return;
    void this.prisma.sql
      .query<{ id: string }>(ENDED_AMONG, [[...new Set(open.map((socket) => socket.sessionId))]])
      .then((rows) => {
        const ended = new Set(rows.map((row) => row.id));
        for (const socket of open) if (ended.has(socket.sessionId) && this.sockets.delete(socket)) socket.close();
      })
      .catch((error) => this.logger.warn(`could not check the sessions of open sockets after a reconnect: ${error}`));
  }

  private async writeLastUse(): Promise<void> {
    const due = [...this.known].filter(([, session]) => !session.ended && session.lastUsedMs - session.storedLastUsedMs >= LAST_USED_PRECISION_MS);
    if (due.length === 0) return;
    await this.prisma.sql.query(WRITE_LAST_USED, [due.map(([id]) => id), due.map(([, session]) => new Date(session.lastUsedMs))]);
    for (const [, session] of due) session.storedLastUsedMs = session.lastUsedMs;
  }
}

function endsSession(notice: EndedNotice, session: Identity): boolean {
  if (notice.sessionIds) return notice.sessionIds.includes(session.sessionId);
  return notice.userId === session.userId && notice.except !== session.sessionId;
}

/** Keeps `value` under `key` in an insertion-ordered map of at most `limit` entries, dropping the oldest. */
function remember<V>(map: Map<string, V>, key: string, value: V, limit: number): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > limit) map.delete(map.keys().next().value as string);
}
