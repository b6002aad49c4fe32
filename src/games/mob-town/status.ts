/** The game's status for the server: who acts, scores, and the result. */
import type { GameStatus } from '../../rules/contract';
import { activeSeats } from './legal-moves';
import { isCoop, type State } from './state';

export function status(state: State): GameStatus {
  const finished = state.phase === 'finished';
  const base = { phase: state.phase, activeSeats: activeSeats(state), finished, winners: state.result?.winners };
  if (isCoop(state)) {
    const coop = state.coop;
    return {
      ...base,
      detail: { lawScore: coop?.lawScore ?? 0, mobBoss: coop?.mobBoss ?? 0, outcome: state.result?.outcome, reason: state.result?.reason },
    };
  }
  return { ...base, scores: state.players.map((p) => p.score), detail: { round: state.round, lastScoring: state.lastScoring } };
}
