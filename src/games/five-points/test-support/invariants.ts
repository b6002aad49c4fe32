/**
 * Invariants every reachable state keeps: no piece is ever lost or
 * duplicated and no count goes negative. Returns what is wrong, in words,
 * so a failing test says which piece went astray (no jest here).
 */
import { sum } from '../board';
import { BOSSES_PER_PLAYER, CONTROL_MARKERS_PER_COLOR, RABBLE_PER_PLAYER } from '../data/pieces';
import { COLORS } from '../data/tiles';
import type { State } from '../state';

function seatProblems(state: State, seat: number): string[] {
  const player = state.players[seat];
  const tiles = state.tiles.map((id) => state.neighborhoods[id]);
  const rabbleOnBoard = sum(tiles.map((n) => n.rabble[seat]));
  const rabbleBid = sum(state.markerRow.map((slot) => slot.bids[seat]));
  const rabble = player.hq + player.boroughRabble + rabbleOnBoard + rabbleBid;
  const bosses = player.boroughBosses + sum(tiles.map((n) => n.bosses[seat]));
  return [
    ...(rabble === RABBLE_PER_PLAYER ? [] : [`seat ${seat} has ${rabble} rabble, not ${RABBLE_PER_PLAYER}`]),
    ...(bosses === BOSSES_PER_PLAYER ? [] : [`seat ${seat} has ${bosses} bosses, not ${BOSSES_PER_PLAYER}`]),
    ...(Math.min(player.hq, player.boroughRabble, player.boroughBosses) >= 0 ? [] : [`seat ${seat} has a negative count`]),
  ];
}

function supplyProblems(state: State): string[] {
  return COLORS.flatMap((color) => {
    const held = sum(state.players.map((p) => p.controlMarkers[color]));
    const total = held + state.controlSupply[color];
    return [
      ...(total === CONTROL_MARKERS_PER_COLOR ? [] : [`${total} ${color} control markers, not ${CONTROL_MARKERS_PER_COLOR}`]),
      ...(state.controlSupply[color] >= 0 ? [] : [`negative ${color} control supply`]),
    ];
  });
}

/** Every broken piece count in `state`; empty when all is well. */
export function pieceProblems(state: State): string[] {
  return [...state.players.flatMap((_, seat) => seatProblems(state, seat)), ...supplyProblems(state)];
}
