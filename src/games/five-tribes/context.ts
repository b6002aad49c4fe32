/**
 * What every rule handler of a decision gets: the event log it writes to
 * (each event folded at once, so automatic steps and triggers read the
 * up-to-date state), who acts, and the dice.
 */
import type { Seat } from '../../rules/contract';
import type { EventLog } from '../../rules/event-log';
import type { Random } from '../../rules/random';
import type { Event } from './events';
import type { ResumeStep, State, Turn } from './state';

export interface Context {
  log: EventLog<State, Event>;
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
