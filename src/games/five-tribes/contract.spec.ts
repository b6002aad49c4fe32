import { randomPlayout } from '../../rules/playout';
import { seededRandom } from '../../rules/random';
import { fiveTribes } from './index';
import type { State } from './state';

/** Moves that look plausible but are never listed as they stand. */
const MALFORMED: unknown[] = [
  null,
  42,
  'endTurn',
  {},
  { type: 'fly' },
  { type: 'bid', spot: '1', fakirs: 0 },
  { type: 'bid', spot: 7, fakirs: 0 },
  { type: 'bid', spot: -1, fakirs: 0 },
  { type: 'pickUp', tile: [9, 9] },
  { type: 'pickUp', tile: '0,0' },
  { type: 'drop', tile: [0, 0], color: 'purple' },
  { type: 'builders', fakirs: -1 },
  { type: 'builders', fakirs: 1.5 },
  { type: 'kill', seat: 9, color: 'yellow', fakirs: 0 },
  { type: 'sell', kinds: ['fakir'] },
  { type: 'buyCards', positions: [8] },
  { type: 'useDjinn', djinn: 'jafaar', pay: 'elder' },
];

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

describe('rules contract', () => {
  const samples: State[] = [];
  for (const [seats, seed] of [
    [2, 'c1'],
    [3, 'c2'],
    [4, 'c3'],
  ] as const) {
    randomPlayout<State>(fiveTribes, { seats, options: {} }, seed, {
      afterStep: (state) => {
        samples.push(state);
      },
    });
  }

  it('accepts every listed move in states reached by playouts', () => {
    for (const state of samples) {
      const seat = fiveTribes.status(state).activeSeats[0];
      if (seat === undefined) continue;
      for (const move of fiveTribes.legalMoves(state, seat)) {
        const decision = fiveTribes.decide(state, move, seat, seededRandom('contract'));
        if (!decision.ok) throw new Error(`listed move refused: ${JSON.stringify(move)} — ${decision.message}`);
      }
    }
  });

  it('refuses plausible unlisted moves, with a readable message', () => {
    for (const state of samples.slice(0, 150)) {
      const seat = fiveTribes.status(state).activeSeats[0];
      if (seat === undefined) continue;
      const listed = fiveTribes.legalMoves(state, seat);
      const attempts = [
        ...MALFORMED,
        ...listed.slice(0, 3).map((move) => ({ ...move, extra: true })),
        ...(listed.some((m) => m.type === 'endTurn') ? [] : [{ type: 'endTurn' }]),
      ];
      for (const attempt of attempts) {
        const decision = fiveTribes.decide(state, attempt, seat, seededRandom('x'));
        expect(decision).toMatchObject({ ok: false, code: 'ILLEGAL_MOVE', message: expect.any(String) });
      }
      const other = (seat + 1) % state.seats;
      if (fiveTribes.status(state).activeSeats.includes(other)) continue;
      for (const move of listed.slice(0, 2)) {
        expect(fiveTribes.decide(state, move, other, seededRandom('x'))).toMatchObject({ ok: false, code: 'NOT_YOUR_TURN' });
      }
      expect(fiveTribes.legalMoves(state, other)).toEqual([]);
    }
  });

  it('keeps the state plain JSON', () => {
    for (const state of samples.slice(0, 50)) expect(JSON.parse(JSON.stringify(state))).toEqual(state);
  });

  it('never mutates the state it folds or decides on', () => {
    randomPlayout<State>(fiveTribes, { seats: 3, options: {} }, 'frozen', {
      afterStep: (state) => {
        deepFreeze(state);
      },
    });
  });
});
