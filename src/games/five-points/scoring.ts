/** Final scoring (ruling 8), also shown during play as the running score. */
import type { Seat } from '../../rules/contract';
import { bossesOnBoard, controller, sum } from './board';
import { BUILDINGS } from './data/buildings';
import { POINTS_PER_BOSS, POINTS_PER_COLOR_SET, POINTS_PER_CONTROL_MARKER } from './data/scoring';
import { COLORS } from './data/tiles';
import type { State } from './state';

export interface ScoreBreakdown {
  vpMarkers: number;
  bosses: number;
  controlMarkers: number;
  colorSets: number;
  buildings: number;
  total: number;
}

/** End-of-game VP from buildings (Tammany Hall) for whoever controls their neighborhood. */
function buildingPoints(state: State, seat: Seat): number {
  return sum(
    state.buildings.map((placed) => {
      const effect = BUILDINGS[placed.building].effect;
      const owner = controller(state.neighborhoods[placed.neighborhood]);
      return effect.kind === 'endGameVp' && owner === seat ? effect.vp : 0;
    }),
  );
}

export function scoreBreakdown(state: State, seat: Seat): ScoreBreakdown {
  const player = state.players[seat];
  const markerCounts = COLORS.map((color) => player.controlMarkers[color]);
  const parts = {
    vpMarkers: player.vp,
    bosses: POINTS_PER_BOSS * bossesOnBoard(state, seat),
    controlMarkers: POINTS_PER_CONTROL_MARKER * sum(markerCounts),
    colorSets: POINTS_PER_COLOR_SET * Math.min(...markerCounts),
    buildings: buildingPoints(state, seat),
  };
  return { ...parts, total: sum(Object.values(parts)) };
}

export function finalScores(state: State): number[] {
  return state.players.map((_, seat) => scoreBreakdown(state, seat).total);
}

/** Every seat with the best score: a tie is a shared victory. */
export function scoreWinners(scores: readonly number[]): Seat[] {
  const best = Math.max(...scores);
  return scores.flatMap((score, seat) => (score === best ? [seat] : []));
}
