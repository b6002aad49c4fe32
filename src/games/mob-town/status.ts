/** The game's status for the server: who acts, scores, and the result. */
import type { GameStatus } from '../../rules/contract';
import { scoreSheet } from '../../rules/score-sheet';
import { activeSeats } from './legal-moves';
import { isCoop, type ScoreTally, type State } from './state';

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
  const tally = state.tally;
  const categories = finished && tally ? scoreSheet(SCORE_CATEGORIES, (category) => tally[category]) : undefined;
  return {
    ...base,
    scores: state.players.map((p) => p.score),
    detail: { round: state.round, lastScoring: state.lastScoring, ...(categories && { categories }) },
  };
}

const SCORE_CATEGORIES: Record<keyof ScoreTally, string> = {
  properties: 'Businesses held',
  agendas: 'Agendas met',
  bonuses: 'Bonuses',
  briefcases: 'Briefcases left',
};
