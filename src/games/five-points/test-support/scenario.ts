/**
 * Builds positions for scenario tests without playing up to them, and
 * plays moves through the public decide/evolve pair. No jest here: these
 * helpers throw on a refused move so a test fails with its message.
 */
import type { Seat } from '../../../rules/contract';
import { EventLog } from '../../../rules/event-log';
import { seededRandom } from '../../../rules/random';
import type { BuildingId } from '../data/buildings';
import type { MarkerId } from '../data/markers';
import type { Color, NeighborhoodId } from '../data/tiles';
import { decide } from '../decide';
import type { Event } from '../events';
import { evolve, evolveAll } from '../evolve';
import { advance } from '../flow';
import type { Move } from '../moves';
import { initialState } from '../setup';
import type { Player, Stage, State } from '../state';

/**
 * A city drawn as rows of tile ids (null for a gap), e.g.
 * [['red-1', 'blue-1'], [null, 'green-1']]; row index is y, column is x.
 */
export function city(seats: number, rows: (NeighborhoodId | null)[][]): State {
  const base = initialState({ seats, options: {} });
  const zeros = () => Array<number>(seats).fill(0);
  const neighborhoods: State['neighborhoods'] = {};
  rows.forEach((row, y) =>
    row.forEach((id, x) => {
      if (id) neighborhoods[id] = { id, color: id.split('-')[0] as Color, x, y, rabble: zeros(), bosses: zeros() };
    }),
  );
  return {
    ...base,
    round: 1,
    tiles: Object.keys(neighborhoods),
    neighborhoods,
    stage: { phase: 'placement', seat: 0, placed: false, finalTurn: false },
  };
}

export function withRabble(state: State, id: NeighborhoodId, rabble: number[]): State {
  return { ...state, neighborhoods: { ...state.neighborhoods, [id]: { ...state.neighborhoods[id], rabble } } };
}

export function withBosses(state: State, id: NeighborhoodId, bosses: number[]): State {
  const before = state.neighborhoods[id].bosses;
  const players = state.players.map((p, seat) => ({
    ...p,
    boroughBosses: p.boroughBosses - bosses[seat] + before[seat],
  }));
  return { ...state, players, neighborhoods: { ...state.neighborhoods, [id]: { ...state.neighborhoods[id], bosses } } };
}

export function withBuilding(state: State, building: BuildingId, neighborhood: NeighborhoodId): State {
  return { ...state, buildings: [...state.buildings, { building, neighborhood, faceUp: true }] };
}

export function withPlayer(state: State, seat: Seat, patch: Partial<Player>): State {
  return { ...state, players: state.players.map((p, s) => (s === seat ? { ...p, ...patch } : p)) };
}

/** Face-up markers with optional bids per slot (bids[slot][seat]). */
export function withMarkers(state: State, markers: MarkerId[], bids: number[][] = []): State {
  return {
    ...state,
    markerRow: markers.map((marker, slot) => ({
      marker,
      bids: bids[slot] ?? Array<number>(state.seats).fill(0),
      winner: null,
    })),
  };
}

/** Markers already won (bids settled), ready to resolve from the left. */
export function withWonMarkers(state: State, won: [MarkerId, Seat | null][]): State {
  return {
    ...state,
    markerRow: won.map(([marker, winner]) => ({ marker, bids: Array<number>(state.seats).fill(0), winner })),
    stage: { phase: 'markers', nextSlot: 0 },
  };
}

export function withStage(state: State, stage: Stage): State {
  return { ...state, stage };
}

export function withPassOrder(state: State, passOrder: Seat[]): State {
  return { ...state, passOrder };
}

/**
 *   blue-1   green-1  red-1
 *   orange-1 blue-2   red-2
 * Seat 0 controls blue-1, seat 1 controls green-1, red-1 is tied; seats
 * 1, 0 and 2 passed in that order (three seats).
 */
export function contestedBoard(): State {
  let state = city(3, [
    ['blue-1', 'green-1', 'red-1'],
    ['orange-1', 'blue-2', 'red-2'],
  ]);
  state = withRabble(state, 'blue-1', [2, 0, 0]);
  state = withRabble(state, 'green-1', [0, 1, 0]);
  state = withRabble(state, 'red-1', [1, 1, 0]);
  return withPassOrder(state, [1, 0, 2]);
}

/** Runs the automatic steps (marker, building, election resolution) until someone must choose. */
export function runAutomatic(state: State, seed = 'scenario'): { state: State; events: Event[] } {
  const log = new EventLog(state, evolve);
  advance(log, seededRandom(seed));
  return { state: log.state, events: log.events };
}

export interface Played {
  state: State;
  events: Event[];
  reversible: boolean;
}

export function play(state: State, seat: Seat, move: Move | Record<string, unknown>, seed = 'scenario'): Played {
  const decision = decide(state, move, seat, seededRandom(seed));
  if (!decision.ok) throw new Error(`refused ${JSON.stringify(move)}: ${decision.message}`);
  return { state: evolveAll(state, decision.events), events: decision.events, reversible: decision.reversible };
}

/** Plays several moves by one seat in a row. */
export function playAll(state: State, seat: Seat, moves: Move[]): Played {
  return moves.reduce<Played>(
    (done, move) => {
      const next = play(done.state, seat, move);
      return { ...next, events: [...done.events, ...next.events] };
    },
    { state, events: [], reversible: false },
  );
}

export function eventsOfType<T extends Event['type']>(events: Event[], type: T): Extract<Event, { type: T }>[] {
  return events.filter((e): e is Extract<Event, { type: T }> => e.type === type);
}
