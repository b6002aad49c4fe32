/**
 * The one way every command reaches a game, a player's or the server's own:
 * load the game (at the version the player saw, when this process knows it),
 * build the command with the facts its caller gathers, decide it
 * (platform/commands.ts), complete the append (seats that left passed over,
 * the seed revealed at the end), append at the version decided on, with the
 * lobby's columns and whatever the change hooks and the caller write in the
 * same transaction, and remember the game as the append left it. A move on a
 * game this process does not remember reads the game in the transaction it
 * appends in: one transaction, whatever this process remembers.
 */
import { Injectable, Optional } from '@nestjs/common';
import { Clock, SystemClock } from '../common/clock';
import { AppError } from '../common/errors';
import type { Sql } from '../database/sql';
import { AppendRequest, EventStore, StoredEvent } from '../event-store/event-store';
import { integrityFailure } from '../event-store/integrity';
import { GameRandomness } from '../randomness/game-randomness';
import { ChangeEvent, GameChangeHooks } from './game-change-hooks';
import { GameLoader } from './game-loader';
import { gameStatus, type GameState, stateAfterJump } from './game-state';
import { allWrites, ExtraWrites, gameAt, LoadedGame } from './loaded-game';
import { LoadedGames } from './loaded-games';
import { LOBBY_COLUMNS, lobbyColumns, lobbyFields } from './lobby-projection';
import { decide, PlatformCommand } from './platform/commands';
import { completeAppend, foldDecided } from './platform/completion';
import { versionRefusal } from './platform/moves';
import type { DecidedEvent } from './platform/decision';
import { jumpTarget } from './platform-events';
import { refusalError } from './refusal-error';

/** A command ready to decide, and its caller's own writes (its tables, its mail), committed with its events. */
export interface PreparedCommand {
  command: PlatformCommand;
  alsoWrite?: ExtraWrites;
}

export interface CommandRequest {
  gameId: string;
  /** Who gives the command; null: the server itself (a deadline passing, a request lapsing). */
  actor: string | null;
  /** The command, built from the loaded game with the facts its state cannot hold, which the caller gathers here. */
  prepare(game: LoadedGame): PreparedCommand | Promise<PreparedCommand>;
  /** A move's version: the game as this process last appended it serves, when it is that version. */
  atVersion?: number;
  /** Stored on the append's first event; the same id sent again appends nothing. */
  clientMoveId?: string;
}

/** How an append is made: its client move id, its caller's writes, and the transaction it joins (else its own). */
interface AppendOptions {
  clientMoveId?: string;
  alsoWrite?: ExtraWrites;
  sql?: Sql;
}

/** A game as an append left it, and the hash of its last event. */
interface Appended {
  game: LoadedGame;
  hash: string;
}

@Injectable()
export class CommandPipeline {
  constructor(
    private readonly games: LoadedGames,
    private readonly loader: GameLoader,
    private readonly store: EventStore,
    private readonly randomness: GameRandomness,
    // Optional so the pipeline can be built by hand (tests) without any hooks.
    @Optional() private readonly hooks: GameChangeHooks = new GameChangeHooks(),
    @Optional() private readonly clock: Clock = new SystemClock(),
  ) {
    // Every append writes the lobby's read model of the game in its own statement.
    store.registerStreamColumns(LOBBY_COLUMNS);
  }

  async run(request: CommandRequest): Promise<LoadedGame> {
    const done = await this.loadDecideAndAppend(request);
    // Remembered once committed.
    this.games.appended(done.game, done.hash);
    return done.game;
  }

  private async loadDecideAndAppend(request: CommandRequest): Promise<Appended> {
    const { gameId, atVersion } = request;
    if (atVersion === undefined) return this.decideAndAppend(request, await this.games.load(gameId), false);
    const remembered = await this.games.remembered(gameId, atVersion);
    if (remembered) return this.decideAndAppend(request, remembered, true);
    // A move on a game this process does not remember: read and appended to in one transaction.
    return this.store.inAppendTransaction(request, async (sql) => this.decideAndAppend(request, await this.games.load(gameId, sql), false, sql));
  }

  /** Decides the command on `game` and appends its events: on their own, or on `sql` (the transaction the game was read in). */
  private async decideAndAppend(request: CommandRequest, game: LoadedGame, fromCache: boolean, sql?: Sql): Promise<Appended> {
    try {
      requireIntact(game);
      const { command, alsoWrite } = await request.prepare(game);
      // One time for the decision, the events and what the hooks plan from them (a deadline in a mail, the deadline stored).
      const now = this.clock.now();
      const decision = decide(gameAt(game, this.randomness), command, request.actor, now);
      if (!decision.ok) throw refusalError(decision);
      return await this.append(game, decision.events, now, { clientMoveId: request.clientMoveId, alsoWrite, sql });
    } catch (error) {
      // Refused on what this process remembered: if the game has moved on elsewhere, say that instead.
      const refusedFromMemory = fromCache && error instanceof AppError && error.code !== 'VERSION_CONFLICT';
      const moved = refusedFromMemory ? versionRefusal((await this.games.load(request.gameId)).row.version, request.atVersion!) : null;
      if (moved) throw refusalError(moved);
      throw error;
    }
  }

  /** The game after `decided` and what completes them, appended at its version (VERSION_CONFLICT if it moved on meanwhile). */
  private async append(game: LoadedGame, decided: DecidedEvent[], at: Date, { clientMoveId, alsoWrite, sql }: AppendOptions): Promise<Appended> {
    const from = game.row.version;
    const afterDecided = await this.stateAfter(game, decided, sql);
    const completion = completeAppend(gameAt(game, this.randomness), afterDecided, from + decided.length, game.row.seed);
    const events = [...decided, ...completion.events];
    const { state } = completion;
    const status = gameStatus(game.ruleset, state);
    const lobby = lobbyFields(status, state);
    const to = from + events.length;
    const written = new Map<symbol, unknown>();
    const change = { before: game, state, status, appended: events.map((event) => asChangeEvent(event, at)), written };
    const request: AppendRequest = {
      gameId: game.row.id,
      expectedVersion: from,
      events,
      clientMoveId,
      at,
      streamColumns: lobbyColumns(lobby),
      alsoInTransaction: allWrites(this.hooks.writesFor(change), alsoWrite, this.loader.snapshotWrite(game.row.id, from, to, state)),
    };
    const appended = await this.forgetIfBroken(game.row.id, sql ? this.store.appendInTransaction(sql, request) : this.store.appendEvents(request));
    // The row as the append left it: no need to read it back.
    const after: LoadedGame = {
      row: { ...game.row, ...lobby, version: to, updatedAt: appended[0].at },
      ruleset: game.ruleset,
      state,
      firstBadSeq: null,
      written,
      appended: { after: from, from: game.state.moment, events: appended },
    };
    return { game: after, hash: appended[appended.length - 1].hash };
  }

  /** The state after the decided events: folded, or, when they end by going back (see jumpTarget), the state at the version they return to. */
  private async stateAfter(game: LoadedGame, decided: DecidedEvent[], sql?: Sql): Promise<GameState> {
    const jump = decided[decided.length - 1];
    const target = jumpTarget(jump);
    if (target === null) return foldDecided(game.ruleset, game.state, decided, game.row.version);
    const back = await this.loader.stateAt(game.ruleset, game.row.id, target, sql);
    if (back.firstBadSeq !== null) throw integrityFailure(back.firstBadSeq);
    return stateAfterJump({ type: jump.type, actorSeat: jump.actorSeat ?? null }, back.state);
  }

  /**
   * `append`'s result; when it found the game's history changed in the
   * database (INTEGRITY_FAILURE), this process's copy of the game is dropped
   * too, so that every later read checks the events again.
   */
  private async forgetIfBroken(gameId: string, append: Promise<StoredEvent[]>): Promise<StoredEvent[]> {
    try {
      return await append;
    } catch (error) {
      if (error instanceof AppError && error.code === 'INTEGRITY_FAILURE') this.games.forget(gameId);
      throw error;
    }
  }
}

/** No write to a game whose history was changed in the database: no event on top of a broken chain. */
export function requireIntact(game: LoadedGame): void {
  if (game.firstBadSeq !== null) throw integrityFailure(game.firstBadSeq);
}

function asChangeEvent(event: DecidedEvent, at: Date): ChangeEvent {
  return { type: event.type, payload: event.payload, actorUserId: event.actorUserId ?? null, at };
}
