/**
 * The fold: applies one event to the state. Never draws, never decides,
 * never mutates its input; unchanged parts of the state are shared.
 */
import { BUILDINGS } from './data/buildings';
import { markerDef } from './data/markers';
import type { Event, EventOf, EventType } from './events';
import { addAt, replaceAt, retrieveToHq, updateNeighborhood, updatePlayer } from './immutable';
import type { State, Task } from './state';

type Handlers = { [T in EventType]: (state: State, event: EventOf<T>) => State };

const zeros = (state: State) => Array<number>(state.seats).fill(0);

const handlers: Handlers = {
  layoutDealt: (state, e) => ({
    ...state,
    startingSeat: e.startingSeat,
    tiles: e.tiles.map((t) => t.neighborhood),
    neighborhoods: Object.fromEntries(
      e.tiles.map((t) => [t.neighborhood, { id: t.neighborhood, color: t.color, x: t.x, y: t.y, rabble: zeros(state), bosses: zeros(state) }]),
    ),
  }),
  // Redacted copies (buildings null) never reach the fold; players see the reveal.
  buildingsDrawn: (state, e) => ({ ...state, stage: { phase: 'buildingSetup', seat: e.seat, faceDown: e.buildings ?? [] } }),
  buildingPlacedFaceDown: (state, e) => {
    if (e.building === null) return state;
    const buildings = [...state.buildings, { building: e.building, neighborhood: e.neighborhood, faceUp: false }];
    // Stored games placed both buildings during setup, in the 'setup' stage; they fold as before.
    const stage = state.stage.phase === 'buildingSetup' ? { ...state.stage, faceDown: state.stage.faceDown.slice(1) } : state.stage;
    return { ...state, buildings, stage };
  },
  startingRabblePlaced: (state, e) =>
    e.placements.reduce(
      (s, p) =>
        updatePlayer(
          updateNeighborhood(s, p.neighborhood, (n) => ({ ...n, rabble: addAt(n.rabble, p.seat, 1) })),
          p.seat,
          (player) => ({ ...player, hq: player.hq - 1 }),
        ),
      state,
    ),
  buildingsRevealed: (state) => ({ ...state, buildings: state.buildings.map((b) => ({ ...b, faceUp: true })) }),

  roundStarted: (state, e) => ({
    ...state,
    round: e.round,
    startingSeat: e.startingSeat,
    markerRow: e.markers.map((marker) => ({ marker, bids: zeros(state), winner: null })),
    passOrder: [],
    benefits: [],
    specialElections: [],
    stage: { phase: 'placement', seat: e.startingSeat, placed: false, finalTurn: false },
    task: null,
  }),
  turnStarted: (state, e) => ({
    ...state,
    stage: { phase: 'placement', seat: e.seat, placed: false, finalTurn: e.finalTurn },
  }),
  rabblePlaced: (state, e) => {
    const placed = updateNeighborhood(state, e.neighborhood, (n) => ({ ...n, rabble: addAt(n.rabble, e.seat, 1) }));
    const paid = updatePlayer(placed, e.seat, (p) => ({ ...p, hq: p.hq - 1 }));
    return state.stage.phase === 'placement' ? { ...paid, stage: { ...state.stage, placed: true } } : paid;
  },
  bidPlaced: (state, e) => {
    const slot = state.markerRow[e.marker];
    const bid = { ...slot, bids: addAt(slot.bids, e.seat, e.amount) };
    const paid = updatePlayer(state, e.seat, (p) => ({ ...p, hq: p.hq - e.amount }));
    return { ...paid, markerRow: replaceAt(state.markerRow, e.marker, bid) };
  },
  passed: (state, e) => ({ ...state, passOrder: [...state.passOrder, e.seat] }),
  passRewardsTaken: (state, e) => e.retrieved.reduce((s, count, seat) => retrieveToHq(s, seat, count), state),

  // Ruling 1: the winner's bid goes to the boroughs, every other bid back to its HQ.
  bidsSettled: (state, e) => {
    let next = state;
    state.markerRow.forEach((slot, index) => {
      slot.bids.forEach((bid, seat) => {
        if (bid === 0) return;
        next = updatePlayer(next, seat, (p) => (seat === e.winners[index] ? { ...p, boroughRabble: p.boroughRabble + bid } : { ...p, hq: p.hq + bid }));
      });
    });
    const markerRow = state.markerRow.map((slot, index) => ({ ...slot, bids: zeros(state), winner: e.winners[index] }));
    return { ...next, markerRow, stage: { phase: 'markers', nextSlot: 0 } };
  },
  markerResolved: (state, e) => {
    const resolved: State = { ...state, stage: { phase: 'markers', nextSlot: e.marker + 1 } };
    if (e.seat === null) return resolved;
    const effect = markerDef(state.markerRow[e.marker].marker).effect;
    return { ...resolved, benefits: [...state.benefits, { seat: e.seat, effect, source: { marker: e.marker } }] };
  },

  buildingsPhaseBegan: (state, e) => ({ ...state, stage: { phase: 'buildings', queue: e.queue } }),
  buildingActivated: (state, e) => ({
    ...state,
    stage: state.stage.phase === 'buildings' ? { ...state.stage, queue: state.stage.queue.slice(1) } : state.stage,
    benefits: [...state.benefits, { seat: e.seat, effect: BUILDINGS[e.building].effect, source: { building: e.building } }],
  }),

  taskAssigned: (state, e) => ({ ...state, task: e.task }),
  // Only words for the history: taskFinished, right after, ends the choice.
  taskDeclined: (state) => state,
  taskFinished: (state) => ({ ...state, task: null }),
  neighborhoodPicked: (state, e) => withTask(state, 'relocateNeighborhood', (t) => ({ ...t, picked: e.neighborhood })),
  neighborhoodMoved: (state, e) => updateNeighborhood(state, e.neighborhood, (n) => ({ ...n, x: e.x, y: e.y })),
  buildingMoved: (state, e) => ({
    ...state,
    buildings: state.buildings.map((b) => (b.building === e.building ? { ...b, neighborhood: e.neighborhood } : b)),
  }),
  specialElectionCalled: (state, e) => ({ ...state, specialElections: [...state.specialElections, e.neighborhood] }),
  rabbleRetrieved: (state, e) => retrieveToHq(state, e.seat, e.count),
  smuggledRabblePicked: (state, e) => withTask(state, 'smuggleRabble', (t) => ({ ...t, picked: { neighborhood: e.neighborhood, owner: e.owner } })),
  rabbleSmuggled: (state, e) => {
    const taken = updateNeighborhood(state, e.from, (n) => ({ ...n, rabble: addAt(n.rabble, e.owner, -1) }));
    return updateNeighborhood(taken, e.to, (n) => ({ ...n, rabble: addAt(n.rabble, e.owner, 1) }));
  },
  electionCandidatePicked: (state, e) => withTask(state, 'scheduleElections', (t) => ({ ...t, chosen: [...t.chosen, e.neighborhood] })),

  controlMarkerGained: (state, e) => {
    const gained = updatePlayer(state, e.seat, (p) => ({
      ...p,
      controlMarkers: { ...p.controlMarkers, [e.color]: p.controlMarkers[e.color] + 1 },
    }));
    return { ...gained, controlSupply: { ...state.controlSupply, [e.color]: state.controlSupply[e.color] - 1 } };
  },
  vpAwarded: (state, e) => updatePlayer(state, e.seat, (p) => ({ ...p, vp: p.vp + e.vp })),

  electionsPhaseBegan: (state, e) => ({
    ...state,
    stage: { phase: 'elections', queue: e.queue, regularScheduled: false },
  }),
  electionsScheduled: (state, e) => ({
    ...state,
    stage: { phase: 'elections', queue: e.neighborhoods, regularScheduled: true },
  }),
  electionSkipped: (state) => dequeueElection(state),
  electionHeld: (state, e) => {
    const neighborhood = state.neighborhoods[e.neighborhood];
    // Ruling 5: everything in the neighborhood returns to the boroughs first.
    let next = state.players.reduce(
      (s, _, seat) =>
        updatePlayer(s, seat, (p) => ({
          ...p,
          boroughRabble: p.boroughRabble + neighborhood.rabble[seat],
          boroughBosses: p.boroughBosses + neighborhood.bosses[seat],
        })),
      state,
    );
    const bosses = zeros(state);
    for (const seat of e.bossesPlaced) {
      bosses[seat] = 1;
      next = updatePlayer(next, seat, (p) => ({ ...p, boroughBosses: p.boroughBosses - 1 }));
    }
    next = updateNeighborhood(next, e.neighborhood, (n) => ({ ...n, rabble: zeros(state), bosses }));
    return dequeueElection(next);
  },

  roundEnded: (state, e) => e.retrieved.reduce((s, count, seat) => retrieveToHq(s, seat, count), state),
  gameEnded: (state, e) => ({
    ...state,
    stage: { phase: 'finished', reason: e.reason, scores: e.scores, winners: e.winners },
    task: null,
  }),
};

function dequeueElection(state: State): State {
  return state.stage.phase === 'elections' ? { ...state, stage: { ...state.stage, queue: state.stage.queue.slice(1) } } : state;
}

/** Updates the pending task when it is of the expected kind. */
function withTask<K extends Task['kind']>(state: State, kind: K, change: (task: Extract<Task, { kind: K }>) => Task): State {
  return state.task?.kind === kind ? { ...state, task: change(state.task as Extract<Task, { kind: K }>) } : state;
}

export function evolve(state: State, event: Event): State {
  const handler = handlers[event.type] as (state: State, event: Event) => State;
  return handler(state, event);
}

/** Folds several events, e.g. to look ahead while deciding. */
export function evolveAll(state: State, events: readonly Event[]): State {
  return events.reduce(evolve, state);
}
