/**
 * Writes that must commit or fail together with a game's new events (the
 * email outbox, move deadlines). Their modules register a hook here at
 * start-up, so GameService stays free of them and those modules may still
 * depend on GameService.
 */
import { Injectable } from '@nestjs/common';
import type { StoredEvent } from '../event-store/event-store';
import type { Sql } from '../database/sql';
import type { GameStatus } from '../rules/contract';
import type { LoadedGame } from './loaded-game';
import type { GameState } from './game-state';
import { type AppendedTurns, turnsOfAppend } from './platform/clocks';

/** What hooks may read of an event before it is stored. */
export type ChangeEvent = Pick<StoredEvent, 'type' | 'payload' | 'actorUserId' | 'at'>;

/** A change about to be appended. */
export interface PendingChange {
  /** The game as it was before the append. */
  before: LoadedGame;
  /** The folded state and status after it. */
  state: GameState;
  status: GameStatus | null;
  appended: ChangeEvent[];
  /**
   * What hooks' writes answered that the change's own answer can use instead
   * of reading it again (each hook under a key of its own): see LoadedGame.written.
   */
  written?: Map<symbol, unknown>;
}

/** A change being appended, inside its transaction. */
export interface GameChange extends PendingChange {
  appended: StoredEvent[];
}

/** A hook's writes for one change, run inside the append's transaction. */
export type ChangeWrites = (sql: Sql, change: GameChange) => Promise<void>;

export interface GameChangeHook {
  /**
   * The writes the change needs from this hook, or null when it needs none.
   * Asked once, before the append (an append no hook writes for stays a
   * single statement), so what the hook works out here is not worked out
   * again inside the transaction. The writes are hand-written statements
   * (see database/sql.ts): they run on every move that has any.
   */
  writesFor(change: PendingChange): ChangeWrites | null;
}

@Injectable()
export class GameChangeHooks {
  private readonly hooks: GameChangeHook[] = [];

  register(hook: GameChangeHook): void {
    this.hooks.push(hook);
  }

  /** The writes to make in the append's transaction, or null when no hook has any. */
  writesFor(change: PendingChange): ((sql: Sql, appended: StoredEvent[]) => Promise<void>) | null {
    const writes = this.hooks.map((hook) => hook.writesFor(change)).filter((write): write is ChangeWrites => write !== null);
    if (writes.length === 0) return null;
    return async (sql, appended) => {
      for (const write of writes) await write(sql, { ...change, appended });
    };
  }
}

/** What the change does to the seats' turns, as every platform rule has it (src/play/platform/clocks.ts). */
export function turnsOfChange(change: PendingChange): AppendedTurns {
  const toActBefore = change.before.row.status === 'ACTIVE' ? change.before.row.activeSeats : [];
  return turnsOfAppend(change.before.ruleset, { toActBefore, state: change.state, status: change.status, events: change.appended });
}

/** Seats whose turn (and its deadline) begins with the change: see turnsOfAppend. */
export function seatsNowToAct(change: PendingChange): readonly number[] {
  return turnsOfChange(change).started;
}
