/**
 * Drives a ruleset with seeded random choices among its listed moves. Used by
 * every game's playout tests and by the benchmarks: it only uses the public
 * contract, so a game that finishes here can be finished through the API.
 */
import type { AnyRuleset, GameConfig, GameStatus, RulesEvent, Seat } from './contract';
import { seededRandom } from './random';

export interface PlayoutStep {
  seat: Seat;
  move: unknown;
  events: RulesEvent[];
}

export interface PlayoutResult<S> {
  state: S;
  status: GameStatus;
  /** Every event in order, setup first. */
  events: RulesEvent[];
  steps: PlayoutStep[];
}

export interface PlayoutOptions<S> {
  /** Stop with an error when the game has not finished after this many moves. */
  maxSteps?: number;
  /** Called after every accepted move, e.g. to assert an invariant. */
  afterStep?: (state: S, step: PlayoutStep) => void;
  /** Chooses the move; defaults to a uniformly random listed move. */
  choose?: (moves: unknown[], state: S, seat: Seat, pick: (n: number) => number) => unknown;
}

export function startGame<S>(ruleset: AnyRuleset, config: GameConfig, seed: string): { state: S; events: RulesEvent[] } {
  let state = ruleset.initialState(config) as S;
  const events = ruleset.setup(state, seededRandom(`${seed}:setup`)) as RulesEvent[];
  for (const event of events) state = ruleset.evolve(state, event);
  return { state, events };
}

export function randomPlayout<S>(ruleset: AnyRuleset, config: GameConfig, seed: string, options: PlayoutOptions<S> = {}): PlayoutResult<S> {
  const maxSteps = options.maxSteps ?? 20000;
  const chooser = seededRandom(`${seed}:choices`);
  const started = startGame<S>(ruleset, config, seed);
  let state = started.state;
  const events = [...started.events];
  const steps: PlayoutStep[] = [];
  for (let n = 0; n < maxSteps; n++) {
    const status = ruleset.status(state);
    if (status.finished) return { state, status, events, steps };
    if (status.activeSeats.length === 0) throw new Error(`no active seat in phase ${status.phase} and not finished`);
    const seat = status.activeSeats[chooser.int(status.activeSeats.length)];
    const moves = ruleset.legalMoves(state, seat) as unknown[];
    if (moves.length === 0) throw new Error(`active seat ${seat} has no legal move in phase ${status.phase}`);
    const move = options.choose ? options.choose(moves, state, seat, (k) => chooser.int(k)) : moves[chooser.int(moves.length)];
    const decision = ruleset.decide(state, move, seat, seededRandom(`${seed}:${n}`));
    if (!decision.ok) {
      throw new Error(`listed move refused (${decision.message}): ${JSON.stringify(move)}`);
    }
    for (const event of decision.events) state = ruleset.evolve(state, event);
    events.push(...decision.events);
    const step = { seat, move, events: decision.events };
    steps.push(step);
    options.afterStep?.(state, step);
  }
  throw new Error(`game did not finish within ${maxSteps} moves`);
}
