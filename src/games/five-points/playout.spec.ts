/** Seeded random playouts: every game finishes, and no piece is ever lost or duplicated. */
import { randomPlayout } from '../../rules/playout';
import { sum } from './board';
import { BOSSES_PER_PLAYER, CONTROL_MARKERS_PER_COLOR, RABBLE_PER_PLAYER } from './data/pieces';
import { COLORS } from './data/tiles';
import { fivePoints } from './index';
import type { State } from './state';

function expectPiecesConserved(state: State): void {
  const tiles = state.tiles.map((id) => state.neighborhoods[id]);
  state.players.forEach((player, seat) => {
    const rabbleOnBoard = sum(tiles.map((n) => n.rabble[seat]));
    const rabbleBid = sum(state.markerRow.map((slot) => slot.bids[seat]));
    expect(player.hq + player.boroughRabble + rabbleOnBoard + rabbleBid).toBe(RABBLE_PER_PLAYER);
    expect(player.boroughBosses + sum(tiles.map((n) => n.bosses[seat]))).toBe(BOSSES_PER_PLAYER);
    expect(Math.min(player.hq, player.boroughRabble, player.boroughBosses)).toBeGreaterThanOrEqual(0);
  });
  for (const color of COLORS) {
    const held = sum(state.players.map((p) => p.controlMarkers[color]));
    expect(held + state.controlSupply[color]).toBe(CONTROL_MARKERS_PER_COLOR);
    expect(state.controlSupply[color]).toBeGreaterThanOrEqual(0);
  }
}

describe.each([3, 4, 5])('random playouts with %i players', (seats) => {
  it.each(['alpha', 'bravo', 'charlie', 'delta'])('seed %s finishes with a result and conserves pieces', (seed) => {
    const result = randomPlayout<State>(fivePoints, { seats, options: {} }, `${seats}-${seed}`, {
      afterStep: (state) => expectPiecesConserved(state),
    });
    expect(result.status.finished).toBe(true);
    expect(result.status.winners!.length).toBeGreaterThan(0);
    expect(result.status.scores).toHaveLength(seats);
  });
});
