/**
 * A decision under construction: events are folded in as they are emitted,
 * so each rule reads the state as it stands after the previous event.
 */
import type { Random } from '../../rules/random';
import { evolve } from './evolve';
import type { MobTownEvent } from './events';
import type { State } from './state';

export class Tx {
  readonly events: MobTownEvent[] = [];

  constructor(
    public state: State,
    readonly random: Random,
  ) {}

  emit(event: MobTownEvent): void {
    this.events.push(event);
    this.state = evolve(this.state, event);
  }

  /** False once the Law has ended the round or the game has ended: the rest of a turn is abandoned. */
  get live(): boolean {
    return this.state.phase === 'play';
  }
}
