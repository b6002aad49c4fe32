/**
 * Issue 35's goals, checked on each regime's runs for each of this server's
 * contenders against boardgame.io's, on the medians of the rounds:
 * - at least twice boardgame.io's moves/s at 8 games in flight;
 * - a lower p99, at 8 and at 32 in flight;
 * - at most 1.05 transactions per move (at 8 and at 32);
 * - the load generator's CPU per move no higher than with boardgame.io's
 *   client (at 8 and at 32): it measures the transport as much as the server.
 */
import type { CpuSplit } from '../lib/cpu';
import type { Throughput } from '../lib/measure';
import { median } from '../lib/measure';
import { round } from '../lib/report';
import type { RegimeKey } from './regimes';

export interface Run extends Throughput {
  regime: RegimeKey;
  contender: string;
  round: number;
  movesPerGame: number;
  cpuPerMove: CpuSplit;
  walBytesPerMove: number;
  /** Filled in once the database's counts have settled, at the contender's next run or at the end. */
  transactionsPerMove?: number;
}

export interface Goal {
  goal: string;
  /** The figures it was judged on. */
  measured: string;
  met: boolean;
}

const MOVES_PER_SECOND_FACTOR = 2;
const MOST_TRANSACTIONS_PER_MOVE = 1.05;
const IN_FLIGHT_OF_RATE_GOAL = 8;

/** The median over the rounds of `figure`, for `contender`'s runs with `inFlight` games in flight. */
function medianOf(runs: Run[], contender: string, inFlight: number, figure: (run: Run) => number): number {
  return median(runs.filter((run) => run.contender === contender && run.concurrency === inFlight).map(figure));
}

/** `contender`'s figure against boardgame.io's (`peer`), at each number in flight: met when lower (or, with `orEqual`, as low). */
function lowerEverywhere(
  runs: Run[],
  contender: string,
  peer: string,
  inFlight: number[],
  figure: (run: Run) => number,
  digits: number,
  orEqual = false,
): Goal {
  const pairs = inFlight.map((n) => ({ n, mine: medianOf(runs, contender, n, figure), theirs: medianOf(runs, peer, n, figure) }));
  return {
    goal: '',
    measured: pairs.map(({ n, mine, theirs }) => `${n}: ${round(mine, digits)} vs ${round(theirs, digits)}`).join(', '),
    met: pairs.every(({ mine, theirs }) => mine < theirs || (orEqual && mine === theirs)),
  };
}

export function goalsOf(runs: Run[], contender: string, peer: string, inFlight: number[]): Goal[] {
  const rate = (name: string) => medianOf(runs, name, IN_FLIGHT_OF_RATE_GOAL, (run) => run.perSecond);
  const ratio = rate(contender) / rate(peer);
  const transactions = inFlight.map((n) => medianOf(runs, contender, n, (run) => run.transactionsPerMove ?? NaN));
  return [
    {
      goal: `${MOVES_PER_SECOND_FACTOR}x boardgame.io's moves/s at ${IN_FLIGHT_OF_RATE_GOAL} in flight`,
      measured: `${round(ratio, 2)}x`,
      met: ratio >= MOVES_PER_SECOND_FACTOR,
    },
    { ...lowerEverywhere(runs, contender, peer, inFlight, (run) => run.p99Ms, 1), goal: "a lower p99 than boardgame.io's (ms)" },
    {
      goal: `at most ${MOST_TRANSACTIONS_PER_MOVE} transactions per move`,
      measured: inFlight.map((n, i) => `${n}: ${round(transactions[i], 2)}`).join(', '),
      met: transactions.every((count) => count <= MOST_TRANSACTIONS_PER_MOVE),
    },
    {
      ...lowerEverywhere(runs, contender, peer, inFlight, (run) => run.cpuPerMove.loadGeneratorMs, 3, true),
      goal: "load generator CPU per move no higher than boardgame.io's client's (ms)",
    },
  ];
}
