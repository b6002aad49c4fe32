/**
 * Loading games, and what this process remembers of them: the row of each
 * game it last appended to (so that the next move on it reads nothing:
 * see remembered), beside the folded states the loader keeps. A game whose
 * history was changed in the database is forgotten everywhere, so that
 * every later read checks its events again.
 */
import { Injectable } from '@nestjs/common';
import { AppError } from '../common/errors';
import type { Sql } from '../database/sql';
import { isUuid } from '../common/ids';
import { GameLoader } from './game-loader';
import type { GameState } from './game-state';
import { GamesRepository } from './games.repository';
import type { GameRow, LoadedGame } from './loaded-game';
import { RulesetRegistry } from './ruleset-registry';

const ROW_CACHE_LIMIT = 20000;

@Injectable()
export class LoadedGames {
  /** Rows as this process last appended to them (see remembered). */
  private readonly rows = new Map<string, GameRow>();
  /** Others who remember something of games, told when one is forgotten. */
  private readonly forgetters: Array<(gameId: string) => void> = [];

  constructor(
    private readonly games: GamesRepository,
    private readonly loader: GameLoader,
    private readonly rulesets: RulesetRegistry,
  ) {}

  /** The game as stored: read on the pool, or on `sql` (a transaction the caller holds). */
  async load(gameId: string, sql?: Sql): Promise<LoadedGame> {
    const row = isUuid(gameId) ? await this.games.row(gameId, sql) : null;
    if (!row) throw new AppError('NOT_FOUND', 'There is no such game.');
    const ruleset = this.rulesets.get(row.ruleset);
    const { state, firstBadSeq } = await this.loader.stateAt(ruleset, row.id, row.version, sql);
    // A broken game is read afresh every time (see remembered).
    if (firstBadSeq === null) this.rememberRow(row);
    else this.forget(row.id);
    return { row, ruleset, state, firstBadSeq };
  }

  /**
   * The game as a player saw it at `version`, when this process appended the
   * game's latest events itself: its remembered row and state are that game,
   * and no read is needed (if another process appended since, the append's
   * own version check refuses the move). Null when it did not.
   */
  async remembered(gameId: string, version: number): Promise<LoadedGame | null> {
    const row = this.rows.get(gameId);
    if (!row || row.version !== version) return null;
    const ruleset = this.rulesets.get(row.ruleset);
    const { state, firstBadSeq } = await this.loader.stateAt(ruleset, gameId, version);
    return { row, ruleset, state, firstBadSeq };
  }

  /** The game's state at an earlier version (a replay's board). */
  async stateAt(game: LoadedGame, version: number): Promise<GameState> {
    if (!Number.isInteger(version) || version < 1 || version > game.row.version) {
      throw new AppError('BAD_USER_INPUT', `asOf must be a version from 1 to ${game.row.version}.`);
    }
    return (await this.loader.stateAt(game.ruleset, game.row.id, version)).state;
  }

  /** The game as an append of this process left it, its state's last event hashed `hash`. */
  appended(game: LoadedGame, hash: string): void {
    this.loader.remember(game.row.id, game.row.version, game.state, hash);
    this.rememberRow(game.row);
  }

  /** `forget` tells `forgetter` of every game forgotten. */
  onForget(forgetter: (gameId: string) => void): void {
    this.forgetters.push(forgetter);
  }

  /** A game whose history was changed in the database: nothing this process remembers of it is used again. */
  forget(gameId: string): void {
    this.rows.delete(gameId);
    this.loader.forget(gameId);
    for (const forgetter of this.forgetters) forgetter(gameId);
  }

  private rememberRow(row: GameRow): void {
    this.rows.delete(row.id);
    this.rows.set(row.id, row);
    if (this.rows.size > ROW_CACHE_LIMIT) this.rows.delete(this.rows.keys().next().value as string);
  }
}
