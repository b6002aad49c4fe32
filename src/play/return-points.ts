/**
 * Where a user may take a game back to now (Game.returnPoints): the
 * decider's own rules of who may (src/play/platform/) and of which points
 * (return-point.ts), so the page offers exactly what a rollback or a
 * takeback request would be accepted at.
 */
import { Injectable } from '@nestjs/common';
import { GameRandomness } from '../randomness/game-randomness';
import { GameEventsRepository } from './game-events.repository';
import { gameAt, type LoadedGame } from './loaded-game';
import { isRefusal } from './platform/decision';
import { takebackAsker } from './platform/life';
import { rollbackRefusal } from './platform/moves';
import { returnPoints, returnRange } from './platform/return-point';

/** Where one user may take a game back to now, as the decider would accept it. */
export interface ReturnPointsFor {
  /** The versions, oldest first; none when the user may neither roll back nor ask for a takeback. */
  versions: number[];
  /** The user may roll the game back to them (its host, while it is being played). */
  rollback: boolean;
  /** The user may ask the other players to take the game back to them. */
  takeback: boolean;
}

@Injectable()
export class ReturnPoints {
  constructor(
    private readonly events: GameEventsRepository,
    private readonly randomness: GameRandomness,
  ) {}

  /**
   * Where `userId` may take the game back to now: the decider's own rules of
   * who may and of which points, over the events since the start of the
   * range (one read, and none when the user may do neither).
   */
  async forUser(game: LoadedGame, userId: string | null, now: Date): Promise<ReturnPointsFor> {
    const at = gameAt(game, this.randomness);
    const rollback = rollbackRefusal(at, userId) === null;
    const takeback = !isRefusal(takebackAsker(at, userId, now));
    if (!rollback && !takeback) return { versions: [], rollback, takeback };
    const { version } = game.row;
    const eventsAfter = await this.events.everyEventAfter(game.row.id, returnRange(game.state, version).from, version);
    return { versions: returnPoints(game.state, version, eventsAfter), rollback, takeback };
  }
}
