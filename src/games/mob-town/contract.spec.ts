import type { GameOptions } from '../../rules/contract';
import { findListedMove } from '../../rules/moves';
import { randomPlayout, type PlayoutOptions } from '../../rules/playout';
import { seededRandom } from '../../rules/random';
import { mobTown } from './index';
import type { MobTownEvent } from './events';
import type { Move } from './moves';
import type { State } from './state';
import { ALL_VARIANTS, eagerTakeOvers, willingTeam } from './test-support';

const CONFIGS: [number, GameOptions, PlayoutOptions<State>['choose']][] = [
  [2, {}, undefined],
  [3, ALL_VARIANTS, undefined],
  [4, ALL_VARIANTS, eagerTakeOvers],
  [2, { mode: 'coop' }, willingTeam],
  [3, { mode: 'coop', coopStartingCity: 'easier' }, willingTeam],
  [4, { mode: 'coop', coopMoreMobActivity: true }, undefined],
];

/** States met along seeded playouts, every few steps. */
function sampledStates(): State[] {
  const states: State[] = [];
  let steps = 0;
  CONFIGS.forEach(([seats, options, choose], i) => {
    randomPlayout<State>(mobTown, { seats, options }, `contract-${i}`, {
      choose,
      afterStep: (state) => {
        if (state.phase !== 'finished' && steps++ % 5 === 0) states.push(state);
      },
    });
  });
  return states;
}

/** Moves a client might plausibly send that are often wrong. */
function plausibleMoves(listed: Move[]): unknown[] {
  return [
    { type: 'draw' },
    { type: 'draw', extra: true },
    { type: 'cashIn' },
    { type: 'skip' },
    { type: 'stop' },
    { type: 'endTurn' },
    { type: 'pay', card: 'law' },
    { type: 'pay', card: 'rats-3' },
    { type: 'trade', give: 'law', take: 'rats' },
    { type: 'takeOver', cell: [50, 50], via: [] },
    { type: 'takeOver', cell: [0, 0], via: [] },
    { type: 'openLot', property: 'nowhere', cell: [0, 0] },
    { type: 'hire', professional: 'nobody' },
    { type: 'chooseAgenda', agenda: 'most-hotel' },
    { type: 'move', cell: [0, 0] },
    ...listed.slice(0, 3).map((move) => ({ ...move, extra: 1 })),
    ...listed
      .filter((m) => m.type === 'takeOver')
      .slice(0, 2)
      .map((move) => ({ ...move, via: [] })),
  ];
}

describe('the contract', () => {
  const states = sampledStates();

  it('samples many states', () => {
    expect(states.length).toBeGreaterThan(200);
  });

  it('accepts every listed move exactly as listed, and refuses plausible unlisted ones', () => {
    for (const state of states) {
      const { activeSeats } = mobTown.status(state);
      for (const seat of activeSeats) {
        const listed = mobTown.legalMoves(state, seat);
        expect(listed.length).toBeGreaterThan(0);
        for (const move of listed) {
          const decision = mobTown.decide(state, move, seat, seededRandom('listed'));
          if (!decision.ok) throw new Error(`listed move refused: ${JSON.stringify(move)}: ${decision.message}`);
        }
        for (const move of plausibleMoves(listed)) {
          if (findListedMove(listed, move)) continue;
          expect(mobTown.decide(state, move, seat, seededRandom('unlisted'))).toMatchObject({ ok: false, code: 'ILLEGAL_MOVE' });
        }
      }
      for (let seat = 0; seat < state.seats; seat++) {
        if (activeSeats.includes(seat)) continue;
        expect(mobTown.legalMoves(state, seat)).toEqual([]);
        expect(mobTown.decide(state, { type: 'draw' }, seat, seededRandom('x'))).toMatchObject({ ok: false, code: 'NOT_YOUR_TURN' });
      }
    }
  });

  it('keeps the state plain JSON and never modifies it while folding events', () => {
    const deepFreeze = <T>(value: T): T => {
      if (value && typeof value === 'object') {
        Object.values(value).forEach(deepFreeze);
        Object.freeze(value);
      }
      return value;
    };
    for (const state of states.slice(0, 150)) {
      expect(JSON.parse(JSON.stringify(state))).toEqual(state);
      const seat = mobTown.status(state).activeSeats[0];
      const [move] = mobTown.legalMoves(state, seat);
      const frozen = deepFreeze(structuredClone(state));
      const decision = mobTown.decide(frozen, move, seat, seededRandom('freeze'));
      if (!decision.ok) throw new Error(decision.message);
      expect(() => decision.events.reduce(mobTown.evolve, frozen)).not.toThrow();
    }
  });

  it('replays identically from the same seed', () => {
    const run = () => randomPlayout<State>(mobTown, { seats: 3, options: ALL_VARIANTS }, 'replay').events;
    expect(run()).toEqual(run());
  });
});

describe('hidden information', () => {
  const { state, events: recorded, steps } = randomPlayout<State>(mobTown, { seats: 3, options: ALL_VARIANTS }, 'hidden');
  const events = recorded as MobTownEvent[];
  // The state after a whole decision, about 400 events in (never between two events of one decision).
  const setupEvents = events.length - steps.reduce((sum, step) => sum + step.events.length, 0);
  let midGameEvents = setupEvents;
  for (const step of steps) {
    if (midGameEvents + step.events.length > 400) break;
    midGameEvents += step.events.length;
  }
  const midGame = events.slice(0, midGameEvents).reduce(mobTown.evolve, mobTown.initialState({ seats: 3, options: ALL_VARIANTS }));

  it("shows a seat its own hand and agendas, and only counts of everyone else's", () => {
    const seen = mobTown.view(midGame, 1);
    expect(seen.players[1].hand).toEqual(midGame.players[1].hand);
    expect(seen.players[1].agendas!.map((a) => a.id)).toEqual(midGame.players[1].agendas);
    for (const seat of [0, 2]) {
      expect(seen.players[seat]).toMatchObject({ hand: null, agendas: null, handCount: midGame.players[seat].hand.length });
    }
    const spectator = mobTown.view(midGame, 'spectator');
    expect(spectator.players.every((p) => p.hand === null)).toBe(true);
  });

  it("never shows the deck's contents, only its size, to anyone", () => {
    for (const viewer of [0, 'spectator', 'all'] as const) {
      const seen = mobTown.view(midGame, viewer);
      expect(seen).not.toHaveProperty('deck');
      expect(seen.deckCount).toBe(midGame.deck.length + (midGame.lawInDeck ? 1 : 0));
      expect(JSON.stringify(seen)).not.toContain('propertyDeck"');
    }
  });

  it("masks other seats' dealt hands, drawn cards and agendas in events", () => {
    for (const event of events) {
      const masked = mobTown.redact(event, 0) as Record<string, unknown>;
      if (event.type === 'roundStarted') expect((masked.hands as unknown[]).filter((h) => h !== null)).toHaveLength(1);
      if (event.type === 'cardsDrawn' && event.seat !== 0) expect(masked).not.toHaveProperty('cards');
      if (event.type === 'agendaChosen' && event.seat !== 0) expect(masked.agenda).toBeNull();
      const spectator = mobTown.redact(event, 'spectator') as Record<string, unknown>;
      if (event.type === 'roundStarted') expect(spectator.hands).toEqual([null, null, null]);
      expect(mobTown.redact(event, 'all')).toEqual(event);
    }
  });

  it('ends with a result, and shows every hand once the game is over', () => {
    expect(mobTown.status(state).finished).toBe(true);
    expect(mobTown.view(state, 'spectator').players[0].hand).toEqual(state.players[0].hand);
  });
});
