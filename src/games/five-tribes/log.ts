/**
 * Building the events of one decision: each event is folded at once, so the
 * rules that follow (automatic steps, triggers) read the up-to-date state.
 */
import type { Seat } from '../../rules/contract';
import type { Random } from '../../rules/random';
import type { Event } from './events';
import { evolve } from './evolve';
import type { ResumeStep, State, Turn } from './state';

export class EventLog {
  readonly events: Event[] = [];
  constructor(public state: State) {}

  push(event: Event): void {
    this.events.push(event);
    this.state = evolve(this.state, event);
  }
}

/** What every rule handler gets: where to write, who acts, and the dice. */
export interface Context {
  log: EventLog;
  seat: Seat;
  random: Random;
}

export function currentTurn(state: State): Turn {
  if (!state.turn) throw new Error('no turn in progress');
  return state.turn;
}

/** Moves the turn on to a simple step (back to the start after a Djinn detour, or to the end). */
export function goTo(ctx: Context, step: ResumeStep): void {
  ctx.log.push({ type: 'step', step: { name: step } });
}
