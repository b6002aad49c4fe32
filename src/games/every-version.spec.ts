/**
 * The history replay shows a game at any version a player picks (`view(asOf)`),
 * and the server asks the rules who is to act (`status`) and what they may do
 * (`legalMoves`) at whatever version it holds: also in the middle of a step,
 * between two events one move produced. So all three must answer at every
 * version of every game, for every seat and for a spectator: here they are
 * asked at each version of seeded playouts of every hosted ruleset, for every
 * player count and variant.
 */
import type { AnyRuleset, GameConfig, RulesEvent, Viewer } from '../rules/contract';
import { randomPlayout } from '../rules/playout';
import { RULESETS_HOSTED } from './index';
import { optionSets } from './test-support/option-sets';

/** Asks view, legalMoves and status of one version; throws, naming what failed, if any of them fails. */
function askEverything(ruleset: AnyRuleset, state: unknown, seats: number): void {
  const status = ruleset.status(state);
  for (const seat of status.activeSeats) {
    if (!Number.isInteger(seat) || seat < 0 || seat >= seats) throw new Error(`status names seat ${seat} active`);
  }
  for (let seat = 0; seat < seats; seat++) {
    const moves = ruleset.legalMoves(state, seat) as unknown[];
    if (!Array.isArray(moves)) throw new Error(`legalMoves for seat ${seat} is not a list`);
    if (!status.activeSeats.includes(seat) && moves.length > 0) {
      throw new Error(`seat ${seat} is not active but has ${moves.length} legal moves`);
    }
  }
  const viewers: Viewer[] = [...Array.from({ length: seats }, (_, seat) => seat), 'spectator'];
  for (const viewer of viewers) {
    if (ruleset.view(state, viewer) === undefined) throw new Error(`view for ${viewer} is undefined`);
  }
}

/** Each version of the playout, from the state before setup to the end. */
function everyVersion(ruleset: AnyRuleset, config: GameConfig, seed: string): { versions: number } {
  const { events } = randomPlayout<unknown>(ruleset, config, seed);
  let state: unknown = ruleset.initialState(config);
  const at = (version: number, event?: RulesEvent) => {
    try {
      askEverything(ruleset, state, config.seats);
    } catch (error) {
      const where = event ? `after event ${version} (${event.type})` : 'before setup';
      throw new Error(`${where}: ${(error as Error).message}`, { cause: error });
    }
  };
  at(0);
  events.forEach((event, i) => {
    state = ruleset.evolve(state, event);
    at(i + 1, event);
  });
  return { versions: events.length + 1 };
}

const SEEDS = ['a', 'b'];

const cases = RULESETS_HOSTED.flatMap((ruleset) =>
  optionSets(ruleset).flatMap(({ label, options }) =>
    Array.from({ length: ruleset.maxSeats - ruleset.minSeats + 1 }, (_, i) => ruleset.minSeats + i).map(
      (seats) => [ruleset.id, seats, label, ruleset, options] as const,
    ),
  ),
);

describe('view, legalMoves and status at every version', () => {
  it.each(cases)('%s, %i players, %s: seeded playouts', (id, seats, label, ruleset, options) => {
    for (const seed of SEEDS) {
      const { versions } = everyVersion(ruleset, { seats, options }, `every-version-${id}-${seats}-${label}-${seed}`);
      // A whole game, not a setup that stopped at once.
      expect(versions).toBeGreaterThan(50);
    }
  });
});
