import type { Seat } from '../../rules/contract';
import { startGame } from '../../rules/playout';
import { seededRandom } from '../../rules/random';
import { CARD_KINDS } from './data/cards';
import type { TileKind } from './data/tiles';
import type { Event } from './events';
import { toIndex } from './grid';
import { fiveTribes } from './index';
import type { Move } from './moves';
import type { Marker, State } from './state';
import { assertConserved, atStep, cards, newGame, oneStepMove, play, turnStart, withBoard, withPlayer } from './test-support';

const skipTurn = fiveTribes.skipTurn!;
const skip = (state: State, seat: Seat, seed = 'skip') => skipTurn(state, seat, seededRandom(seed));

/** The events of the same moves made by the player, one after another (each with the same seeded draws). */
function eventsOfMoves(state: State, seat: Seat, moves: Move[]): Event[] {
  const random = seededRandom('skip');
  const events: Event[] = [];
  let current = state;
  for (const move of moves) {
    const decision = fiveTribes.decide(current, move, seat, random);
    if (!decision.ok) throw new Error(`refused ${JSON.stringify(move)}: ${decision.message}`);
    events.push(...decision.events);
    current = decision.events.reduce(fiveTribes.evolve, current);
  }
  return events;
}

/** Puts `marker` alone on the turn order track, so it plays after the current turn. */
function nextUp(state: State, marker: Marker): State {
  return { ...state, turnTrack: state.turnTrack.map((_, spot) => (spot === 0 ? marker : null)) };
}

/** Meeples far from the action, so that the next player can still move (a blue onto a blue). */
const SPARE_MOVE = [
  { at: [4, 4] as [number, number], meeples: ['blue' as const] },
  { at: [4, 5] as [number, number], meeples: ['blue' as const] },
];

/** Seat 0 (of 3) has moved a Vizier onto [0,1], a tile of `kind`; seat 1 plays next. */
function afterMoveOnto(kind: TileKind, player: Partial<State['players'][number]> = {}): State {
  const start = withPlayer(turnStart([{ at: [0, 0], meeples: ['yellow'] }, { at: [0, 1], kind, meeples: ['yellow', 'green'] }, ...SPARE_MOVE]), 0, player);
  return nextUp(oneStepMove(start, [0, 0], [0, 1], 'yellow').state, 1);
}

const FINAL = toIndex([0, 1]);
const NEXT_TURN: Event[] = [
  { type: 'turnEnded', seat: 0 },
  { type: 'turnStarted', seat: 1, marker: 1 },
];

describe('skipTurn: optional steps are declined and the turn ends', () => {
  it('declines a market and ends the turn, as the player skipping then ending would', () => {
    const state = afterMoveOnto('smallMarket');
    expect(state.turn?.step).toEqual({ name: 'market', market: 'smallMarket' });
    const events = skip(state, 0);
    expect(events).toEqual([{ type: 'step', step: { name: 'end' } }, ...NEXT_TURN]);
    expect(events).toEqual(eventsOfMoves(state, 0, [{ type: 'skip' }, { type: 'endTurn' }]));
  });

  it('declines a Sacred Place: no Elders spent, no Djinn taken', () => {
    const state = afterMoveOnto('sacredPlace', { elders: 2, cards: cards({ fakir: 1 }) });
    expect(state.turn?.step).toEqual({ name: 'sacred' });
    const after = skip(state, 0)!.reduce(fiveTribes.evolve, state);
    expect(skip(state, 0)).toEqual([{ type: 'step', step: { name: 'end' } }, ...NEXT_TURN]);
    expect(after.players[0]).toMatchObject({ elders: 2, djinns: [] });
  });

  it('keeps a palace on its Village instead of paying Hagis to move it', () => {
    const state = afterMoveOnto('village', { djinns: ['hagis'], elders: 1 });
    expect(state.turn?.step.name).toBe('placement');
    const events = skip(state, 0)!;
    expect(events).toEqual([
      { type: 'structurePlaced', seat: 0, structure: 'palace', tile: FINAL, kind: 'village' },
      { type: 'step', step: { name: 'end' } },
      ...NEXT_TURN,
    ]);
    expect(events.reduce(fiveTribes.evolve, state).players[0]).toMatchObject({ elders: 1, djinnsUsed: [] });
  });

  it('pays the Builders without Fakirs or Echidna, then runs the compulsory Village', () => {
    const start = withPlayer(turnStart([{ at: [0, 0], meeples: ['blue'] }, { at: [0, 1], kind: 'village', meeples: ['blue', 'red'] }, ...SPARE_MOVE]), 0, {
      djinns: ['echidna'],
      elders: 2,
      cards: cards({ fakir: 1 }),
    });
    const state = nextUp(oneStepMove(start, [0, 0], [0, 1], 'blue').state, 1);
    expect(state.turn?.step).toEqual({ name: 'builders', builders: 2 });
    const events = skip(state, 0)!;
    // One blue-valued tile around (the Village itself) x 2 Builders.
    expect(events).toEqual([
      { type: 'gold', seat: 0, amount: 2, reason: 'builders' },
      { type: 'structurePlaced', seat: 0, structure: 'palace', tile: FINAL, kind: 'village' },
      { type: 'step', step: { name: 'end' } },
      ...NEXT_TURN,
    ]);
    expect(events.reduce(fiveTribes.evolve, state).players[0]).toMatchObject({ elders: 2, cards: cards({ fakir: 1 }) });
  });

  it('declines a kill only Fakirs could reach, then the tile action', () => {
    const start = withPlayer(
      turnStart([
        { at: [0, 0], meeples: ['red'] },
        { at: [0, 1], meeples: ['red', 'red'] },
        { at: [4, 5], meeples: ['green'] },
      ]),
      0,
      { cards: cards({ fakir: 9 }) },
    );
    const state = nextUp(oneStepMove(start, [0, 0], [0, 1], 'red').state, 1);
    expect(fiveTribes.legalMoves(state, 0)).toContainEqual({ type: 'skip' });
    const events = skip(state, 0)!;
    expect(events).toEqual(eventsOfMoves(state, 0, [{ type: 'skip' }, { type: 'skip' }, { type: 'endTurn' }]));
    expect(events.slice(0, 2)).toEqual([
      { type: 'step', step: { name: 'market', market: 'smallMarket' } },
      { type: 'step', step: { name: 'end' } },
    ]);
    expect(events.some((e) => e.type === 'meepleKilled' || e.type === 'fakirsDiscarded')).toBe(false);
  });

  it('ends the turn from the end step without selling or invoking a Djinn', () => {
    let state = atStep(withBoard(newGame(3), SPARE_MOVE), 0, { name: 'end' });
    state = nextUp(withPlayer(state, 0, { djinns: ['sloar'], cards: cards({ fakir: 1, fish: 1, silk: 1 }) }), 1);
    expect(fiveTribes.legalMoves(state, 0).length).toBeGreaterThan(1);
    expect(skip(state, 0)).toEqual(NEXT_TURN);
  });

  it('draws the clean-up of a round from the random it is given', () => {
    // atStep leaves no marker on the turn order track: this is the round's last turn.
    const state = atStep(newGame(3), 0, { name: 'end' });
    const lastOfRound = { ...state, resourceRow: state.resourceRow.slice(3) };
    for (const seed of ['one', 'two']) {
      const expected = fiveTribes.decide(lastOfRound, { type: 'endTurn' }, 0, seededRandom(seed));
      if (!expected.ok) throw new Error(expected.message);
      expect(skip(lastOfRound, 0, seed)).toEqual(expected.events);
    }
    expect(skip(lastOfRound, 0)!.map((e) => e.type)).toEqual(['turnEnded', 'rowsRefilled', 'roundStarted']);
  });
});

describe('skipTurn: one turn only', () => {
  it('ends the late turn, and leaves the same 2-player seat’s next turn (its other marker) to its player', () => {
    const state = nextUp(atStep(withBoard(newGame(2), SPARE_MOVE), 0, { name: 'end' }), 2);
    expect(skip(state, 0)).toEqual([
      { type: 'turnEnded', seat: 0 },
      { type: 'turnStarted', seat: 0, marker: 2 },
    ]);
  });

  it('ends the round’s last turn, and leaves the next round’s first bid, the same seat’s, to its player', () => {
    // Seat 0 of 2 plays the round's last turn with its second marker, and bids first in the next round.
    const state: State = {
      ...nextUp(atStep(withBoard(newGame(2), SPARE_MOVE), 0, { name: 'end' }), 2),
      turnTrack: [null, null, null, null],
      bidTrack: [0, 1, 3, 2],
    };
    const events = skip(state, 0)!;
    expect(events.map((event) => event.type)).toEqual(expect.arrayContaining(['turnEnded', 'roundStarted']));
    expect(events.some((event) => event.type === 'bid')).toBe(false);
    const after = events.reduce(fiveTribes.evolve, state);
    expect(after.phase).toBe('bidding');
    expect(fiveTribes.status(after).activeSeats).toEqual([0]);
  });
});

describe('skipTurn: bidding', () => {
  const bid = (spot: number): Move => ({ type: 'bid', spot, fakirs: 0 });
  const fourPlayers = (): State => ({ ...newGame(4), bidTrack: [0, 1, 2, 3] });

  it('bids zero while the aisle of zeros has room, even when Kumarbi could make a paid spot free', () => {
    const state = withPlayer(fourPlayers(), 0, { djinns: ['kumarbi'], cards: cards({ fakir: 3 }) });
    expect(skip(state, 0)).toEqual([{ type: 'bid', seat: 0, marker: 0, spot: 6, cost: 0, fakirs: 0 }]);
  });

  it("returns null when the aisle is full: the bid must cost gold (even all of a broke bidder's)", () => {
    let state = fourPlayers();
    for (const seat of [0, 1, 2]) state = play(state, seat, bid(6)).state;
    expect(skip(state, 3)).toBeNull();
    expect(skip(withPlayer(state, 3, { gold: 0 }), 3)).toBeNull();
  });

  it('bids for the late marker only: a 2-player seat’s second marker, bidding right after, is a turn of its own', () => {
    const state: State = { ...newGame(2), bidTrack: [0, 2, 1, 3] };
    const events = skip(state, 0)!;
    expect(events).toEqual([{ type: 'bid', seat: 0, marker: 0, spot: 6, cost: 0, fakirs: 0 }]);
    expect(fiveTribes.status(events.reduce(fiveTribes.evolve, state)).activeSeats).toEqual([0]);
  });

  it('leaves the second of two bids in a row to its player even where it would have to be paid', () => {
    let state: State = { ...newGame(2), bidTrack: [1, 3, 0, 2] };
    state = play(play(state, 1, bid(6)).state, 1, bid(6)).state;
    expect(skip(state, 0)).toEqual([{ type: 'bid', seat: 0, marker: 0, spot: 6, cost: 0, fakirs: 0 }]);
  });

  it('bids zero where that makes the seat play first, and leaves that turn (a pick-up) to its player', () => {
    let state: State = { ...newGame(3), bidTrack: [0, 1, 2] };
    state = play(play(state, 0, bid(6)).state, 1, bid(6)).state;
    const events = skip(state, 2)!;
    expect(events[0]).toEqual({ type: 'bid', seat: 2, marker: 2, spot: 6, cost: 0, fakirs: 0 });
    const after = events.reduce(fiveTribes.evolve, state);
    expect(after.phase).toBe('playing');
    expect(after.turn).toMatchObject({ seat: 2, step: { name: 'start' } });
  });
});

describe('skipTurn: null where the player must choose', () => {
  it('at the start of a turn: a tile must be picked up', () => {
    const state = turnStart([
      { at: [0, 0], meeples: ['yellow'] },
      { at: [0, 1], meeples: ['yellow'] },
    ]);
    expect(skip(state, 0)).toBeNull();
  });

  it('in the middle of a move', () => {
    const state = turnStart([
      { at: [0, 0], meeples: ['yellow', 'green'] },
      { at: [0, 2], meeples: ['yellow'] },
    ]);
    const moving = play(state, 0, { type: 'pickUp', tile: [0, 0] }).state;
    expect(moving.turn?.step.name).toBe('moving');
    expect(skip(moving, 0)).toBeNull();
  });

  it('when a victim is in reach of the Assassins: the kill is compulsory', () => {
    const start = turnStart([
      { at: [0, 0], meeples: ['red'] },
      { at: [0, 1], meeples: ['red'] },
      { at: [0, 2], meeples: ['blue'] },
    ]);
    const state = oneStepMove(start, [0, 0], [0, 1], 'red').state;
    expect(state.turn?.step.name).toBe('assassins');
    expect(skip(state, 0)).toBeNull();
  });

  it('when a Djinn drawn with Sibittis must be kept', () => {
    const state = withPlayer(atStep(newGame(3), 0, { name: 'end' }), 0, { djinns: ['sibittis'], elders: 2 });
    const drawn = play(state, 0, { type: 'useDjinn', djinn: 'sibittis', pay: 'elder' }).state;
    expect(drawn.turn?.step.name).toBe('sibittis');
    expect(skip(drawn, 0)).toBeNull();
  });

  it('for a seat that is not to act, and once the game is over', () => {
    const state = afterMoveOnto('smallMarket');
    expect(skip(state, 1)).toBeNull();
    expect(skip({ ...newGame(3), bidTrack: [0, 1, 2] }, 2)).toBeNull();
    expect(skip({ ...state, phase: 'finished', turn: null }, 0)).toBeNull();
  });
});

/** What a seat holds that a skip must never take away. */
function holdings(state: State, seat: Seat): Record<string, number> {
  const player = state.players[seat];
  return {
    gold: player.gold,
    viziers: player.viziers,
    elders: player.elders,
    djinns: player.djinns.length,
    tiles: state.board.filter((square) => square.camel === seat).length,
    ...Object.fromEntries(CARD_KINDS.map((kind) => [kind, player.cards[kind]])),
  };
}

/** Throws when `after` has less of anything than `before`, for any seat. */
function assertNothingTaken(before: State, after: State): void {
  before.players.forEach((_, seat) => {
    const had = holdings(before, seat);
    const has = holdings(after, seat);
    for (const key of Object.keys(had)) {
      if (has[key] < had[key]) throw new Error(`a skip took ${key} from seat ${seat}: ${had[key]} -> ${has[key]}`);
    }
  });
}

/** Where a decision is: the bidding, or the step of the turn. */
function decisionAt(state: State): string {
  return state.phase === 'bidding' ? 'bidding' : state.turn!.step.name;
}

const NEVER_SKIPPED = ['start', 'moving', 'sibittis'];

/** A skip's events end with a new turn of `seat`: a new round, its next marker's turn, or a bid after which it bids again. */
function beginsTurnOf(events: Event[], seat: Seat): boolean {
  return events.some((event) => event.type === 'roundStarted' || ((event.type === 'turnStarted' || event.type === 'bid') && event.seat === seat));
}

/** A random playout where, at random steps, the active seat is skipped instead whenever it can be. */
function playWithSkips(seats: number, seed: string): { state: State; skippedAt: Map<string, number> } {
  const chooser = seededRandom(`${seed}:choices`);
  let state = startGame<State>(fiveTribes, { seats, options: {} }, seed).state;
  const skippedAt = new Map<string, number>();
  for (let n = 0; n < 20000 && !fiveTribes.status(state).finished; n++) {
    const [seat] = fiveTribes.status(state).activeSeats;
    const other = (seat + 1) % seats;
    if (other !== seat && skip(state, other) !== null) throw new Error(`seat ${other} skipped out of turn`);
    const events = skipTurn(state, seat, seededRandom(`${seed}:${n}`));
    const at = decisionAt(state);
    if (events && NEVER_SKIPPED.includes(at)) throw new Error(`skipped at ${at}`);
    if (events && chooser.int(3) === 0) {
      const after = events.reduce(fiveTribes.evolve, state);
      assertConserved(after);
      assertNothingTaken(state, after);
      const status = fiveTribes.status(after);
      if (!status.finished && status.activeSeats.includes(seat) && !beginsTurnOf(events, seat))
        throw new Error(`seat ${seat} still to act after a skip, in the same turn`);
      skippedAt.set(at, (skippedAt.get(at) ?? 0) + 1);
      state = after;
      continue;
    }
    const moves = fiveTribes.legalMoves(state, seat);
    state = play(state, seat, moves[chooser.int(moves.length)], `${seed}:${n}`).state;
    assertConserved(state);
  }
  return { state, skippedAt };
}

describe('skipTurn in seeded random playouts', () => {
  const seen = new Map<string, number>();

  for (const seats of [2, 3, 4]) {
    for (const seed of ['a', 'b', 'c']) {
      it(`finishes a ${seats}-player game with skips (seed ${seed}), each conserving everything and taking nothing`, () => {
        const { state, skippedAt } = playWithSkips(seats, `skips-${seats}-${seed}`);
        const status = fiveTribes.status(state);
        expect(status.finished).toBe(true);
        expect(status.scores).toHaveLength(seats);
        expect(status.winners!.length).toBeGreaterThan(0);
        expect(skippedAt.size).toBeGreaterThan(0);
        for (const [at, count] of skippedAt) seen.set(at, (seen.get(at) ?? 0) + count);
      });
    }
  }

  it('skipped each common optional step somewhere, so the playouts tested them all', () => {
    for (const at of ['bidding', 'end', 'market', 'sacred', 'builders']) expect([at, seen.get(at) ?? 0]).not.toEqual([at, 0]);
  });
});
