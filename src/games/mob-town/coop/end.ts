/**
 * Co-op game end: the players win together at 20 points on their track; they
 * lose together when the mob boss track reaches 8 or the last draw card is drawn.
 */
import { COOP } from '../data/coop';
import type { GameResult } from '../state';
import type { Tx } from '../tx';

function outcome(tx: Tx): GameResult | null {
  const { coop, deck, seats } = tx.state;
  const everyone = Array.from({ length: seats }, (_, seat) => seat);
  if (coop!.lawScore >= COOP.winScore) return { winners: everyone, outcome: 'won', reason: 'The mob family was run out of town.' };
  if (coop!.mobBoss >= COOP.lossBoss) return { winners: [], outcome: 'lost', reason: 'The mob boss track reached 8.' };
  if (deck.length === 0) return { winners: [], outcome: 'lost', reason: 'The last draw card was drawn.' };
  return null;
}

export function checkCoopEnd(tx: Tx): void {
  if (tx.state.phase === 'finished' || !tx.state.coop) return;
  const result = outcome(tx);
  if (!result) return;
  const { lawScore, mobBoss } = tx.state.coop;
  tx.emit({ type: 'gameEnded', result, briefcasePoints: tx.state.players.map(() => 0), tracks: { lawScore, mobBoss } });
}
