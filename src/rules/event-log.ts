/**
 * The events of one decision, written one at a time. Each event is folded
 * into the state as it is written, so the rules that follow it (automatic
 * steps, triggers, the next draw) read the position as it stands after
 * everything written before them. Every game builds its decisions with it,
 * its own state and event types as the parameters.
 */
import type { RulesEvent } from './contract';

export class EventLog<S, E extends RulesEvent> {
  readonly events: E[] = [];
  private current: S;

  constructor(
    start: S,
    private readonly evolve: (state: S, event: E) => S,
  ) {
    this.current = start;
  }

  /** The state after every event written so far. */
  get state(): S {
    return this.current;
  }

  push(...events: E[]): void {
    for (const event of events) {
      this.events.push(event);
      this.current = this.evolve(this.current, event);
    }
  }
}
