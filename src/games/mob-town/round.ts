/**
 * The end of a round: once the Law is drawn, every seat scores (starting
 * with the drawer); then either the next round is dealt, started by the
 * player in last place (a random draw among tied players), or after round 3
 * each unspent briefcase scores 2 and the game ends.
 */
import { GAME } from './data/rules';
import { briefcasePoints, scoreRound, topSeats } from './scoring';
import { dealRound } from './setup';
import type { Context } from './context';

export function settleRound(ctx: Context): void {
  const state = ctx.log.state;
  if (state.phase !== 'roundOver') return;
  const drawer = state.lawDrawnBy!;
  ctx.log.push({ type: 'roundScored', round: state.round, drawer, results: scoreRound(state, drawer) });
  const scores = ctx.log.state.players.map((p) => p.score);
  if (state.round >= GAME.rounds) {
    const bonus = briefcasePoints(ctx.log.state);
    const finalScores = scores.map((score, seat) => score + bonus[seat]);
    ctx.log.push({ type: 'gameEnded', result: { winners: topSeats(finalScores) }, briefcasePoints: bonus, scores: finalScores });
    return;
  }
  const lowest = Math.min(...scores);
  const last = scores.flatMap((score, seat) => (score === lowest ? [seat] : []));
  const firstSeat = last.length > 1 ? last[ctx.random.int(last.length)] : last[0];
  ctx.log.push(dealRound(ctx.log.state, ctx.random, state.round + 1, firstSeat, last.length > 1 ? last : []));
}
