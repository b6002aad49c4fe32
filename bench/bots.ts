/**
 * The bots' section of `npm run bench`: for each hosted ruleset, games of one
 * GREEDY bot against RANDOM bots at the ruleset's smallest table (two seats,
 * three for Five Points), the GREEDY seat taking each seat in turn, at the
 * rules level (no server: a bot's choice is pure). It counts the games the
 * GREEDY seat won (alone or shared) and times every bot move: the seat's
 * view and listed moves computed from the state, then the choice.
 */
import { RULESETS_HOSTED } from '../src/games';
import { botPlayout } from '../src/rules/bot-playout';
import type { BotLevel } from '../src/rules/bots';
import type { AnyRuleset } from '../src/rules/contract';
import { percentile } from './lib/measure';

export interface BotsResult {
  ruleset: string;
  seats: number;
  games: number;
  /** Games the GREEDY seat won, alone or in a shared victory. */
  greedyWins: number;
  /** Of those, the shared ones. */
  greedyShared: number;
  /** What one seat would win by chance alone: 1 / seats. */
  chance: number;
  /** Each bot move's cost, all seats together and the GREEDY seat's alone. */
  cost: { all: MoveCosts; greedy: MoveCosts };
}

export interface MoveCosts {
  moves: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

function summary(costs: number[]): MoveCosts {
  const sorted = [...costs].sort((a, b) => a - b);
  return { moves: sorted.length, p50Ms: percentile(sorted, 50), p99Ms: percentile(sorted, 99), maxMs: sorted[sorted.length - 1] };
}

function measureRuleset(ruleset: AnyRuleset, games: number): BotsResult {
  const seats = Math.max(2, ruleset.minSeats);
  const options = Object.fromEntries(ruleset.options.map((spec) => [spec.key, spec.default]));
  const costs: number[] = [];
  const greedyCosts: number[] = [];
  let greedyWins = 0;
  let greedyShared = 0;
  for (let game = 0; game < games; game++) {
    const greedySeat = game % seats;
    const levels: BotLevel[] = Array.from({ length: seats }, (_, seat) => (seat === greedySeat ? 'GREEDY' : 'RANDOM'));
    const { status } = botPlayout(ruleset, { seats, options }, `bench-bots-${game}`, levels, {
      timed: (seat, ms) => {
        costs.push(ms);
        if (seat === greedySeat) greedyCosts.push(ms);
      },
    });
    const winners = status.winners ?? [];
    if (winners.includes(greedySeat)) {
      greedyWins++;
      if (winners.length > 1) greedyShared++;
    }
  }
  return {
    ruleset: ruleset.id,
    seats,
    games,
    greedyWins,
    greedyShared,
    chance: 1 / seats,
    cost: { all: summary(costs), greedy: summary(greedyCosts) },
  };
}

export function measureBots(gamesPerRuleset: number, rulesets: AnyRuleset[] = RULESETS_HOSTED): BotsResult[] {
  return rulesets.map((ruleset) => measureRuleset(ruleset, gamesPerRuleset));
}
