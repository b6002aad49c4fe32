/**
 * Co-op game end: the players win together at 20 points on their track; they
 * lose together when the mob boss track reaches 8 or the last draw card is drawn.
 */
import { COOP } from '../data/coop';
import type { GameResult } from '../state';
import type { Context } from '../context';

function outcome(ctx: Context): GameResult | null {
  const { coop, deck, seats } = ctx.log.state;
  const everyone = Array.from({ length: seats }, (_, seat) => seat);
  if (coop!.lawScore >= COOP.winScore) return { winners: everyone, outcome: 'won', reason: 'The mob family was run out of town.' };
  if (coop!.mobBoss >= COOP.lossBoss) return { winners: [], outcome: 'lost', reason: 'The mob boss track reached 8.' };
  if (deck.length === 0) return { winners: [], outcome: 'lost', reason: 'The last draw card was drawn.' };
  return null;
}

export function checkCoopEnd(ctx: Context): void {
  if (ctx.log.state.phase === 'finished' || !ctx.log.state.coop) return;
  const result = outcome(ctx);
  if (!result) return;
  const { lawScore, mobBoss } = ctx.log.state.coop;
  ctx.log.push({ type: 'gameEnded', result, briefcasePoints: ctx.log.state.players.map(() => 0), tracks: { lawScore, mobBoss } });
}
