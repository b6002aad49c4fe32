/**
 * The verifier's count of the seats' move clocks (src/play/platform/clocks.ts)
 * from the record's times alone: each append's turns ended and begun, as the
 * server's deadlines follow them (turnsOfAppend). A deadline the record says
 * passed must have been running, and have run out by then. Vacations are not
 * in the record and only ever add time, so the server may have let a
 * deadline pass later than this count, never earlier.
 */
import type { AnyRuleset } from '../rules/contract';
import { type GameState, gameStatus } from '../play/game-state';
import { clockRunsOutAt, clocksAfter, initialClocks, recordedPauses, type SeatClock, seatsToAct, turnsOfAppend } from '../play/platform/clocks';
import { DeadlinePassed } from '../play/platform-events';
import type { RecordEvent } from './game-record';

export class RecordedClocks {
  private clocks: SeatClock[] | null = null;
  /** The seats to act after the append before. */
  private toAct: number[] = [];
  /** Seats whose running deadline has passed: it passes once (till it is extended, or the turn ends). */
  private passed: number[] = [];

  constructor(private readonly ruleset: AnyRuleset) {}

  /**
   * Why `event`, opening an append on the game in `state`, cannot be: a
   * deadline of a seat with none running (a bot's), one that had passed
   * already, or one that had not run out by the record's count; else null.
   */
  problemWith(event: RecordEvent, state: GameState): string | null {
    if (event.type !== DeadlinePassed || !this.clocks) return null;
    const seat = event.payload.seat as number;
    const clock = this.clocks[seat];
    if (!clock) return null;
    const out = clockRunsOutAt(clock, recordedPauses(state, seat));
    if (!out) return `${DeadlinePassed}: seat ${seat + 1} had no move deadline running (no player's turn of theirs had begun)`;
    if (this.passed.includes(seat)) return `${DeadlinePassed}: seat ${seat + 1}'s deadline had already passed, and had not been extended since`;
    if (out.getTime() <= Date.parse(event.at)) return null;
    return `${DeadlinePassed}: seat ${seat + 1}'s time had not run out (it runs out at ${out.toISOString()} by the record's times)`;
  }

  /** The clocks after the append `appended`, which leaves the game in `state`: its turns as the server's deadlines follow them. */
  after(appended: readonly RecordEvent[], state: GameState): void {
    const settings = state.moveDeadline;
    if (!settings || appended.length === 0) return;
    this.clocks ??= initialClocks(settings, state.seats.length);
    const status = gameStatus(this.ruleset, state);
    const turns = turnsOfAppend(this.ruleset, { toActBefore: this.toAct, state, status, events: appended });
    this.clocks = clocksAfter(settings, this.clocks, { at: new Date(appended[0].at), ...turns }, (seat) => recordedPauses(state, seat));
    const over = [...turns.ended, ...turns.started, ...turns.extended];
    this.passed = [...this.passed, ...turns.passed].filter((seat) => !over.includes(seat));
    this.toAct = seatsToAct(status);
  }
}
