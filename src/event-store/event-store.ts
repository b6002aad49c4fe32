/**
 * The event store: one append-only stream of events per game, in PostgreSQL.
 *
 * Appends are optimistic: the caller says which version it decided on, and
 * the append fails with VERSION_CONFLICT if anyone appended since. The check
 * is the `UPDATE games ... WHERE version = expected` that opens the
 * transaction, so a losing writer never reaches the INSERT and never takes a
 * value from the global position sequence (no gaps from conflicts).
 */
import { Injectable } from '@nestjs/common';
import { Clock } from '../common/clock';
import { AppError } from '../common/errors';
import { PrismaService } from '../database/prisma.service';
import { Sql, sqlInPrismaTransaction } from '../database/sql';
import { Prisma } from '../generated/prisma/client';
import { eventHash, GENESIS_HASH, HashedFields, IntegrityReport, verifyChain } from './hash-chain';

export type JsonObject = Record<string, unknown>;

export interface NewEvent {
  type: string;
  payload: JsonObject;
  actorUserId?: string | null;
  actorSeat?: number | null;
  stepStart?: boolean;
  reversible?: boolean;
}

export interface StoredEvent extends HashedFields {
  /** Global position across all games (as a string: it is a bigint). */
  position: string;
  payload: JsonObject;
  hash: string;
}

/** Read-model columns of `games` written in the same transaction as events. */
export interface GameProjection {
  status?: 'LOBBY' | 'ACTIVE' | 'FINISHED';
  activeSeats?: number[];
  result?: JsonObject | null;
  startedVersion?: number;
}

export interface AppendRequest {
  gameId: string;
  expectedVersion: number;
  events: NewEvent[];
  /** Stored on the first event; the same id sent again appends nothing. */
  clientMoveId?: string;
  /** When the events happen (the clock's now when unset): a caller that planned other writes at that time passes it. */
  at?: Date;
  projection?: GameProjection;
  /** More writes that must commit or fail together with the events (e.g. an email outbox). */
  alsoInTransaction?: (sql: Sql, appended: StoredEvent[]) => Promise<void>;
}

/** Thrown when a clientMoveId was already used: the first result stands. */
export class DuplicateMoveError extends Error {
  constructor(readonly gameId: string, readonly clientMoveId: string) {
    super(`move ${clientMoveId} was already accepted`);
  }
}

/** Channel on which every append is announced (payload: {gameId, version}). */
export const GAME_EVENTS_CHANNEL = 'game_events';

type EventRow = Prisma.GameEventGetPayload<object>;

function toStoredEvent(row: EventRow): StoredEvent {
  return {
    position: row.position.toString(),
    gameId: row.gameId,
    seq: row.seq,
    type: row.type,
    payload: row.payload as JsonObject,
    actorUserId: row.actorUserId,
    actorSeat: row.actorSeat,
    at: row.at,
    clientMoveId: row.clientMoveId,
    stepStart: row.stepStart,
    reversible: row.reversible,
    hash: row.hash,
  };
}

/**
 * A unique violation: PostgreSQL's code 23505 as `pg` reports it, or as Prisma
 * does (P2002, or inside a failed raw query, P2010).
 */
function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: string; message?: string };
  return code === '23505' || code === 'P2002' || (code === 'P2010' && /23505|unique constraint/i.test(message ?? ''));
}

type EventRowInput = HashedFields & { hash: string };

const LAST_HASH_CACHE_LIMIT = 50000;

const APPEND_STATEMENT = `
WITH claimed AS (
  UPDATE games SET
    version = $2 + cardinality($9::text[]),
    updated_at = $3,
    status = COALESCE($4::"GameStatus", status),
    active_seats = COALESCE($5::int[], active_seats),
    result = CASE WHEN $6 THEN $7::jsonb ELSE result END,
    started_version = COALESCE($8::int, started_version)
  WHERE id = $1::uuid AND version = $2
  RETURNING id
), inserted AS (
  INSERT INTO game_events (game_id, seq, type, payload, actor_user_id, actor_seat, at, client_move_id, step_start, reversible, hash)
  SELECT claimed.id, $2 + e.ord, e.type, e.payload, e.actor_user_id, e.actor_seat, $3,
         CASE WHEN e.ord = 1 THEN $16 END, e.step_start, e.reversible, e.hash
  FROM claimed,
       unnest($9::text[], $10::text[]::jsonb[], $11::uuid[], $12::int[], $13::bool[], $14::bool[], $15::text[])
         WITH ORDINALITY AS e(type, payload, actor_user_id, actor_seat, step_start, reversible, hash, ord)
  RETURNING position, seq
), notified AS (
  SELECT pg_notify($17, $18) FROM claimed
)
SELECT position::text AS position, seq FROM inserted, (SELECT count(*) FROM notified) AS delivered ORDER BY seq`;

@Injectable()
export class EventStore {
  /** Hash of each game's newest event we appended: saves a read per append. */
  private readonly lastHashes = new Map<string, { version: number; hash: string }>();

  constructor(

    private readonly prisma: PrismaService,
    private readonly clock: Clock,
  ) {}

  /**
   * Appends events at `expectedVersion` (the game's current version), or
   * throws VERSION_CONFLICT / DuplicateMoveError having written nothing.
   */
  async appendEvents(request: AppendRequest): Promise<StoredEvent[]> {
    if (request.events.length === 0) throw new Error('appendEvents needs at least one event');
    try {
      const rows = await this.hashedRows(request);
      // Without other writes, the append is a single statement: one round trip.
      if (!request.alsoInTransaction) return await this.claimAndInsert(this.prisma.sql, request, rows);
      return await this.prisma.inSqlTransaction((sql) => this.appendRows(sql, request, rows));
    } catch (error) {
      // A resent move fails on the version or the unique client move id: tell it apart from a real conflict.
      if (request.clientMoveId && (isUniqueViolation(error) || (error instanceof AppError && error.code === 'VERSION_CONFLICT'))) {
        await this.rejectDuplicate(request.gameId, request.clientMoveId);
      }
      throw error;
    }
  }

  /** For callers that already hold a transaction (e.g. creating a game row and its first events). */
  async appendInTransaction(tx: Prisma.TransactionClient, request: AppendRequest): Promise<StoredEvent[]> {
    const sql = sqlInPrismaTransaction(tx);
    return this.appendRows(sql, request, await this.hashedRows(request, sql));
  }

  private async appendRows(sql: Sql, request: AppendRequest, rows: EventRowInput[]): Promise<StoredEvent[]> {
    const appended = await this.claimAndInsert(sql, request, rows);
    await request.alsoInTransaction?.(sql, appended);
    return appended;
  }

  /**
   * The events as rows, each hashed onto the previous one. The previous
   * hash can be read outside any transaction: an event never changes, and
   * if the game has moved past `expectedVersion` the append fails anyway.
   * (A caller holding a transaction passes it, so as not to wait for a
   * second connection.)
   */
  private async hashedRows(request: AppendRequest, sql: Sql = this.prisma.sql): Promise<EventRowInput[]> {
    const { gameId, expectedVersion, events } = request;
    let previousHash = GENESIS_HASH;
    if (expectedVersion > 0) {
      const cached = this.lastHashes.get(gameId);
      const previous = cached?.version === expectedVersion ? cached.hash : await this.storedHash(sql, gameId, expectedVersion);
      if (previous === undefined) throw await this.conflictFor(sql, gameId, expectedVersion);
      previousHash = previous;
    }
    const at = request.at ?? this.clock.now();
    return events.map((event, i) => {
      const fields = {
        gameId,
        seq: expectedVersion + i + 1,
        type: event.type,
        payload: event.payload,
        actorUserId: event.actorUserId ?? null,
        actorSeat: event.actorSeat ?? null,
        at,
        clientMoveId: i === 0 ? (request.clientMoveId ?? null) : null,
        stepStart: event.stepStart ?? false,
        reversible: event.reversible ?? false,
      };
      previousHash = eventHash(previousHash, fields);
      return { ...fields, hash: previousHash };
    });
  }

  /**
   * One statement: claim the version (the UPDATE's WHERE is the concurrency
   * check: a losing writer updates no row, so the INSERT selects nothing and
   * takes no position), insert the events, update the read model and notify
   * listeners (delivered on commit).
   */
  private async claimAndInsert(sql: Sql, request: AppendRequest, rows: EventRowInput[]): Promise<StoredEvent[]> {
    const { gameId, expectedVersion } = request;
    const projection = request.projection ?? {};
    const inserted = await sql.query<{ position: string; seq: number }>(APPEND_STATEMENT, [
      gameId,
      expectedVersion,
      rows[0].at,
      projection.status ?? null,
      projection.activeSeats ?? null,
      projection.result !== undefined,
      projection.result == null ? null : JSON.stringify(projection.result),
      projection.startedVersion ?? null,
      rows.map((row) => row.type),
      rows.map((row) => JSON.stringify(row.payload)),
      rows.map((row) => row.actorUserId),
      rows.map((row) => row.actorSeat),
      rows.map((row) => row.stepStart),
      rows.map((row) => row.reversible),
      rows.map((row) => row.hash),
      request.clientMoveId ?? null,
      GAME_EVENTS_CHANNEL,
      JSON.stringify({ gameId, version: expectedVersion + rows.length }),
    ]);
    if (inserted.length === 0) throw await this.conflictFor(sql, gameId, expectedVersion);
    const last = rows[rows.length - 1];
    this.rememberHash(gameId, last.seq, last.hash);
    return rows.map((row, i) => ({ ...row, payload: row.payload as JsonObject, position: String(inserted[i].position) }));
  }

  private rememberHash(gameId: string, version: number, hash: string): void {
    this.lastHashes.delete(gameId);
    this.lastHashes.set(gameId, { version, hash });
    if (this.lastHashes.size > LAST_HASH_CACHE_LIMIT) this.lastHashes.delete(this.lastHashes.keys().next().value as string);
  }

  private async storedHash(sql: Sql, gameId: string, seq: number): Promise<string | undefined> {
    const [event] = await sql.query<{ hash: string }>('SELECT hash FROM game_events WHERE game_id = $1::uuid AND seq = $2::int', [gameId, seq]);
    return event?.hash;
  }

  /**
   * On the append's own connection: a transaction that waited for a second
   * connection of the pool could wait forever once every connection is held
   * by such a transaction.
   */
  private async conflictFor(sql: Sql, gameId: string, expectedVersion: number): Promise<AppError> {
    const [game] = await sql.query<{ version: number }>('SELECT version FROM games WHERE id = $1::uuid', [gameId]);
    if (!game) return new AppError('NOT_FOUND', 'There is no such game.');
    return new AppError(
      'VERSION_CONFLICT',
      `The game has moved on (it is at version ${game.version}, your move was made at version ${expectedVersion}). Reload and try again.`,
      { currentVersion: game.version, expectedVersion },
    );
  }

  private async rejectDuplicate(gameId: string, clientMoveId: string): Promise<void> {
    const existing = await this.prisma.gameEvent.findUnique({
      where: { gameId_clientMoveId: { gameId, clientMoveId } },
      select: { seq: true },
    });
    if (existing) throw new DuplicateMoveError(gameId, clientMoveId);
  }

  /** Events with afterSeq < seq <= toSeq, in order. */
  async readEvents(gameId: string, afterSeq = 0, toSeq?: number): Promise<StoredEvent[]> {
    const rows = await this.prisma.gameEvent.findMany({
      where: { gameId, seq: { gt: afterSeq, ...(toSeq !== undefined ? { lte: toSeq } : {}) } },
      orderBy: { seq: 'asc' },
    });
    return rows.map(toStoredEvent);
  }

  /** Recomputes the game's hash chain; reports the first event that does not match. */
  async verifyIntegrity(gameId: string): Promise<IntegrityReport> {
    return verifyChain(await this.readEvents(gameId));
  }

  async saveSnapshot(gameId: string, version: number, state: unknown): Promise<void> {
    await this.prisma.gameSnapshot.createMany({
      data: [{ gameId, version, state: state as Prisma.InputJsonValue }],
      skipDuplicates: true,
    });
  }

  /** The newest snapshot at or before `maxVersion`. */
  async latestSnapshot(gameId: string, maxVersion: number): Promise<{ version: number; state: unknown } | null> {
    return this.prisma.gameSnapshot.findFirst({
      where: { gameId, version: { lte: maxVersion } },
      orderBy: { version: 'desc' },
      select: { version: true, state: true },
    });
  }
}
