/**
 * The event store: one append-only stream of events per game, in PostgreSQL.
 *
 * Appends are optimistic: the caller says which version it decided on, and
 * the append fails with VERSION_CONFLICT if anyone appended since. The check
 * is the `UPDATE games ... WHERE version = expected` that opens the
 * transaction, so a losing writer never reaches the INSERT and never takes a
 * value from the global position sequence (no gaps from conflicts).
 *
 * No event is appended on top of a chain that was changed. Reading a game's
 * events for its state (readChain) verifies their hashes; a move is then one
 * statement, with no read of the chain, so the same statement also refuses
 * to append unless the recent events this process read or wrote are still
 * the very rows it saw (their `xmin` row versions, which any UPDATE or
 * DELETE changes, even one made with the trigger switched off). When they
 * are not, the append writes nothing and the store checks those events'
 * chain again: broken (or no longer ending in the hash it chained onto), the
 * game is refused every write from then on (INTEGRITY_FAILURE); intact (a
 * table rewritten as it was, by VACUUM FULL, say), the append is retried.
 */
import { Injectable } from '@nestjs/common';
import { Clock } from '../common/clock';
import { AppError } from '../common/errors';
import { PrismaService } from '../database/prisma.service';
import type { Sql } from '../database/sql';
import { AppendStatement, StreamColumns } from './append-statement';
import { eventHash, eventSalt, firstBreak, GENESIS_HASH, HashedFields, IntegrityReport, verifyChain } from './hash-chain';
import { BrokenChains, integrityFailure } from './integrity';
import { streamVersion } from './stream-version';

export type JsonObject = Record<string, unknown>;

export interface NewEvent {
  type: string;
  payload: JsonObject;
  actorUserId?: string | null;
  actorSeat?: number | null;
  stepStart?: boolean;
  reversible?: boolean;
  /** What caused the append this event opens (see HashedFields.move): on the first event of a step at most. */
  move?: unknown;
}

export interface StoredEvent extends HashedFields {
  /** Global position across all games (as a string: it is a bigint). */
  position: string;
  payload: JsonObject;
  hash: string;
}

export interface AppendRequest {
  gameId: string;
  expectedVersion: number;
  events: NewEvent[];
  /** Stored on the first event; the same id sent again appends nothing. */
  clientMoveId?: string;
  /** When the events happen (the clock's now when unset): a caller that planned other writes at that time passes it. */
  at?: Date;
  /** New values of registered stream columns (see registerStreamColumns); a column left out keeps its value. */
  streamColumns?: Readonly<Record<string, unknown>>;
  /** More writes that must commit or fail together with the events (e.g. an email outbox). */
  alsoInTransaction?: (sql: Sql, appended: StoredEvent[]) => Promise<void>;
}

/** Thrown when a clientMoveId was already used: the first result stands. */
export class DuplicateMoveError extends Error {
  constructor(
    readonly gameId: string,
    readonly clientMoveId: string,
  ) {
    super(`move ${clientMoveId} was already accepted`);
  }
}

/** Where the chain a read is checked from starts: the hash an event must have. */
export interface ChainAnchor {
  seq: number;
  hash: string;
}

/** A game's events read for its state, with their chain checked. */
export type ChainRead =
  /** The anchor's stored hash is not the one expected: the events were not checked. */
  | { anchorHolds: false }
  /** The events after the anchor; firstBadSeq is the first whose hash does not match, or null. */
  | { anchorHolds: true; events: StoredEvent[]; firstBadSeq: number | null };

/** Channel on which every append is announced (payload: {gameId, version}). */
export const GAME_EVENTS_CHANNEL = 'game_events';

/**
 * An append refused because another write reached the game first. Whoever
 * appends gets it (a player's move, a host's rollback, the server's own
 * deadline outcomes and invitations), so it tells what happened and claims
 * no move of the reader's (the page adds that the board shows the game as it
 * is now).
 */
function changedMeanwhile(details?: { currentVersion: number; expectedVersion: number }): AppError {
  return new AppError('VERSION_CONFLICT', 'The game changed meanwhile, so this was not done.', details);
}

/**
 * A unique violation: PostgreSQL's code 23505 as `pg` reports it, or as Prisma
 * does (P2002, or inside a failed raw query, P2010).
 */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: string; message?: string };
  return code === '23505' || code === 'P2002' || (code === 'P2010' && /23505|unique constraint/i.test(message ?? ''));
}

type EventRowInput = HashedFields & { hash: string };

interface PreparedAppend {
  head: ChainHead;
  rows: EventRowInput[];
}

/**
 * What this process knows of a game's chain where it appends next: the hash
 * to chain onto, and the row versions of the events it watches.
 */
interface ChainHead {
  version: number;
  /** The hash of event `version`, verified or written by this process. */
  hash: string;
  /** The watched events are those after `from`, up to `version`. */
  from: number;
  /** Their row versions (PostgreSQL's `xmin`), oldest first. */
  xmins: number[];
}

const HEAD_CACHE_LIMIT = 50000;
/**
 * Events each append checks are still the rows this process saw: about as
 * many as a load verifies (those after the latest snapshot, one interval's
 * worth by default).
 */
const WATCHED_EVENTS = 100;

/** The largest `seq` there can be (an int): "to the end". */
const LAST_SEQ = 2147483647;

/** A game's events with afterSeq < seq <= toSeq, in order, with their row versions. */
const READ_EVENTS_STATEMENT = `
SELECT position::text AS position, game_id, seq, type, payload, actor_user_id, actor_seat, at, client_move_id, step_start, reversible, hash, move, salt,
       xmin::text AS xmin
FROM game_events WHERE game_id = $1::uuid AND seq > $2::int AND seq <= $3::int ORDER BY seq`;

interface EventRow {
  position: string;
  game_id: string;
  seq: number;
  type: string;
  payload: JsonObject;
  actor_user_id: string | null;
  actor_seat: number | null;
  at: Date;
  client_move_id: string | null;
  step_start: boolean;
  reversible: boolean;
  hash: string;
  move: unknown;
  salt: string | null;
  xmin: string;
}

function toStoredEvent(row: EventRow): StoredEvent {
  return {
    position: row.position,
    gameId: row.game_id,
    seq: row.seq,
    type: row.type,
    payload: row.payload,
    actorUserId: row.actor_user_id,
    actorSeat: row.actor_seat,
    at: row.at,
    clientMoveId: row.client_move_id,
    stepStart: row.step_start,
    reversible: row.reversible,
    hash: row.hash,
    move: row.move,
    salt: row.salt,
  };
}

@Injectable()
export class EventStore {
  /** Where this process appends next, per game: saves a read per append (see ChainHead). */
  private readonly heads = new Map<string, ChainHead>();
  private readonly brokenChains = new BrokenChains();
  private append = new AppendStatement({});

  constructor(
    private readonly prisma: PrismaService,
    private readonly clock: Clock,
  ) {}

  /**
   * Columns of the stream's row a module keeps in step with the events,
   * written by the append's own statement (so a move stays one statement).
   * Registered at start-up, before the first append; registering a column
   * again with the same type changes nothing.
   */
  registerStreamColumns(columns: StreamColumns): void {
    this.append = this.append.with(columns);
  }

  /**
   * Appends events at `expectedVersion` (the game's current version), or
   * throws VERSION_CONFLICT / DuplicateMoveError having written nothing.
   */
  async appendEvents(request: AppendRequest): Promise<StoredEvent[]> {
    if (request.events.length === 0) throw new Error('appendEvents needs at least one event');
    try {
      const prepared = await this.prepare(request);
      // Without other writes, the append is a single statement: one round trip.
      if (!request.alsoInTransaction) return await this.claimAndInsert(this.prisma.sql, request, prepared);
      return await this.prisma.inSqlTransaction((sql) => this.appendRows(sql, request, prepared));
    } catch (error) {
      await this.rejectIfResent(request, error);
      throw error;
    }
  }

  /** For callers that already hold a transaction (e.g. creating a game row and its first events, or a move that read its game in it). */
  async appendInTransaction(sql: Sql, request: AppendRequest): Promise<StoredEvent[]> {
    return this.appendRows(sql, request, await this.prepare(request, sql));
  }

  /**
   * `work` in one transaction that reads a game and appends to it
   * (appendInTransaction): a move this process does not remember the game
   * of is one transaction all the same. A resent move refused in it is told
   * apart once it has ended, as appendEvents does.
   */
  async inAppendTransaction<T>(resent: Pick<AppendRequest, 'gameId' | 'clientMoveId'>, work: (sql: Sql) => Promise<T>): Promise<T> {
    try {
      return await this.prisma.inSqlTransaction(work);
    } catch (error) {
      await this.rejectIfResent(resent, error);
      throw error;
    }
  }

  /** A resent move fails on the version or the unique client move id: DuplicateMoveError tells it apart from a real conflict. */
  private async rejectIfResent({ gameId, clientMoveId }: Pick<AppendRequest, 'gameId' | 'clientMoveId'>, error: unknown): Promise<void> {
    if (clientMoveId && (isUniqueViolation(error) || (error instanceof AppError && error.code === 'VERSION_CONFLICT'))) {
      await this.rejectDuplicate(gameId, clientMoveId);
    }
  }

  private async appendRows(sql: Sql, request: AppendRequest, prepared: PreparedAppend): Promise<StoredEvent[]> {
    const appended = await this.claimAndInsert(sql, request, prepared);
    await request.alsoInTransaction?.(sql, appended);
    return appended;
  }

  /**
   * The events as rows, each hashed onto the previous one, and the head they
   * chain onto. Without a head in memory, the previous event's hash is read
   * outside any transaction: if the game has moved past `expectedVersion`
   * the append fails anyway, and the append checks that row is unchanged.
   * (A caller holding a transaction passes it, so as not to wait for a
   * second connection.)
   */
  private async prepare(request: AppendRequest, sql: Sql = this.prisma.sql): Promise<PreparedAppend> {
    const { gameId, expectedVersion, events } = request;
    const refusal = this.brokenChains.refusal(gameId);
    if (refusal) throw refusal;
    const head = await this.headAt(sql, gameId, expectedVersion);
    let previousHash = head.hash;
    const at = request.at ?? this.clock.now();
    const rows = events.map((event, i) => {
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
        move: event.move ?? null,
        salt: eventSalt(),
      };
      previousHash = eventHash(previousHash, fields);
      return { ...fields, hash: previousHash };
    });
    return { head, rows };
  }

  /** The hash of event `version` of the game (the genesis hash at 0): what an outside witness keeps of its history up to there. */
  async headHash(gameId: string, version: number): Promise<string> {
    return (await this.headAt(this.prisma.sql, gameId, version)).hash;
  }

  private async headAt(sql: Sql, gameId: string, version: number): Promise<ChainHead> {
    if (version === 0) return { version, hash: GENESIS_HASH, from: 0, xmins: [] };
    const known = this.heads.get(gameId);
    if (known?.version === version) return known;
    const [stored] = await sql.query<{ hash: string; xmin: string }>(
      'SELECT hash, xmin::text AS xmin FROM game_events WHERE game_id = $1::uuid AND seq = $2::int',
      [gameId, version],
    );
    if (!stored) throw await this.conflictFor(sql, gameId, version);
    return { version, hash: stored.hash, from: version - 1, xmins: [Number(stored.xmin)] };
  }

  /**
   * One statement (append-statement.ts): claim the version (the UPDATE's
   * WHERE is the concurrency check: a losing writer updates no row, so the
   * INSERT selects nothing and takes no position), insert the events, set the
   * registered stream columns and notify listeners (delivered on commit).
   */
  private async claimAndInsert(sql: Sql, request: AppendRequest, { head, rows }: PreparedAppend, retry = true): Promise<StoredEvent[]> {
    const { gameId, expectedVersion } = request;
    const inserted = await sql.query<{ position: string; seq: number; xmin: string }>(this.append.text, [
      gameId,
      expectedVersion,
      rows[0].at,
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
      head.from,
      head.xmins,
      rows.map((row) => (row.move === null || row.move === undefined ? null : JSON.stringify(row.move))),
      rows.map((row) => row.salt ?? null),
      ...this.append.columnParameters(request.streamColumns ?? {}),
    ]);
    if (inserted.length === 0) {
      const checked = await this.recheck(sql, head, gameId);
      if (!retry) throw changedMeanwhile();
      return this.claimAndInsert(sql, request, { head: checked, rows }, false);
    }
    const last = rows[rows.length - 1];
    this.rememberHead(gameId, {
      version: last.seq,
      hash: last.hash,
      from: head.from,
      xmins: [...head.xmins, ...inserted.map((row) => Number(row.xmin))],
    });
    return rows.map((row, i) => ({ ...row, payload: row.payload as JsonObject, position: String(inserted[i].position) }));
  }

  /** Keeps a head, watching at most WATCHED_EVENTS events (the newest). */
  private rememberHead(gameId: string, head: ChainHead): void {
    const excess = Math.max(head.xmins.length - WATCHED_EVENTS, 0);
    this.heads.delete(gameId);
    this.heads.set(gameId, excess === 0 ? head : { ...head, from: head.from + excess, xmins: head.xmins.slice(excess) });
    if (this.heads.size > HEAD_CACHE_LIMIT) this.heads.delete(this.heads.keys().next().value as string);
  }

  /**
   * Why an append claimed nothing: the game moved on (VERSION_CONFLICT), or
   * it did not, and then a watched event was changed or removed since this
   * process saw it. Their chain is checked again, from the stored hash of the
   * event before them: broken, or no longer ending in the hash this process
   * chains onto, the game is refused from now on (INTEGRITY_FAILURE); intact,
   * only the rows' versions changed (a table rewritten as it was), and the
   * head to retry with is returned.
   */
  private async recheck(sql: Sql, head: ChainHead, gameId: string): Promise<ChainHead> {
    const conflict = await this.conflictFor(sql, gameId, head.version);
    this.heads.delete(gameId);
    if (conflict.code !== 'VERSION_CONFLICT' || conflict.details?.currentVersion !== head.version) throw conflict;
    const rows = await sql.query<EventRow>(READ_EVENTS_STATEMENT, [gameId, Math.max(head.from - 1, 0), head.version]);
    const start = head.from === 0 ? GENESIS_HASH : rows[0]?.seq === head.from ? rows.shift()!.hash : undefined;
    if (start === undefined) throw this.brokenChains.rewritten(gameId, `event ${head.from} was removed from the database`);
    const firstBadSeq = firstBreak(start, head.from, rows.map(toStoredEvent));
    if (firstBadSeq !== null) {
      this.brokenChains.found(gameId, firstBadSeq);
      throw integrityFailure(firstBadSeq);
    }
    if (rows.length !== head.version - head.from || rows[rows.length - 1]?.hash !== head.hash) {
      throw this.brokenChains.rewritten(
        gameId,
        `event ${head.version} no longer has the hash this server chained onto: its history was rewritten in the database`,
      );
    }
    return { ...head, xmins: rows.map((row) => Number(row.xmin)) };
  }

  /**
   * On the append's own connection: a transaction that waited for a second
   * connection of the pool could wait forever once every connection is held
   * by such a transaction.
   */
  private async conflictFor(sql: Sql, gameId: string, expectedVersion: number): Promise<AppError> {
    const currentVersion = await streamVersion(sql, gameId);
    if (currentVersion === null) return new AppError('NOT_FOUND', 'There is no such game.');
    return changedMeanwhile({ currentVersion, expectedVersion });
  }

  private async rejectDuplicate(gameId: string, clientMoveId: string): Promise<void> {
    const existing = await this.prisma.gameEvent.findUnique({
      where: { gameId_clientMoveId: { gameId, clientMoveId } },
      select: { seq: true },
    });
    if (existing) throw new DuplicateMoveError(gameId, clientMoveId);
  }

  /** Events with afterSeq < seq <= toSeq, in order: on the pool, or on `sql` (a transaction the caller holds). */
  async readEvents(gameId: string, afterSeq = 0, toSeq = LAST_SEQ, sql: Sql = this.prisma.sql): Promise<StoredEvent[]> {
    const rows = await sql.query<EventRow>(READ_EVENTS_STATEMENT, [gameId, afterSeq, toSeq]);
    return rows.map(toStoredEvent);
  }

  /**
   * The events after `anchor` (or from the first) up to `toSeq`, for
   * folding, with their chain checked from the anchor's hash: a snapshot's
   * or a state's this process folded. A broken chain is logged once; an
   * intact one becomes the head the next append chains onto and watches.
   * On the pool, or on `sql` (a transaction the caller holds).
   */
  async readChain(gameId: string, anchor: ChainAnchor | null, toSeq: number, sql: Sql = this.prisma.sql): Promise<ChainRead> {
    const rows = await sql.query<EventRow>(READ_EVENTS_STATEMENT, [gameId, anchor ? anchor.seq - 1 : 0, toSeq]);
    if (anchor && (rows[0]?.seq !== anchor.seq || rows[0].hash !== anchor.hash)) return { anchorHolds: false };
    const chained = anchor ? rows.slice(1) : rows;
    const events = chained.map(toStoredEvent);
    const firstBadSeq = firstBreak(anchor?.hash ?? GENESIS_HASH, anchor?.seq ?? 0, events);
    if (firstBadSeq !== null) {
      this.brokenChains.found(gameId, firstBadSeq);
    } else if (rows.length > 0 && rows[rows.length - 1].seq === toSeq && (this.heads.get(gameId)?.version ?? 0) <= toSeq) {
      this.rememberHead(gameId, { version: toSeq, hash: rows[rows.length - 1].hash, from: rows[0].seq - 1, xmins: rows.map((row) => Number(row.xmin)) });
    }
    return { anchorHolds: true, events, firstBadSeq };
  }

  /** Recomputes the game's whole hash chain; reports the first event that does not match. */
  async verifyIntegrity(gameId: string): Promise<IntegrityReport> {
    const report = verifyChain(await this.readEvents(gameId));
    if (report.firstBadSeq === null) this.brokenChains.intact(gameId);
    else this.brokenChains.found(gameId, report.firstBadSeq);
    return report;
  }
}
