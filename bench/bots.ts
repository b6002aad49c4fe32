/**
 * The bots' section of `npm run bench`, at the rules level (no server: a
 * bot's choice is pure). For each hosted ruleset and each of its option sets
 * (src/games/test-support/option-sets.ts), at its smallest table (two seats,
 * three for Five Points): games of one GREEDY bot against RANDOM bots, the
 * GREEDY seat taking each seat in turn, counting the games it won. A co-op
 * game is won or lost by the whole table, so there a table of GREEDY bots and
 * a table of RANDOM bots play the same deals instead. Every bot move is
 * timed: the seat's view and listed moves computed from the state, then the
 * choice.
 */
import { RULESETS_HOSTED } from '../src/games';
import { optionSets } from '../src/games/test-support/option-sets';
import { botPlayout, greedyAgainstRandom, type Contest } from '../src/rules/bot-playout';
import type { BotLevel } from '../src/rules/bots';
import type { AnyRuleset, GameConfig } from '../src/rules/contract';
import { percentile } from './lib/measure';

export interface MoveCosts {
  moves: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

/** One GREEDY seat against RANDOM ones. */
export interface ContestResult extends Contest {
  ruleset: string;
  /** The option set, e.g. "defaults" or "professionals, cityCards, landmarks, bigMoney". */
  options: string;
  seats: number;
  /** Each bot move's cost: the GREEDY seat's, and the RANDOM seats' (which weigh nothing: the cost of the sight alone). */
  cost: Record<BotLevel, MoveCosts>;
}

/** A co-op table of GREEDY bots, and one of RANDOM bots, on the same deals. */
export interface TeamResult {
  ruleset: string;
  options: string;
  seats: number;
  games: number;
  won: Record<BotLevel, number>;
  cost: MoveCosts;
}

export interface BotsResults {
  contests: ContestResult[];
  teams: TeamResult[];
}

function summary(costs: number[]): MoveCosts {
  const sorted = [...costs].sort((a, b) => a - b);
  return { moves: sorted.length, p50Ms: percentile(sorted, 50), p99Ms: percentile(sorted, 99), maxMs: sorted[sorted.length - 1] };
}

function contest(ruleset: AnyRuleset, label: string, config: GameConfig, games: number): ContestResult {
  const costs: Record<BotLevel, number[]> = { GREEDY: [], RANDOM: [] };
  const outcome = greedyAgainstRandom(ruleset, config, games, 'bench-bots', (level, ms) => costs[level].push(ms));
  return { ruleset: ruleset.id, options: label, seats: config.seats, ...outcome, cost: { GREEDY: summary(costs.GREEDY), RANDOM: summary(costs.RANDOM) } };
}

function teams(ruleset: AnyRuleset, label: string, config: GameConfig, games: number): TeamResult {
  const costs: number[] = [];
  const won: Record<BotLevel, number> = { GREEDY: 0, RANDOM: 0 };
  for (let game = 0; game < games; game++) {
    for (const level of ['GREEDY', 'RANDOM'] as const) {
      const levels: BotLevel[] = Array.from({ length: config.seats }, () => level);
      const timed = (_seat: number, ms: number) => costs.push(ms);
      if ((botPlayout(ruleset, config, `bench-bots-${game}`, levels, { timed }).status.winners ?? []).length > 0) won[level]++;
    }
  }
  return { ruleset: ruleset.id, options: label, seats: config.seats, games, won, cost: summary(costs) };
}

export function measureBots(gamesPerSet: number, rulesets: AnyRuleset[] = RULESETS_HOSTED): BotsResults {
  const results: BotsResults = { contests: [], teams: [] };
  for (const ruleset of rulesets) {
    for (const { label, options } of optionSets(ruleset)) {
      const config = { seats: Math.max(2, ruleset.minSeats), options };
      // Mob Town's co-op mode is the only game of a whole table against the game.
      if (options.mode === 'coop') results.teams.push(teams(ruleset, label, config, gamesPerSet));
      else results.contests.push(contest(ruleset, label, config, gamesPerSet));
    }
  }
  return results;
}
