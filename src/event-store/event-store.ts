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
import { Prisma } from '../generated/prisma/client';
import { eventHash, GENESIS_HASH, IntegrityReport, verifyChain } from './hash-chain';

export type JsonObject = Record<string, unknown>;

export interface NewEvent {
  type: string;
  payload: JsonObject;
  actorUserId?: string | null;
  actorSeat?: number | null;
  stepStart?: boolean;
  reversible?: boolean;
}

export interface StoredEvent {
  /** Global position across all games (as a string: it is a bigint). */
  position: string;
  gameId: string;
  seq: number;
  type: string;
  payload: JsonObject;
  actorUserId: string | null;
  actorSeat: number | null;
  at: Date;
  clientMoveId: string | null;
  stepStart: boolean;
  reversible: boolean;
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
  projection?: GameProjection;
  /** More writes that must commit or fail together with the events (e.g. an email outbox). */
  alsoInTransaction?: (tx: Prisma.TransactionClient, appended: StoredEvent[]) => Promise<void>;
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

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: string }).code === 'P2002';
}

@Injectable()
export class EventStore {
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
    if (request.clientMoveId) await this.rejectDuplicate(request.gameId, request.clientMoveId);
    try {
      return await this.prisma.$transaction((tx) => this.appendInTransaction(tx, request));
    } catch (error) {
      // A concurrent resubmission of the same move may have won the race.
      if (request.clientMoveId && (isUniqueViolation(error) || (error instanceof AppError && error.code === 'VERSION_CONFLICT'))) {
        await this.rejectDuplicate(request.gameId, request.clientMoveId);
      }
      throw error;
    }
  }

  /** For callers that already hold a transaction (e.g. creating a game row and its first events). */
  async appendInTransaction(tx: Prisma.TransactionClient, request: AppendRequest): Promise<StoredEvent[]> {
    const { gameId, expectedVersion, events } = request;
    const now = this.clock.now();
    const claimed = await tx.game.updateMany({
      where: { id: gameId, version: expectedVersion },
      data: { version: expectedVersion + events.length, updatedAt: now, ...this.projectionData(request.projection) },
    });
    if (claimed.count === 0) throw await this.conflictFor(tx, gameId, expectedVersion);

    let previousHash = GENESIS_HASH;
    if (expectedVersion > 0) {
      const previous = await tx.gameEvent.findUniqueOrThrow({
        where: { gameId_seq: { gameId, seq: expectedVersion } },
        select: { hash: true },
      });
      previousHash = previous.hash;
    }
    const rows = events.map((event, i) => {
      const fields = {
        gameId,
        seq: expectedVersion + i + 1,
        type: event.type,
        payload: event.payload,
        actorUserId: event.actorUserId ?? null,
        actorSeat: event.actorSeat ?? null,
        at: now,
        clientMoveId: i === 0 ? (request.clientMoveId ?? null) : null,
        stepStart: event.stepStart ?? false,
        reversible: event.reversible ?? false,
      };
      previousHash = eventHash(previousHash, fields);
      return { ...fields, hash: previousHash };
    });
    const inserted = await tx.gameEvent.createManyAndReturn({
      data: rows.map((row) => ({ ...row, payload: row.payload as Prisma.InputJsonValue })),
    });
    const appended = inserted.map(toStoredEvent).sort((a, b) => a.seq - b.seq);
    await request.alsoInTransaction?.(tx, appended);
    // Delivered to listeners only if and when the transaction commits.
    await tx.$executeRaw`SELECT pg_notify(${GAME_EVENTS_CHANNEL}, ${JSON.stringify({ gameId, version: expectedVersion + events.length })})`;
    return appended;
  }

  private projectionData(projection: GameProjection | undefined): Prisma.GameUpdateManyMutationInput {
    if (!projection) return {};
    const data: Prisma.GameUpdateManyMutationInput = {};
    if (projection.status) data.status = projection.status;
    if (projection.activeSeats) data.activeSeats = projection.activeSeats;
    if (projection.result !== undefined) {
      data.result = projection.result === null ? Prisma.DbNull : (projection.result as Prisma.InputJsonValue);
    }
    if (projection.startedVersion !== undefined) data.startedVersion = projection.startedVersion;
    return data;
  }

  private async conflictFor(tx: Prisma.TransactionClient, gameId: string, expectedVersion: number): Promise<AppError> {
    const game = await tx.game.findUnique({ where: { id: gameId }, select: { version: true } });
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
