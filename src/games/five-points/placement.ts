/**
 * The placement phase: on your turn place one rabble from the HQ and
 * optionally bid on one marker, or pass. When all but one have passed,
 * the last player gets one more turn and then passes.
 */
import type { Seat } from '../../rules/contract';
import { leaders, seatsAfter } from './board';
import { PASS_RETRIEVAL_BY_PLAYER_COUNT } from './data/passing';
import type { Event } from './events';
import { evolve } from './evolve';
import type { Move, MoveOf } from './moves';
import type { State } from './state';

type PlacementStage = Extract<State['stage'], { phase: 'placement' }>;
type PlacementMove = MoveOf<'place' | 'bid' | 'skipBid' | 'pass'>;

/** Bids that would put `seat` strictly ahead of every other bidder on a marker. */
export function bidOptions(state: State, seat: Seat): MoveOf<'bid'>[] {
  const hq = state.players[seat].hq;
  return state.markerRow.flatMap((slot, marker) => {
    const bestOther = Math.max(0, ...slot.bids.filter((_, s) => s !== seat));
    const minimum = Math.max(1, bestOther - slot.bids[seat] + 1);
    return Array.from({ length: Math.max(0, hq - minimum + 1) }, (_, i) => ({
      type: 'bid' as const,
      marker,
      amount: minimum + i,
    }));
  });
}

export function placementMoves(state: State, stage: PlacementStage): Move[] {
  if (stage.placed) return [...bidOptions(state, stage.seat), { type: 'skipBid' }];
  const places: Move[] = state.players[stage.seat].hq > 0 ? state.tiles.map((neighborhood) => ({ type: 'place', neighborhood })) : [];
  return [...places, { type: 'pass' }];
}

function unpassedSeats(state: State): Seat[] {
  return state.players.flatMap((_, seat) => (state.passOrder.includes(seat) ? [] : [seat]));
}

/** Whose turn follows `seat`, once the passes of this move are folded in. */
function nextTurn(state: State, seat: Seat): Event[] {
  const unpassed = unpassedSeats(state);
  if (unpassed.length === 0) return [];
  // Someone other than `seat` is unpassed here: a passer is out, and a final turn ends in a pass.
  const next = seatsAfter(state, seat).find((s) => unpassed.includes(s))!;
  return [{ type: 'turnStarted', seat: next, finalTurn: unpassed.length === 1 }];
}

/** Ends the turn after placing (and maybe bidding); a final turn ends in a pass. */
function endTurn(state: State, stage: PlacementStage, done: Event[]): Event[] {
  const passing: Event[] = stage.finalTurn ? [{ type: 'passed', seat: stage.seat }] : [];
  const after = [...done, ...passing].reduce(evolve, state);
  return [...done, ...passing, ...nextTurn(after, stage.seat)];
}

export function placementEvents(state: State, stage: PlacementStage, move: PlacementMove): Event[] {
  const seat = stage.seat;
  switch (move.type) {
    case 'place':
      return [{ type: 'rabblePlaced', seat, neighborhood: move.neighborhood }];
    case 'bid':
      return endTurn(state, stage, [
        {
          type: 'bidPlaced',
          seat,
          marker: move.marker,
          amount: move.amount,
          markerId: state.markerRow[move.marker].marker,
        },
      ]);
    case 'skipBid':
      return endTurn(state, stage, []);
    case 'pass': {
      const passed: Event = { type: 'passed', seat };
      return [passed, ...nextTurn(evolve(state, passed), seat)];
    }
  }
}

/**
 * Once everyone has passed: each player takes back rabble by passing
 * position (ruling 2: never more than the boroughs hold), then bids are
 * settled and marker resolution begins.
 */
export function endPlacement(state: State): Event[] {
  const table = PASS_RETRIEVAL_BY_PLAYER_COUNT[state.seats];
  const retrieved = state.players.map((p, seat) => Math.min(table[state.passOrder.indexOf(seat)], p.boroughRabble));
  const winners = state.markerRow.map((slot) => {
    const top = leaders(slot.bids);
    return top.length === 1 ? top[0] : null;
  });
  return [
    { type: 'passRewardsTaken', retrieved },
    { type: 'bidsSettled', winners },
  ];
}

export function placementOver(state: State): boolean {
  return state.passOrder.length === state.seats;
}
