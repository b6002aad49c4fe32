/** Final scoring: every Victory Point category, with the Djinns that change it. */
import type { Seat } from '../../rules/contract';
import { DJINNS, type DjinnId } from './data/djinns';
import { tileAt } from './board';
import { owns } from './djinn-rules';
import { merchandiseScore } from './merchandise';
import type { ScoreBreakdown, State } from './state';

const VIZIER_MAJORITY_BONUS = 10;

export function scoreSeat(state: State, seat: Seat): ScoreBreakdown {
  const player = state.players[seat];
  const has = (djinn: DjinnId) => owns(state, seat, djinn);
  const ownTiles = state.board.map((square, index) => ({ square, index })).filter(({ square }) => square.camel === seat);
  const opponentsWithFewerViziers = state.players.filter((p, s) => s !== seat && p.viziers < player.viziers).length;
  const parts = {
    gold: player.gold,
    viziers: player.viziers * (has('jafaar') ? 3 : 1),
    vizierMajority: VIZIER_MAJORITY_BONUS * opponentsWithFewerViziers,
    elders: player.elders * (has('shamhat') ? 4 : 2),
    djinns: player.djinns.reduce((sum, djinn) => sum + DJINNS[djinn].vp, 0),
    palmTrees: ownTiles.reduce((sum, { square }) => sum + square.palms, 0) * (has('haurvatat') ? 5 : 3),
    palaces: ownTiles.reduce((sum, { square }) => sum + square.palaces, 0) * 5,
    tiles: ownTiles.reduce((sum, { index }) => sum + tileAt(state, index).vp, 0),
    // Al-Amin: every two Fakirs are one wild merchandise card.
    merchandise: merchandiseScore(player.cards, has('alAmin') ? Math.floor(player.cards.fakir / 2) : 0),
  };
  const total = Object.values(parts).reduce((sum, n) => sum + n, 0);
  return { ...parts, total };
}

export function finalScores(state: State): ScoreBreakdown[] {
  return state.players.map((_, seat) => scoreSeat(state, seat));
}

/** Everyone tied on the best total shares the victory. */
export function winnersOf(scores: readonly ScoreBreakdown[]): Seat[] {
  const best = Math.max(...scores.map((s) => s.total));
  return scores
    .map((s, seat) => ({ s, seat }))
    .filter(({ s }) => s.total === best)
    .map(({ seat }) => seat);
}
