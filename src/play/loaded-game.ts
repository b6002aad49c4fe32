/** A game as loaded for one request, and how the decider sees it. */
import type { Sql } from '../database/sql';
import type { StoredEvent } from '../event-store/event-store';
import type { Game as GameRow } from '../generated/prisma/client';
import type { GameRandomness } from '../randomness/game-randomness';
import type { AnyRuleset } from '../rules/contract';
import type { GameState } from './game-state';
import type { RecordedEvent } from './history';
import type { Moment } from './moments';
import type { GameAt } from './platform/game-at';

export type { GameRow };

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
  /** Likewise: the events that append wrote, after version `after` (whose moment is `from`), for the answer's history to show them unread. */
  appended?: { after: number; from: Moment; events: RecordedEvent[] };
}

/** Writes that commit with an append, given what was appended. */
export type ExtraWrites = (sql: Sql, appended: StoredEvent[]) => Promise<void>;

/** The writes given, one after the other; undefined when there are none (the append is then a single statement). */
export function allWrites(...writes: Array<ExtraWrites | null | undefined>): ExtraWrites | undefined {
  const given = writes.filter((write): write is ExtraWrites => !!write);
  if (given.length <= 1) return given[0];
  return async (sql, appended) => {
    for (const write of given) await write(sql, appended);
  };
}

/** The game as the platform's decider sees it, drawing as its next append would (keyed to the position in its line of play). */
export function gameAt(game: LoadedGame, randomness: GameRandomness): GameAt {
  return {
    ruleset: game.ruleset,
    state: game.state,
    version: game.row.version,
    draws: (state) => randomness.draws({ serverSeed: game.row.seed, clientSeeds: state.clientSeeds, linePosition: state.linePosition }),
  };
}

/** The game as the decider sees it, for asking what a player may do now: nothing is appended from it, so it draws nothing. */
export function gameAsIs(game: LoadedGame): GameAt {
  return {
    ruleset: game.ruleset,
    state: game.state,
    version: game.row.version,
    draws: () => {
      throw new Error('asking what a player may do draws nothing');
    },
  };
}
