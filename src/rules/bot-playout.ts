/**
 * Games of bots alone, at the rules level: each seat's move is chosen by
 * `chooseBotMove` from that seat's sight, as the server's bots choose. Used by
 * the bot specs and by `npm run bench` (GREEDY against RANDOM).
 */
import { chooseBotMove, seatSight, type BotLevel } from './bots';
import type { AnyRuleset, GameConfig, Seat } from './contract';
import { randomPlayout, type PlayoutOptions, type PlayoutResult } from './playout';
import { seededRandom } from './random';

export interface BotPlayoutOptions<S> extends Pick<PlayoutOptions<S>, 'maxSteps' | 'afterStep'> {
  /** Called with each choice's cost in milliseconds: the sight (view and listed moves) and the choice. */
  timed?: (seat: Seat, milliseconds: number) => void;
}

/** Plays a game to its end with a bot of `levels[seat]` in every seat. */
export function botPlayout<S>(ruleset: AnyRuleset, config: GameConfig, seed: string, levels: BotLevel[], options: BotPlayoutOptions<S> = {}): PlayoutResult<S> {
  const random = seededRandom(`${seed}:bots`);
  return randomPlayout<S>(ruleset, config, seed, {
    ...options,
    choose: (_moves, state, seat) => {
      const started = performance.now();
      const move = chooseBotMove(ruleset, levels[seat], seatSight(ruleset, state, seat), random);
      options.timed?.(seat, performance.now() - started);
      return move;
    },
  });
}

export interface Contest {
  games: number;
  /** Games the GREEDY seat won, alone or in a shared victory. */
  greedyWins: number;
  /** Of those, the shared ones. */
  greedyShared: number;
}

/**
 * `games` games of one GREEDY bot against RANDOM bots in every other seat,
 * the GREEDY seat taking each seat in turn, game `n` on the seed `${seed}-${n}`.
 */
export function greedyAgainstRandom(
  ruleset: AnyRuleset,
  config: GameConfig,
  games: number,
  seed: string,
  timed?: (level: BotLevel, milliseconds: number) => void,
): Contest {
  const contest: Contest = { games, greedyWins: 0, greedyShared: 0 };
  for (let game = 0; game < games; game++) {
    const greedySeat = game % config.seats;
    const levels: BotLevel[] = Array.from({ length: config.seats }, (_, seat) => (seat === greedySeat ? 'GREEDY' : 'RANDOM'));
    const winners = botPlayout(ruleset, config, `${seed}-${game}`, levels, { timed: timed && ((seat, ms) => timed(levels[seat], ms)) }).status.winners ?? [];
    if (!winners.includes(greedySeat)) continue;
    contest.greedyWins++;
    if (winners.length > 1) contest.greedyShared++;
  }
  return contest;
}
