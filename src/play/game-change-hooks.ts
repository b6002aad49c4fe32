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
import type { LoadedGame } from './game.service';
import type { GameState } from './game-state';
import { GameRolledBack } from './platform-events';

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
}

/** A change being appended, inside its transaction. */
export interface GameChange extends PendingChange {
  appended: StoredEvent[];
}

export interface GameChangeHook {
  /**
   * Whether the change gives this hook anything to write. Asked before the
   * append: an append no hook writes for stays a single statement.
   */
  hasWork(change: PendingChange): boolean;
  /** Hand-written statements (see database/sql.ts): this runs on every move that has work, so it skips Prisma's runtime. */
  inTransaction(sql: Sql, change: GameChange): Promise<void>;
}

@Injectable()
export class GameChangeHooks {
  private readonly hooks: GameChangeHook[] = [];

  register(hook: GameChangeHook): void {
    this.hooks.push(hook);
  }

  /** The writes to make in the append's transaction, or null when no hook has any. */
  writesFor(change: PendingChange): ((sql: Sql, appended: StoredEvent[]) => Promise<void>) | null {
    const working = this.hooks.filter((hook) => hook.hasWork(change));
    if (working.length === 0) return null;
    return async (sql, appended) => {
      for (const hook of working) await hook.inTransaction(sql, { ...change, appended });
    };
  }
}

/**
 * Seats that must act after the change and did not have to before: their
 * turn (and its deadline) begins now. A host rollback restarts every turn.
 */
export function seatsNowToAct(change: PendingChange): number[] {
  const after = change.status && !change.status.finished ? change.status.activeSeats : [];
  if (change.appended.some((event) => event.type === GameRolledBack)) return after;
  const before = change.before.row.status === 'ACTIVE' ? change.before.row.activeSeats : [];
  return after.filter((seat) => !before.includes(seat));
}
