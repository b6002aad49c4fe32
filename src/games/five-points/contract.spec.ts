/**
 * The rules contract, checked on many states reached by random playouts:
 * listed moves are accepted exactly as listed, plausible unlisted moves are
 * refused, evolve never mutates, and state and views are plain JSON.
 */
import { jsonEqual } from '../../rules/moves';
import { randomPlayout } from '../../rules/playout';
import { seededRandom } from '../../rules/random';
import type { Event } from './events';
import { evolve } from './evolve';
import { fivePoints } from './index';
import type { Move } from './moves';
import type { State } from './state';

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/** Every third state along two playouts per player count. */
function sampleStates(): State[] {
  const states: State[] = [];
  for (const seats of [3, 4, 5]) {
    for (const seed of ['contract-1', 'contract-2']) {
      randomPlayout<State>(fivePoints, { seats, options: {} }, `${seats}-${seed}`, {
        afterStep: (state) => states.push(state),
      });
    }
  }
  return states.filter((state, i) => i % 3 === 0 && !fivePoints.status(state).finished);
}

/** Moves a careless or hostile client might send; none may slip through unlisted. */
function plausibleUnlisted(listed: Move[]): unknown[] {
  const candidates: unknown[] = [
    null,
    'pass',
    42,
    [],
    {},
    { type: 'teleport' },
    { type: 'place', neighborhood: 'nowhere-9' },
    { type: 'bid', marker: 0, amount: 0 },
    { type: 'bid', marker: 0, amount: -1 },
    { type: 'bid', marker: '0', amount: 1 },
    { type: 'bid', marker: 7, amount: 1 },
    { type: 'bid', marker: 0, amount: 1000 },
    { type: 'retrieveRabble', count: 99 },
    { type: 'placeNeighborhood', x: 100, y: 100 },
    { type: 'takeControlMarker', color: 'purple' },
    { type: 'pickRabble', neighborhood: 'blue-1', owner: 9 },
  ];
  const first = listed[0];
  if (first) {
    candidates.push({ ...first, extra: true });
    candidates.push({ ...first, type: first.type.toUpperCase() });
  }
  return candidates.filter((candidate) => !listed.some((move) => jsonEqual(move, candidate)));
}

describe('contract on states reached by playouts', () => {
  const states = sampleStates();

  it('samples a good number of states from every phase', () => {
    expect(states.length).toBeGreaterThan(100);
    const phases = new Set(states.map((s) => fivePoints.status(s).phase));
    expect([...phases].sort()).toEqual(expect.arrayContaining(['markers', 'placement']));
    expect(states.some((s) => s.task?.kind === 'scheduleElections')).toBe(true);
  });

  it('accepts every listed move exactly as listed, from the active seat only', () => {
    for (const state of states) {
      const [seat] = fivePoints.status(state).activeSeats;
      const moves = fivePoints.legalMoves(state, seat);
      expect(moves.length).toBeGreaterThan(0);
      moves.forEach((move, i) => {
        const decision = fivePoints.decide(state, move, seat, seededRandom(`accept-${i}`));
        if (!decision.ok) throw new Error(`listed move refused: ${JSON.stringify(move)}: ${decision.message}`);
      });
      for (let other = 0; other < state.seats; other++) {
        if (other === seat) continue;
        expect(fivePoints.legalMoves(state, other)).toEqual([]);
        const decision = fivePoints.decide(state, moves[0], other, seededRandom('x'));
        expect(decision).toMatchObject({ ok: false, code: 'NOT_YOUR_TURN' });
      }
    }
  });

  it('refuses plausible unlisted moves with a readable message', () => {
    for (const state of states) {
      const [seat] = fivePoints.status(state).activeSeats;
      for (const move of plausibleUnlisted(fivePoints.legalMoves(state, seat))) {
        const decision = fivePoints.decide(state, move, seat, seededRandom('x'));
        expect(decision).toMatchObject({
          ok: false,
          code: 'ILLEGAL_MOVE',
          message: expect.stringMatching(/now you may/i),
        });
      }
    }
  });

  it('keeps state and every view plain JSON', () => {
    for (const state of states.slice(0, 60)) {
      expect(JSON.parse(JSON.stringify(state))).toEqual(state);
      for (const viewer of [0, 'spectator', 'all'] as const) {
        const seen = fivePoints.view(state, viewer);
        expect(JSON.parse(JSON.stringify(seen))).toEqual(seen);
      }
    }
  });
});

describe('event folding', () => {
  const played = randomPlayout<State>(fivePoints, { seats: 4, options: {} }, 'fold');

  it('never mutates the state it folds', () => {
    let state = deepFreeze(fivePoints.initialState({ seats: 4, options: {} }));
    for (const event of played.events as Event[]) state = deepFreeze(evolve(state, event));
    expect(state).toEqual(played.state);
  });

  it('reverses only the first half of a decision, which draws nothing', () => {
    const reversibleTypes = new Set<string>();
    let state = fivePoints.initialState({ seats: 3, options: {} });
    for (const event of fivePoints.setup(state, seededRandom('rev'))) state = evolve(state, event);
    for (let n = 0; n < 400 && !fivePoints.status(state).finished; n++) {
      const [seat] = fivePoints.status(state).activeSeats;
      const moves = fivePoints.legalMoves(state, seat);
      const move = moves[seededRandom(`pick-${n}`).int(moves.length)];
      const decision = fivePoints.decide(state, move, seat, seededRandom(`rev-${n}`));
      if (!decision.ok) throw new Error(decision.message);
      if (decision.reversible) reversibleTypes.add(move.type);
      for (const event of decision.events) state = evolve(state, event);
    }
    for (const type of reversibleTypes) {
      expect(['placeBuilding', 'place', 'pickNeighborhood', 'pickRabble', 'chooseElection']).toContain(type);
    }
    expect(reversibleTypes.has('place')).toBe(true);
  });

  it('redacts nothing but face-down buildings', () => {
    for (const event of played.events as Event[]) {
      if (event.type !== 'buildingsDrawn' && event.type !== 'buildingPlacedFaceDown') {
        expect(fivePoints.redact(event, 'spectator')).toBe(event);
      }
    }
  });
});
