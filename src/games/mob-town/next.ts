/**
 * What an action leaves its turn to do next. An action says it rather than
 * doing it, as a state of Rally the Troops' flow tables ends or goes to the
 * next: the turn's flow (turn.ts) then carries it out. Finishing an action
 * may offer a step a professional granted, and whether that step offers
 * anything is the legal moves' answer, which asks every action: so the
 * actions never call the flow themselves, and nothing imports in a circle.
 */
import type { SkippableStep } from './events';
import type { Step } from './state';

export type Next =
  /** The action is over: a granted action, the next co-op action or the end of the turn follows. */
  | 'actionDone'
  /** A player moves next: the step under way goes on, or the action began a step, a turn or the round's play. */
  | 'awaitMove'
  /** A step the player may decline follows, passed over when it offers nothing else. */
  | { offer: Extract<Step, { kind: SkippableStep }> };
