/**
 * Writes that must commit or fail together with a game's new events (the
 * email outbox, move deadlines). Their modules register a hook here at
 * start-up, so GameService stays free of them and those modules may still
 * depend on GameService.
 */
import { Injectable } from '@nestjs/common';
import type { StoredEvent } from '../event-store/event-store';
import type { Prisma } from '../generated/prisma/client';
import type { GameStatus } from '../rules/contract';
import type { LoadedGame } from './game.service';
import type { GameState } from './game-state';
import { GameRolledBack } from './platform-events';

export interface GameChange {
  /** The game as it was before the append. */
  before: LoadedGame;
  /** The folded state and status after it. */
  state: GameState;
  status: GameStatus | null;
  appended: StoredEvent[];
}

export interface GameChangeHook {
  inTransaction(tx: Prisma.TransactionClient, change: GameChange): Promise<void>;
}

@Injectable()
export class GameChangeHooks {
  private readonly hooks: GameChangeHook[] = [];

  register(hook: GameChangeHook): void {
    this.hooks.push(hook);
  }

  async runInTransaction(tx: Prisma.TransactionClient, change: GameChange): Promise<void> {
    for (const hook of this.hooks) await hook.inTransaction(tx, change);
  }
}

/**
 * Seats that must act after the change and did not have to before: their
 * turn (and its deadline) begins now. A host rollback restarts every turn.
 */
export function seatsNowToAct(change: GameChange): number[] {
  const after = change.status && !change.status.finished ? change.status.activeSeats : [];
  if (change.appended.some((event) => event.type === GameRolledBack)) return after;
  const before = change.before.row.status === 'ACTIVE' ? change.before.row.activeSeats : [];
  return after.filter((seat) => !before.includes(seat));
}
