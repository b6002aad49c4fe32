/* eslint-disable max-lines -- GameService is being split up (issue 36); this line goes with it. */
/**
 * Hosting games: the server side of the decider. Every action loads the
 * folded state, asks the ruleset (or the lobby rules here) to decide, and
 * appends the resulting events at the version it decided on.
 */
import { randomBytes } from 'node:crypto';
import { Inject, Injectable, Optional } from '@nestjs/common';
import { Clock, SystemClock } from '../common/clock';
import { AppError } from '../common/errors';
import { isUuid } from '../common/ids';
import { cleanText } from '../common/text';
import { PrismaService } from '../database/prisma.service';
import type { Sql } from '../database/sql';
import { DuplicateMoveError, EventStore, GameProjection, NewEvent, StoredEvent } from '../event-store/event-store';
import { integrityFailure } from '../event-store/integrity';
import type { Game as GameRow } from '../generated/prisma/client';
import { RulesetRegistry } from './ruleset-registry';
import { moveDeadlineSettings, MoveDeadlineInput, resolvedOptions } from './platform/options';
import { refusalError } from './refusal-error';
import { DRAW_RECIPE } from '../randomness/draw-recipe';
import { GameRandomness } from '../randomness/game-randomness';
import type { AnyRuleset, GameStatus, RulesEvent, Viewer } from '../rules/contract';
import type { Random } from '../rules/random';
import { ChangeEvent, GameChangeHooks } from './game-change-hooks';
import { GameLoader } from './game-loader';
import { HistoryEntry, historyEntries, RecordedEvent } from './history';
import { Jump, opensRequest, rolledBackSeqs } from './line-of-play';
import { COUNTED_EVENT_COLUMNS, CountedEvent, countedEvent, GAME_START, looksBack, Moment, momentsOf } from './moments';
import { foldEvent, GameState, gameStatus, seatOf, stateAfterJump } from './game-state';
import { checkSeatArgument } from './seat-argument';
import {
  decideAnswer,
  decideEndProposal,
  decideLapse,
  decideRemoval,
  decideResign,
  decideTakebackRequest,
  decideWithdrawal,
  passOverLeftSeats,
  PROPOSAL_EVENT_TYPES,
  ProposalKind,
  takebackRange,
} from './game-life';
import {
  GameCreated,
  GameCreatedPayload,
  GameRolledBack,
  GameStarted,
  isPlatformEvent,
  JUMP_EVENT_TYPES,
  jumpTarget,
  MoveUndone,
  SeatTaken,
  SeedRevealed,
} from './platform-events';

export interface CreateGameInput {
  ruleset: string;
  seats: number;
  options?: unknown;
  /** A fixed server seed (only where ALLOW_FIXED_SEEDS is on); absent: a secret random one. */
  seed?: string | null;
  /** The host's contribution to the randomness; absent: the server makes one. */
  clientSeed?: string | null;
  /** Correspondence play; absent: no move deadlines. */
  moveDeadline?: MoveDeadlineInput | null;
  /** Absent: "<host>'s <game>". */
  name?: string | null;
  /** Absent: PUBLIC. */
  visibility?: GameVisibility | null;
}

/** Where a new game's host sits, and what it follows (rematches). */
export interface GamePlacement {
  /** Absent: 0. */
  hostSeat?: number;
  rematchOf?: string;
}

export type GameVisibility = 'PUBLIC' | 'PRIVATE';

const MAX_GAME_NAME_LENGTH = 80;

/** The name of a game its host did not name, and of games stored before names. */
export function defaultGameName(hostName: string, rulesetName: string): string {
  return `${hostName}'s ${rulesetName} game`;
}

/** A private game's invite secret: 128 random bits, for a link. */
function newInviteCode(): string {
  return randomBytes(16).toString('base64url');
}

/** A game as loaded for one request: its row, current state and ruleset. */
export interface LoadedGame {
  row: GameRow;
  ruleset: AnyRuleset;
  state: GameState;
  /** Set when the events read for it break their hash chain there: readable, never written to. */
  firstBadSeq: number | null;
  /**
   * Set on the game an append of this process just made: what the writes
   * committed with its events answered (see GameChange.written), so that the
   * answer to that request reads none of it again. Never kept beyond it.
   */
  written?: ReadonlyMap<symbol, unknown>;
  /** Likewise: the events that append wrote, after version `after`, for the answer's history to show them unread. */
  appended?: { after: number; events: RecordedEvent[] };
}

const MAX_CLIENT_MOVE_ID_LENGTH = 200;

/** Games in play with a takeback request or proposal to end that expired between $3 and $2. */
const EXPIRED_PROPOSALS = `
SELECT DISTINCT e.game_id FROM game_events e JOIN games g ON g.id = e.game_id AND g.status = 'ACTIVE'
WHERE e.type = ANY($1::text[]) AND (e.payload->>'expiresAt')::timestamptz <= $2::timestamptz AND (e.payload->>'expiresAt')::timestamptz > $3::timestamptz`;
const LAPSE_LOOKBACK_MS = 7 * 24 * 60 * 60 * 1000;
const ROW_CACHE_LIMIT = 20000;
/** Events read past a page of history, to tell whether its last step hid anything from the reader. */
const STEP_LOOKAHEAD = 50;

/**
 * A game's row as Prisma's `Game` has it, read on the prepared `pg` path:
 * every read of a game (the page's load, its history after each move)
 * starts with it, and through Prisma's runtime it cost about three times the
 * CPU (bench/README.md, item 7).
 */
const GAME_ROW_STATEMENT = `
SELECT id::text, ruleset, seed, options, seat_count AS "seatCount", host_id::text AS "hostId", status::text AS status, version,
  active_seats AS "activeSeats", started_version AS "startedVersion", result, ruleset_version AS "rulesetVersion",
  rules_check AS "rulesCheck", created_at AS "createdAt", updated_at AS "updatedAt", name, visibility::text AS visibility,
  invite_code AS "inviteCode", rematch_of::text AS "rematchOf"
FROM games WHERE id = $1::uuid`;

/**
 * A page of history in one statement: what counting moments needs of the
 * events up to the page's end (and its lookahead) from a known moment on,
 * the events of the page whole, and the game's jumps outside that stretch
 * (which decide what is rolled back). $1 game, $2 after, $3 the page's last
 * seq with its lookahead, $4 the game's version, $5 the jump event types,
 * $6 the seq whose moment is known (0: the start), at most $2.
 */
const HISTORY_COLUMNS = `${COUNTED_EVENT_COLUMNS},
  CASE WHEN e.seq > $2::int THEN e.payload END AS payload,
  CASE WHEN e.seq > $2::int THEN e.actor_user_id END AS "actorUserId",
  CASE WHEN e.seq > $2::int THEN e.at END AS at, CASE WHEN e.seq > $2::int THEN e.move END AS move`;
const HISTORY_STATEMENT = `
SELECT ${HISTORY_COLUMNS} FROM game_events e WHERE e.game_id = $1::uuid AND e.seq > $6::int AND e.seq <= $3::int
UNION ALL
SELECT ${HISTORY_COLUMNS} FROM game_events e
WHERE e.game_id = $1::uuid AND (e.seq <= $6::int OR (e.seq > $3::int AND e.seq <= $4::int)) AND e.type = ANY($5::text[])
ORDER BY 1`;

/** The jumps (JUMP_EVENT_TYPES, $3) of game $1 after version $2: only these can have set that version aside. */
const JUMPS_AFTER_STATEMENT = `
SELECT seq, (payload->>'toVersion')::int AS "toVersion" FROM game_events
WHERE game_id = $1::uuid AND seq > $2::int AND type = ANY($3::text[])`;

interface HistoryRow extends CountedEvent {
  payload: Record<string, unknown> | null;
  actorUserId: string | null;
  at: Date;
  move: unknown;
}

@Injectable()
export class GameService {
  /** Rows as this process last appended to them (see loadAtVersion). */
  private readonly rows = new Map<string, GameRow>();
  /** Per game, the first and last events of the last page of history read, with their moments, in order (see history). */
  private readonly countedTo = new Map<string, Array<{ seq: number; moment: Moment }>>();

  constructor(
    private readonly prisma: PrismaService,
    private readonly store: EventStore,
    private readonly loader: GameLoader,
    @Inject(RulesetRegistry) private readonly rulesets: RulesetRegistry,
    private readonly randomness: GameRandomness,
    // Optional so the service can be built by hand (tests) without any hooks.
    @Optional() private readonly hooks: GameChangeHooks = new GameChangeHooks(),
    @Optional() private readonly clock: Clock = new SystemClock(),
  ) {}

  // ---- loading -------------------------------------------------------------

  async load(gameId: string): Promise<LoadedGame> {
    const row = await this.findRow(gameId);
    const ruleset = this.rulesets.get(row.ruleset);
    const { state, firstBadSeq } = await this.loader.stateAt(ruleset, row.id, row.version);
    // A broken game is read afresh every time (see loadAtVersion).
    if (firstBadSeq === null) this.rememberRow(row);
    else this.forgetGame(row.id);
    return { row, ruleset, state, firstBadSeq };
  }

  private async findRow(gameId: string): Promise<GameRow> {
    const [row] = isUuid(gameId) ? await this.prisma.sql.query<GameRow>(GAME_ROW_STATEMENT, [gameId]) : [];
    if (!row) throw new AppError('NOT_FOUND', 'There is no such game.');
    return row;
  }

  async stateAt(game: LoadedGame, version: number): Promise<GameState> {
    if (!Number.isInteger(version) || version < 1 || version > game.row.version) {
      throw new AppError('BAD_USER_INPUT', `asOf must be a version from 1 to ${game.row.version}.`);
    }
    return (await this.loader.stateAt(game.ruleset, game.row.id, version)).state;
  }

  status(game: LoadedGame, state = game.state): GameStatus | null {
    return gameStatus(game.ruleset, state);
  }

  /** What `userId` may see: its own seat, or everything once the game is over. */
  viewerFor(game: LoadedGame, userId: string | undefined): Viewer {
    if (game.row.status === 'FINISHED') return 'all';
    return seatOf(game.state, userId) ?? 'spectator';
  }

  // ---- lobby ---------------------------------------------------------------

  async createGame(hostId: string, input: CreateGameInput, placement: GamePlacement = {}): Promise<LoadedGame> {
    const ruleset = this.rulesets.get(input.ruleset);
    if (!Number.isInteger(input.seats) || input.seats < ruleset.minSeats || input.seats > ruleset.maxSeats) {
      throw new AppError('BAD_USER_INPUT', `${ruleset.name} is played by ${ruleset.minSeats} to ${ruleset.maxSeats} players.`);
    }
    const resolved = resolvedOptions(ruleset, input.options);
    if (!resolved.ok) throw refusalError(resolved);
    const { options } = resolved;
    const givenName = input.name === undefined || input.name === null ? null : cleanText(input.name, 'The name of a game', [1, MAX_GAME_NAME_LENGTH]);
    const visibility = input.visibility ?? 'PUBLIC';
    const { serverSeed, commitment, fixedSeed } = this.randomness.newGameSeed(input.seed);
    const hostSeat = placement.hostSeat ?? 0;
    const clientSeed = this.randomness.clientSeed(input.clientSeed, hostSeat, fixedSeed);
    const deadlineSettings = input.moveDeadline ? moveDeadlineSettings(ruleset, input.moveDeadline) : undefined;
    if (deadlineSettings && !deadlineSettings.ok) throw refusalError(deadlineSettings);
    const moveDeadline = deadlineSettings?.settings;
    const gameId = await this.prisma.$transaction(async (tx) => {
      const name =
        givenName ?? defaultGameName((await tx.user.findUniqueOrThrow({ where: { id: hostId }, select: { displayName: true } })).displayName, ruleset.name);
      // The server seed and a private game's invite code are kept in the row alone, which no history shows.
      const row = await tx.game.create({
        data: {
          ruleset: ruleset.id,
          rulesetVersion: ruleset.version,
          seed: serverSeed,
          options,
          seatCount: input.seats,
          hostId,
          name,
          visibility,
          inviteCode: visibility === 'PRIVATE' ? newInviteCode() : null,
          rematchOf: placement.rematchOf ?? null,
        },
      });
      const created: GameCreatedPayload = {
        ruleset: ruleset.id,
        rulesetVersion: ruleset.version,
        seats: input.seats,
        options,
        commitment,
        drawRecipe: DRAW_RECIPE,
        fixedSeed,
        hostId,
        name,
        visibility,
        ...(placement.rematchOf ? { rematchOf: placement.rematchOf } : {}),
        ...(moveDeadline ? { moveDeadline } : {}),
      };
      await this.store.appendInTransaction(tx, {
        gameId: row.id,
        expectedVersion: 0,
        events: [
          { type: GameCreated, payload: { ...created }, actorUserId: hostId },
          { type: SeatTaken, payload: { seat: hostSeat, userId: hostId, clientSeed }, actorUserId: hostId, actorSeat: hostSeat },
        ],
      });
      await tx.gameSeat.create({ data: { gameId: row.id, index: hostSeat, userId: hostId } });
      return row.id;
    });
    return this.load(gameId);
  }

  /** Seats the player: in `seat`, else the first free one; never in `keptForOthers`, the free seats kept for other players' invitations. */
  async joinGame(userId: string, gameId: string, seat?: number | null, clientSeed?: string | null, keptForOthers: readonly number[] = []): Promise<LoadedGame> {
    const game = await this.load(gameId);
    this.requireIntact(game);
    if (game.state.started) throw new AppError('GAME_NOT_ACTIVE', 'The game has already started: no seat can be taken now.');
    if (game.state.seats.includes(userId)) throw new AppError('BAD_USER_INPUT', 'You already have a seat in this game.');
    const free = game.state.seats.flatMap((holder, i) => (holder === null ? [i] : []));
    const open = free.filter((i) => !keptForOthers.includes(i));
    const chosen = seat ?? open[0];
    if (chosen === undefined) throw new AppError('BAD_USER_INPUT', free.length > 0 ? 'Every free seat is kept for an invited player.' : 'Every seat is taken.');
    checkSeatArgument(chosen, game.state.seats.length);
    if (!free.includes(chosen)) throw new AppError('BAD_USER_INPUT', `Seat ${chosen + 1} is taken.`);
    if (!open.includes(chosen)) throw new AppError('BAD_USER_INPUT', `Seat ${chosen + 1} is kept for an invited player.`);
    const seatTaken = { seat: chosen, userId, clientSeed: this.randomness.clientSeed(clientSeed, chosen, game.state.fixedSeed) };
    const joined = this.prisma.$transaction(async (tx) => {
      await this.store.appendInTransaction(tx, {
        gameId,
        expectedVersion: game.row.version,
        events: [{ type: SeatTaken, payload: seatTaken, actorUserId: userId, actorSeat: chosen }],
      });
      await tx.gameSeat.create({ data: { gameId, index: chosen, userId } });
    });
    await this.forgetIfBroken(gameId, joined);
    return this.load(gameId);
  }

  async startGame(userId: string, gameId: string): Promise<LoadedGame> {
    const game = await this.load(gameId);
    this.requireIntact(game);
    if (game.row.hostId !== userId) throw new AppError('FORBIDDEN', 'Only the host can start the game.');
    if (game.state.started) throw new AppError('GAME_NOT_ACTIVE', 'The game has already started.');
    const waiting = game.state.seats.filter((holder) => holder === null).length;
    if (waiting > 0) throw new AppError('BAD_USER_INPUT', `Waiting for ${waiting} more player${waiting === 1 ? '' : 's'} to join.`);
    const started = foldEvent(game.ruleset, game.state, this.asFoldable(GameStarted, {}, game.row.version + 1));
    const setup = game.ruleset.setup(started.rules, this.draws(game)) as RulesEvent[];
    const events: NewEvent[] = [
      { type: GameStarted, payload: {}, actorUserId: userId, actorSeat: 0 },
      ...setup.map((event) => this.toNewEvent(event, null, null)),
    ];
    return this.appendAndFold(game, events, { startedVersion: game.row.version + events.length });
  }

  // ---- play ----------------------------------------------------------------

  async submitMove(userId: string, gameId: string, move: unknown, expectedVersion: number, clientMoveId?: string | null): Promise<LoadedGame> {
    if (clientMoveId !== undefined && clientMoveId !== null && (clientMoveId.length === 0 || clientMoveId.length > MAX_CLIENT_MOVE_ID_LENGTH)) {
      throw new AppError('BAD_USER_INPUT', `clientMoveId must be 1 to ${MAX_CLIENT_MOVE_ID_LENGTH} characters.`);
    }
    try {
      return await this.decideAndAppend(userId, gameId, move, expectedVersion, clientMoveId ?? undefined);
    } catch (error) {
      // A resent move that was accepted the first time gets the game, not the refusal its resend would earn.
      const refused = error instanceof AppError || error instanceof DuplicateMoveError;
      if (clientMoveId && refused && (await this.alreadyAccepted(gameId, clientMoveId))) return this.load(gameId);
      throw error;
    }
  }

  private async decideAndAppend(userId: string, gameId: string, move: unknown, expectedVersion: number, clientMoveId?: string): Promise<LoadedGame> {
    const { game, fromCache } = await this.loadAtVersion(gameId, expectedVersion);
    try {
      this.requireIntact(game);
      const seat = this.requireSeat(game, userId);
      this.requireActive(game);
      this.requireVersion(game, expectedVersion);
      const status = this.status(game)!;
      if (!status.activeSeats.includes(seat)) throw new AppError('NOT_YOUR_TURN', 'It is not your turn.');
      const decision = game.ruleset.decide(game.state.rules, move, seat, this.draws(game));
      if (!decision.ok) throw new AppError(decision.code, decision.message);
      // The move exactly as submitted opens its step, so that history shows it and a verifier can decide it again.
      const events = decision.events.map((event: RulesEvent, i: number) => ({
        ...this.toNewEvent(event, userId, seat),
        stepStart: i === 0,
        reversible: decision.reversible,
        ...(i === 0 ? { move } : {}),
      }));
      return await this.appendAndFold(game, events, {}, clientMoveId);
    } catch (error) {
      // Refused on what this process remembered: if the game has moved on elsewhere, say that instead.
      if (fromCache && error instanceof AppError && error.code !== 'VERSION_CONFLICT') this.requireVersion(await this.load(gameId), expectedVersion);
      throw error;
    }
  }

  /**
   * The game as the mover saw it. When this process appended the game's
   * latest events itself, its remembered row and state are that game, and no
   * read is needed: if another process appended since, the append's own
   * version check refuses the move.
   */
  private async loadAtVersion(gameId: string, expectedVersion: number): Promise<{ game: LoadedGame; fromCache: boolean }> {
    const row = this.rows.get(gameId);
    if (row && row.version === expectedVersion) {
      const ruleset = this.rulesets.get(row.ruleset);
      const { state, firstBadSeq } = await this.loader.stateAt(ruleset, gameId, expectedVersion);
      return { game: { row, ruleset, state, firstBadSeq }, fromCache: true };
    }
    return { game: await this.load(gameId), fromCache: false };
  }

  async undoMove(userId: string, gameId: string): Promise<LoadedGame> {
    const game = await this.load(gameId);
    this.requireIntact(game);
    const seat = this.requireSeat(game, userId);
    this.requireActive(game);
    const last = game.state.undoable[game.state.undoable.length - 1];
    if (!last || last.seat !== seat) {
      throw new AppError(
        'ILLEGAL_MOVE',
        'You have no step to take back: your last step revealed something or ended your turn, or another player has acted since.',
      );
    }
    return this.jumpTo(game, [{ type: MoveUndone, payload: { toVersion: last.before }, actorUserId: userId, actorSeat: seat }]);
  }

  async rollbackGame(userId: string, gameId: string, toVersion: number, reason: string): Promise<LoadedGame> {
    const game = await this.load(gameId);
    this.requireIntact(game);
    if (game.row.hostId !== userId) throw new AppError('FORBIDDEN', 'Only the host can roll the game back.');
    if (!game.state.started || game.row.startedVersion === null) throw new AppError('GAME_NOT_ACTIVE', 'The game has not started yet.');
    // Its server seed is public now: played again from an earlier point, every draw would be known in advance.
    if (game.row.status === 'FINISHED')
      throw new AppError('GAME_NOT_ACTIVE', 'The game is over and its shuffles have been revealed: it can no longer be rolled back.');
    // A player's leaving is for good: going back stops there, as a takeback does.
    const { from, to } = takebackRange(game.state, game.row.startedVersion, game.row.version);
    if (!Number.isInteger(toVersion) || toVersion < from || toVersion > to) {
      const start = from === game.row.startedVersion ? 'the start of play' : 'when the last player left';
      throw new AppError('BAD_USER_INPUT', from > to ? 'There is nothing to roll back yet.' : `toVersion must be from ${from} (${start}) to ${to}.`);
    }
    const why = cleanText(reason, 'The reason for a rollback', [1, 500]);
    await this.requireReturnPoint(game, toVersion);
    const hostSeat = seatOf(game.state, userId);
    return this.jumpTo(game, [{ type: GameRolledBack, payload: { toVersion, reason: why }, actorUserId: userId, actorSeat: hostSeat }]);
  }

  // ---- the game's life (rules in game-life.ts) ---------------------------------------

  /** The caller leaves the game for good; see game-life.ts for what follows. */
  async resignGame(userId: string, gameId: string): Promise<LoadedGame> {
    const game = await this.loadToChange(gameId);
    const seat = this.requireSeat(game, userId);
    this.requireActive(game);
    return this.appendAndFold(game, decideResign(game.state, seat), {});
  }

  /** Host only: takes out a seat whose move deadline has passed, as if its player had resigned. */
  async removePlayer(userId: string, gameId: string, seat: number): Promise<LoadedGame> {
    const game = await this.loadToChange(gameId);
    if (game.row.hostId !== userId) throw new AppError('FORBIDDEN', 'Only the host can remove a player.');
    this.requireActive(game);
    return this.appendAndFold(game, decideRemoval(game.state, seat, userId, seatOf(game.state, userId)), {});
  }

  async requestTakeback(userId: string, gameId: string, toVersion: number, reason: string): Promise<LoadedGame> {
    const game = await this.loadToChange(gameId);
    const seat = this.requireSeat(game, userId);
    this.requireActive(game);
    const request = { toVersion, reason, now: this.clock.now(), startedVersion: game.row.startedVersion!, version: game.row.version, userId };
    const events = decideTakebackRequest(game.state, seat, request);
    await this.requireReturnPoint(game, toVersion);
    return this.appendAndFold(game, events, {});
  }

  /**
   * Going back (a rollback, a takeback) lands on the game as it stands, never
   * on a point rolled back or undone before (that would go forward into play
   * set aside, while the history said "back"), and between two moves or
   * actions, never inside one, where nobody might be able to act.
   */
  private async requireReturnPoint(game: LoadedGame, toVersion: number): Promise<void> {
    const jumps = await this.prisma.sql.query<Jump>(JUMPS_AFTER_STATEMENT, [game.row.id, toVersion, JUMP_EVENT_TYPES]);
    if (rolledBackSeqs(jumps, game.row.version).has(toVersion)) {
      throw new AppError(
        'BAD_USER_INPUT',
        `Version ${toVersion} was rolled back or taken back since: go back to a point of the game as it stands, as the history lists them.`,
      );
    }
    const [next] = await this.store.readEvents(game.row.id, toVersion, toVersion + 1);
    if (next && !opensRequest(next)) {
      throw new AppError(
        'BAD_USER_INPUT',
        `Version ${toVersion} is inside one move's events: go back to a point between two moves, as the history lists them.`,
      );
    }
  }

  async proposeEnd(userId: string, gameId: string): Promise<LoadedGame> {
    const game = await this.loadToChange(gameId);
    const seat = this.requireSeat(game, userId);
    this.requireActive(game);
    return this.appendAndFold(game, decideEndProposal(game.state, seat, this.clock.now(), userId), {});
  }

  /** Answers the pending takeback or proposal to end; the last agreement carries it out. */
  async answerProposal(userId: string, gameId: string, kind: ProposalKind, accept: boolean): Promise<LoadedGame> {
    const game = await this.loadToChange(gameId);
    const seat = this.requireSeat(game, userId);
    this.requireActive(game);
    const events = decideAnswer(game.state, kind, seat, accept, this.clock.now(), userId);
    return jumpTarget(events[events.length - 1]) === null ? this.appendAndFold(game, events, {}) : this.jumpTo(game, events);
  }

  /** The caller takes back their own pending takeback request or proposal to end. */
  async withdrawProposal(userId: string, gameId: string): Promise<LoadedGame> {
    const game = await this.loadToChange(gameId);
    const seat = this.requireSeat(game, userId);
    this.requireActive(game);
    return this.appendAndFold(game, decideWithdrawal(game.state, seat, this.clock.now(), userId), {});
  }

  /**
   * Records the lapse of every takeback request and proposal to end that
   * expired unanswered (asked by the deadline sweep). Looks only at
   * proposals that expired within the last week, so that those ended
   * otherwise are not read again for ever; returns how many lapsed.
   */
  async lapseExpiredProposals(now: Date): Promise<number> {
    const candidates = await this.prisma.sql.query<{ game_id: string }>(EXPIRED_PROPOSALS, [
      PROPOSAL_EVENT_TYPES,
      now,
      new Date(now.getTime() - LAPSE_LOOKBACK_MS),
    ]);
    let lapsed = 0;
    for (const { game_id: gameId } of candidates) {
      const game = await this.load(gameId);
      const events = game.row.status === 'ACTIVE' && game.firstBadSeq === null ? decideLapse(game.state, now) : null;
      if (!events) continue;
      try {
        await this.appendAndFold(game, events, {});
        lapsed++;
      } catch (error) {
        // Someone answered or moved meanwhile: the next sweep looks again.
        if (!(error instanceof AppError && error.code === 'VERSION_CONFLICT')) throw error;
      }
    }
    return lapsed;
  }

  private async loadToChange(gameId: string): Promise<LoadedGame> {
    const game = await this.load(gameId);
    this.requireIntact(game);
    return game;
  }

  /**
   * Appends events the server decides itself (deadline outcomes, an
   * invitation), folded and checked like a move's; `alsoWrite` commits with them.
   */
  appendServerEvents(game: LoadedGame, events: NewEvent[], alsoWrite?: ExtraWrites): Promise<LoadedGame> {
    return this.appendAndFold(game, events, {}, undefined, alsoWrite);
  }

  /** The ruleset's events passing over `seat` (see Ruleset.skipTurn); null where it cannot be skipped now. */
  skipTurnEvents(game: LoadedGame, seat: number): NewEvent[] | null {
    const events = game.ruleset.skipTurn?.(game.state.rules, seat, this.draws(game)) ?? null;
    // An irreversible step: nothing before a skip can be taken back.
    return events && events.map((event: RulesEvent, i: number) => ({ ...this.toNewEvent(event, null, seat), stepStart: i === 0 }));
  }

  /** Appends `events`, the last of which returns the game to an earlier version (see jumpTarget). */
  private async jumpTo(game: LoadedGame, events: NewEvent[]): Promise<LoadedGame> {
    const jump = events[events.length - 1];
    const target = await this.loader.stateAt(game.ruleset, game.row.id, jumpTarget(jump)!);
    if (target.firstBadSeq !== null) throw integrityFailure(target.firstBadSeq);
    return this.appendWithState(game, events, stateAfterJump({ type: jump.type, actorSeat: jump.actorSeat ?? null }, target.state), {});
  }

  /**
   * The generator for the append the game is about to make: keyed to the
   * position in its line of play in force, so that after an undo or a
   * rollback the same move draws the same.
   */
  private draws(game: LoadedGame, state = game.state): Random {
    return this.randomness.draws({ serverSeed: game.row.seed, clientSeeds: state.clientSeeds, linePosition: state.linePosition });
  }

  // ---- history -------------------------------------------------------------

  async history(game: LoadedGame, viewer: Viewer, after = 0, first = 100): Promise<HistoryEntry[]> {
    if (!Number.isInteger(after) || after < 0 || after > game.row.version) {
      throw new AppError('BAD_USER_INPUT', `after must be a version from 0 to ${game.row.version}.`);
    }
    const take = Math.min(Math.max(first, 1), 500);
    const justWritten = this.historyJustAppended(game, viewer, after, take);
    if (justWritten) return justWritten;
    const to = Math.min(after + take, game.row.version);
    // A few events more, to see whether the page's last step hid anything (see historyEntries).
    const upTo = Math.min(to + STEP_LOOKAHEAD, game.row.version);
    // Counting goes on from where this process last counted the game to, unless the page starts before it.
    const known = this.countedTo.get(game.row.id) ?? [];
    const start = known.filter((point) => point.seq <= after).pop() ?? { seq: 0, moment: GAME_START };
    let rows = await this.prisma.sql.query<HistoryRow>(HISTORY_STATEMENT, [game.row.id, after, upTo, game.row.version, JUMP_EVENT_TYPES, start.seq]);
    let counted = rows.filter((row) => row.seq > start.seq && row.seq <= upTo);
    let moments: Map<number, Moment>;
    if (start.seq > 0 && counted.some(looksBack)) {
      // An undo or a rollback since: where it went back to is counted from the first event (rare: a second read).
      rows = await this.prisma.sql.query<HistoryRow>(HISTORY_STATEMENT, [game.row.id, after, upTo, game.row.version, JUMP_EVENT_TYPES, 0]);
      counted = rows.filter((row) => row.seq <= upTo);
      moments = momentsOf(game.ruleset, counted);
    } else {
      moments = momentsOf(game.ruleset, counted, start);
    }
    const events = counted.filter((row) => row.seq > after) as RecordedEvent[];
    const jumps = rows.filter((row) => JUMP_EVENT_TYPES.includes(row.type)).map((row) => ({ seq: row.seq, toVersion: row.toVersion ?? 0 }));
    // Where this page started and ended: the next page usually starts at its end, a page read again at its start.
    const points = [after, to].flatMap((seq) => (moments.has(seq) ? [{ seq, moment: moments.get(seq)! }] : []));
    if (points.length > 0) this.rememberCounted(game.row.id, points);
    return historyEntries(game.ruleset, events, jumps, game.row.version, viewer, to - after, moments);
  }

  /**
   * The history a move's answer asks for, after the version it was made at:
   * the events its append just wrote, counted on from the moment this
   * process last counted the game to, read from nothing. Null where that
   * is not all of it (another page, an undo or a rollback, a moment not
   * known here): then the entries are read.
   */
  private historyJustAppended(game: LoadedGame, viewer: Viewer, after: number, take: number): HistoryEntry[] | null {
    const appended = game.appended;
    if (!appended || appended.after !== after || appended.events.length > take || game.row.version !== after + appended.events.length) return null;
    const start = this.countedTo.get(game.row.id)?.find((point) => point.seq === after);
    const counted = appended.events.map((event) => countedEvent({ ...event, stepStart: event.stepStart ?? false }));
    if (!start || counted.some(looksBack)) return null;
    const moments = momentsOf(game.ruleset, counted, start);
    this.rememberCounted(game.row.id, [start, { seq: game.row.version, moment: moments.get(game.row.version)! }]);
    // Nothing after them yet, so nothing of them is rolled back.
    return historyEntries(game.ruleset, appended.events, [], game.row.version, viewer, appended.events.length, moments);
  }

  /** Where this process last counted a game's moments to (two moments a game): its next page of history counts on from there. */
  private rememberCounted(gameId: string, known: Array<{ seq: number; moment: Moment }>): void {
    this.countedTo.delete(gameId);
    this.countedTo.set(gameId, known);
    if (this.countedTo.size > ROW_CACHE_LIMIT) this.countedTo.delete(this.countedTo.keys().next().value as string);
  }

  /** Where the game stood at each version up to `toSeq`, in rounds and moves (see moments.ts). */
  async moments(game: LoadedGame, toSeq: number): Promise<Map<number, Moment>> {
    return momentsOf(game.ruleset, await this.countedEvents(game.row.id, toSeq));
  }

  private countedEvents(gameId: string, toSeq: number): Promise<CountedEvent[]> {
    return this.prisma.sql.query<CountedEvent>(
      `SELECT ${COUNTED_EVENT_COLUMNS} FROM game_events e WHERE e.game_id = $1::uuid AND e.seq <= $2::int ORDER BY e.seq`,
      [gameId, toSeq],
    );
  }

  // ---- shared steps ----------------------------------------------------------

  private requireSeat(game: LoadedGame, userId: string): number {
    const seat = seatOf(game.state, userId);
    if (seat === null) throw new AppError('FORBIDDEN', 'You do not have a seat in this game.');
    return seat;
  }

  /** No write to a game whose history was changed in the database: no event on top of a broken chain. */
  private requireIntact(game: LoadedGame): void {
    if (game.firstBadSeq !== null) throw integrityFailure(game.firstBadSeq);
  }

  private requireActive(game: LoadedGame): void {
    if (game.row.status !== 'ACTIVE') {
      throw new AppError('GAME_NOT_ACTIVE', game.row.status === 'LOBBY' ? 'The game has not started yet.' : 'The game is over.');
    }
  }

  private requireVersion(game: LoadedGame, expectedVersion: number): void {
    if (expectedVersion !== game.row.version) {
      throw new AppError(
        'VERSION_CONFLICT',
        `The game has moved on (it is at version ${game.row.version}, your move was made at version ${expectedVersion}). Reload and try again.`,
        { currentVersion: game.row.version, expectedVersion },
      );
    }
  }

  private async alreadyAccepted(gameId: string, clientMoveId: string): Promise<boolean> {
    const found = await this.prisma.gameEvent.findUnique({ where: { gameId_clientMoveId: { gameId, clientMoveId } }, select: { seq: true } });
    return found !== null;
  }

  private toNewEvent(event: RulesEvent, userId: string | null, seat: number | null): NewEvent {
    if (isPlatformEvent(event.type)) throw new Error(`ruleset event type ${event.type} uses the reserved "game." prefix`);
    const { type, ...payload } = event;
    return { type, payload, actorUserId: userId, actorSeat: seat };
  }

  private asFoldable(type: string, payload: Record<string, unknown>, seq: number) {
    return { seq, type, payload, actorSeat: null, stepStart: false, reversible: false };
  }

  private appendAndFold(game: LoadedGame, events: NewEvent[], projection: GameProjection, clientMoveId?: string, alsoWrite?: ExtraWrites): Promise<LoadedGame> {
    return this.appendWithState(game, events, this.foldNew(game, game.state, events, game.row.version), projection, clientMoveId, alsoWrite);
  }

  /** `state` with `events`, to be appended after version `after`, folded in. */
  private foldNew(game: LoadedGame, state: GameState, events: NewEvent[], after: number): GameState {
    let folded = state;
    events.forEach((event, i) => {
      folded = foldEvent(game.ruleset, folded, {
        seq: after + i + 1,
        type: event.type,
        payload: event.payload,
        actorSeat: event.actorSeat ?? null,
        actorUserId: event.actorUserId ?? null,
        stepStart: event.stepStart ?? false,
        reversible: event.reversible ?? false,
      });
    });
    return folded;
  }

  private async appendWithState(
    game: LoadedGame,
    decided: NewEvent[],
    decidedState: GameState,
    projection: GameProjection,
    clientMoveId?: string,
    alsoWrite?: ExtraWrites,
  ): Promise<LoadedGame> {
    this.requireIntact(game);
    // Seats that left are passed over whenever they are to act: worked out from the folded state, at no cost to a game nobody left.
    const passed = decidedState.life?.left.length
      ? this.passOverLeftSeats(game, decidedState, game.row.version + decided.length)
      : { events: [], state: decidedState };
    const status = gameStatus(game.ruleset, passed.state);
    // The game ends with these events: its server seed is revealed with them, so that every draw can be checked.
    const reveal: NewEvent[] = status?.finished && game.row.status !== 'FINISHED' ? [{ type: SeedRevealed, payload: { serverSeed: game.row.seed } }] : [];
    const events = [...decided, ...passed.events, ...reveal];
    const state = this.foldNew(game, passed.state, reveal, game.row.version + decided.length + passed.events.length);
    const fullProjection: GameProjection = {
      ...projection,
      ...(status
        ? {
            status: status.finished ? 'FINISHED' : 'ACTIVE',
            activeSeats: status.finished ? [] : status.activeSeats,
            result: status.finished ? { scores: status.scores ?? null, winners: status.winners ?? [], detail: status.detail ?? null } : null,
          }
        : {}),
    };
    const from = game.row.version;
    const to = from + events.length;
    // One time for the events and for what the hooks plan from them (a deadline in a mail, the deadline stored).
    const at = this.clock.now();
    const written = new Map<symbol, unknown>();
    const appended = await this.forgetIfBroken(
      game.row.id,
      this.store.appendEvents({
        gameId: game.row.id,
        expectedVersion: from,
        events,
        clientMoveId,
        at,
        projection: fullProjection,
        alsoInTransaction: allWrites(
          this.hooks.writesFor({ before: game, state, status, appended: events.map((event) => asChangeEvent(event, at)), written }),
          alsoWrite,
          this.loader.snapshotWrite(game.row.id, from, to, state),
        ),
      }),
    );
    const lastHash = appended[appended.length - 1].hash;
    this.loader.remember(game.row.id, to, state, lastHash);
    // The row as the append left it: no need to read it back.
    const row: GameRow = {
      ...game.row,
      version: to,
      updatedAt: appended[0].at,
      status: fullProjection.status ?? game.row.status,
      activeSeats: fullProjection.activeSeats ?? game.row.activeSeats,
      result: fullProjection.result === undefined ? game.row.result : (fullProjection.result as GameRow['result']),
      startedVersion: fullProjection.startedVersion ?? game.row.startedVersion,
    };
    this.rememberRow(row);
    return { row, ruleset: game.ruleset, state, firstBadSeq: null, written, appended: { after: from, events: appended } };
  }

  /** The events passing over seats that left, appended after version `after`, and the state they lead to. */
  private passOverLeftSeats(game: LoadedGame, state: GameState, after: number): { events: NewEvent[]; state: GameState } {
    let version = after;
    return passOverLeftSeats(game.ruleset, state, {
      status: (current) => gameStatus(game.ruleset, current),
      draws: (current) => this.draws(game, current),
      fold: (current, events) => {
        const folded = this.foldNew(game, current, events, version);
        version += events.length;
        return folded;
      },
    });
  }

  /**
   * `append`'s result; when it found the game's history changed in the
   * database (INTEGRITY_FAILURE), this process's copy of the game is dropped
   * too, so that every later read checks the events again.
   */
  private async forgetIfBroken<T>(gameId: string, append: Promise<T>): Promise<T> {
    try {
      return await append;
    } catch (error) {
      if (error instanceof AppError && error.code === 'INTEGRITY_FAILURE') {
        this.forgetGame(gameId);
        this.loader.forget(gameId);
      }
      throw error;
    }
  }

  /** A game whose history was changed in the database: nothing this process remembers of it (its row, its moments counted) is used again. */
  private forgetGame(gameId: string): void {
    this.rows.delete(gameId);
    this.countedTo.delete(gameId);
  }

  private rememberRow(row: GameRow): void {
    this.rows.delete(row.id);
    this.rows.set(row.id, row);
    if (this.rows.size > ROW_CACHE_LIMIT) this.rows.delete(this.rows.keys().next().value as string);
  }
}

/** Writes that commit with an append, given what was appended. */
export type ExtraWrites = (sql: Sql, appended: StoredEvent[]) => Promise<void>;

/** The writes given, one after the other; undefined when there are none (the append is then a single statement). */
function allWrites(...writes: Array<ExtraWrites | null | undefined>): ExtraWrites | undefined {
  const given = writes.filter((write): write is ExtraWrites => !!write);
  if (given.length <= 1) return given[0];
  return async (sql, appended) => {
    for (const write of given) await write(sql, appended);
  };
}

function asChangeEvent(event: NewEvent, at: Date): ChangeEvent {
  return { type: event.type, payload: event.payload, actorUserId: event.actorUserId ?? null, at };
}
