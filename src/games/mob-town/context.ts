/**
 * A decision under construction: the event log it writes (each event folded
 * in at once, so each rule reads the state as it stands after the previous
 * event) and the dice it draws with.
 */
import { EventLog } from '../../rules/event-log';
import type { Random } from '../../rules/random';
import { evolve } from './evolve';
import type { MobTownEvent } from './events';
import type { State } from './state';

export interface Context {
  log: EventLog<State, MobTownEvent>;
  random: Random;
}

/** A decision taken from `state`, drawing from `random`. */
export function contextFor(state: State, random: Random): Context {
  return { log: new EventLog(state, evolve), random };
}
