/**
 * Skipping a seat that ran out of time: the rulebook's do-nothing option
 * (pass, no bid, decline) where there is one, exactly as `decide` records
 * it; null where the rules demand a real choice or it is not that seat's
 * decision. Then seeded playouts that skip at random steps.
 */
import { startGame } from '../../rules/playout';
import { seededRandom } from '../../rules/random';
import { decide } from './decide';
import type { Event, EventType } from './events';
import { evolveAll } from './evolve';
import { fivePoints } from './index';
import type { Move } from './moves';
import type { State } from './state';
import { activeSeats } from './turn';
import { pieceProblems } from './test-support/invariants';
import {
  contestedBoard,
  eventsOfType,
  play,
  runAutomatic,
  withBuilding,
  withPassOrder,
  withPlayer,
  withRabble,
  withStage,
  withWonMarkers,
} from './test-support/scenario';

const skip = (state: State, seat: number, seed = 'skip'): Event[] | null => fivePoints.skipTurn!(state, seat, seededRandom(seed));

/** The events `decide` records for `move`, drawing from the same seed as `skip`. */
function decided(state: State, seat: number, move: Move, seed = 'skip'): Event[] {
  const decision = decide(state, move, seat, seededRandom(seed));
  if (!decision.ok) throw new Error(`refused ${JSON.stringify(move)}: ${decision.message}`);
  return decision.events;
}

/** Placement phase, round 1, seat 0 to act; nobody has passed. */
function placementTurn(): State {
  return withPassOrder(contestedBoard(), []);
}

/** Seats 1 and 2 have passed: seat 0's final turn of the placement phase. */
function finalTurn(): State {
  return withStage(withPassOrder(contestedBoard(), [1, 2]), { phase: 'placement', seat: 0, placed: false, finalTurn: true });
}

/** Resolves markers won as given (then buildings and elections) until someone must choose. */
function resolve(state: State, won: [string, number | null][]): State {
  return runAutomatic(withWonMarkers(state, won)).state;
}

describe('placement phase', () => {
  it('an unplaced turn is a pass: out for the round, the next seat plays', () => {
    const state = placementTurn();
    const events = skip(state, 0);
    expect(events).toEqual([
      { type: 'passed', seat: 0 },
      { type: 'turnStarted', seat: 1, finalTurn: false },
    ]);
    expect(events).toEqual(decided(state, 0, { type: 'pass' }));
    expect(evolveAll(state, events!).players[0]).toEqual(state.players[0]);
  });

  it('a seat with an empty HQ passes too', () => {
    const state = withPlayer(placementTurn(), 0, { hq: 0 });
    expect(skip(state, 0)).toEqual(decided(state, 0, { type: 'pass' }));
  });

  it('after placing, the turn ends without a bid; the placed rabble stays', () => {
    const placed = play(placementTurn(), 0, { type: 'place', neighborhood: 'red-2' }).state;
    const events = skip(placed, 0);
    expect(events).toEqual([{ type: 'turnStarted', seat: 1, finalTurn: false }]);
    const after = evolveAll(placed, events!);
    expect(after.neighborhoods['red-2'].rabble).toEqual([1, 0, 0]);
    expect(after.markerRow).toEqual(placed.markerRow);
    expect(after.passOrder).toEqual([]);
  });

  it('a final turn after placing ends without a bid, in the pass every final turn ends with', () => {
    // red-1 alone has the most rabble, so the round this last pass settles asks nobody to choose.
    const placed = play(withRabble(finalTurn(), 'red-1', [1, 1, 1]), 0, { type: 'place', neighborhood: 'red-1' }).state;
    const events = skip(placed, 0)!;
    expect(events[0]).toEqual({ type: 'passed', seat: 0 });
    expect(events).toEqual(decided(placed, 0, { type: 'skipBid' }));
    expect(eventsOfType(events, 'bidPlaced')).toEqual([]);
  });

  it('is null, all of it, when the steps after the pass bring the same seat a choice it must make itself', () => {
    const placed = play(finalTurn(), 0, { type: 'place', neighborhood: 'red-2' }).state;
    const passed = evolveAll(placed, decided(placed, 0, { type: 'skipBid' }));
    expect(activeSeats(passed)).toEqual([0]); // e.g. a marker won with a color or a neighborhood to choose
    expect(skip(placed, 0)).toBeNull();
  });

  it('the last pass runs the round on, drawing the next markers from the random it is given', () => {
    // red-1 alone has the most rabble, so the election needs nobody's choice and the round ends.
    const last = withRabble(finalTurn(), 'red-1', [1, 1, 1]);
    const events = skip(last, 0, 'seed-a')!;
    expect(events).toEqual(decided(last, 0, { type: 'pass' }, 'seed-a'));
    expect(eventsOfType(events, 'electionHeld').map((e) => e.neighborhood)).toEqual(['red-1']);
    const drawn = (seed: string) => eventsOfType(skip(last, 0, seed)!, 'roundStarted')[0].markers;
    expect(drawn('seed-a')).not.toEqual(drawn('seed-b'));
  });
});

describe('one turn only', () => {
  it('a last pass that starts a round with the same seat leaves that round’s first turn to its player', () => {
    // Seat 1's final turn ends the round; the start player moves on from seat 0 to seat 1. red-1 alone has the most rabble: no choice on the way.
    const last = withRabble(
      withStage({ ...withPassOrder(contestedBoard(), [0, 2]), startingSeat: 0 }, { phase: 'placement', seat: 1, placed: false, finalTurn: true }),
      'red-1',
      [1, 2, 1],
    );
    const events = skip(last, 1)!;
    expect(eventsOfType(events, 'passed')).toEqual([{ type: 'passed', seat: 1 }]);
    expect(events[events.length - 1]).toMatchObject({ type: 'roundStarted', round: 2, startingSeat: 1 });
    const after = evolveAll(last, events);
    expect(activeSeats(after)).toEqual([1]);
    expect(after.passOrder).toEqual([]);
  });
});

describe('optional effects are declined', () => {
  it('Theater: no rabble retrieved', () => {
    const state = resolve(withBuilding(contestedBoard(), 'theater', 'blue-1'), []);
    expect(state.task).toMatchObject({ kind: 'retrieveRabble', seat: 0 });
    const events = skip(state, 0)!;
    expect(events.slice(0, 2)).toEqual([{ type: 'taskDeclined', seat: 0, task: 'retrieveRabble' }, { type: 'taskFinished' }]);
    expect(events).toEqual(decided(state, 0, { type: 'decline' }));
    expect(eventsOfType(events, 'rabbleRetrieved')).toEqual([]);
  });

  it('move-a-building marker: the buildings stay', () => {
    const state = resolve(withBuilding(contestedBoard(), 'theater', 'red-2'), [['move-building-a', 1]]);
    expect(state.task).toMatchObject({ kind: 'moveBuilding', seat: 1 });
    const events = skip(state, 1)!;
    expect(events).toEqual(decided(state, 1, { type: 'decline' }));
    expect(evolveAll(state, events).buildings).toEqual(state.buildings);
  });

  it('move-a-neighborhood marker, tile already picked: the pick is withdrawn and the move declined', () => {
    const offered = resolve(contestedBoard(), [['move-neighborhood-a', 0]]);
    const picked = play(offered, 0, { type: 'pickNeighborhood', neighborhood: 'blue-1' }).state;
    const events = skip(picked, 0)!;
    expect(events).toEqual(decided(offered, 0, { type: 'decline' }));
    const after = evolveAll(picked, events);
    expect(after).toEqual(evolveAll(offered, events));
    expect(after.neighborhoods['blue-1']).toMatchObject({ x: 0, y: 0 });
  });

  it('Smugglers Tunnel, another seat’s rabble already picked: it stays where it was', () => {
    const offered = resolve(withBuilding(contestedBoard(), 'smugglers-tunnel', 'green-1'), []);
    const picked = play(offered, 1, { type: 'pickRabble', neighborhood: 'blue-1', owner: 0 }).state;
    const events = skip(picked, 1)!;
    expect(events).toEqual(decided(offered, 1, { type: 'decline' }));
    expect(eventsOfType(events, 'rabbleSmuggled')).toEqual([]);
    // Skipping from the pick reaches the very state declining before it does: seat 0's rabble never left blue-1.
    expect(evolveAll(picked, events)).toEqual(evolveAll(offered, events));
  });
});

describe('a choice the rules demand cannot be skipped', () => {
  it('setup: the starting player places the face-down buildings, the first and the second', () => {
    const start = startGame<State>(fivePoints, { seats: 3, options: {} }, 'skip-setup').state;
    const seat = start.startingSeat;
    expect(activeSeats(start)).toEqual([seat]);
    expect(skip(start, seat)).toBeNull();
    const placed = play(start, seat, fivePoints.legalMoves(start, seat)[0]).state;
    expect(activeSeats(placed)).toEqual([seat]);
    expect(skip(placed, seat)).toBeNull();
  });

  it('Newspaper / take-a-control-marker: a color must be chosen', () => {
    const state = resolve(withBuilding(contestedBoard(), 'newspaper', 'green-1'), []);
    expect(state.task).toMatchObject({ kind: 'takeControlMarker', seat: 1 });
    expect(skip(state, 1)).toBeNull();
  });

  it('special election marker: a neighborhood must be called', () => {
    const state = resolve(contestedBoard(), [['special-election-a', 2]]);
    expect(state.task).toMatchObject({ kind: 'callSpecialElection', seat: 2 });
    expect(skip(state, 2)).toBeNull();
  });

  it('tied elections: the last passer must choose them, also after the first of two picks', () => {
    let tied = withRabble(contestedBoard(), 'blue-2', [2, 0, 0]);
    tied = withRabble(tied, 'red-2', [0, 1, 1]);
    const state = runAutomatic(withStage(tied, { phase: 'buildings', queue: [] })).state;
    expect(state.task).toMatchObject({ kind: 'scheduleElections', seat: 2 });
    expect(state.task).toMatchObject({ candidates: ['blue-1', 'red-1', 'blue-2', 'red-2'] });
    expect(skip(state, 2)).toBeNull();
    const first = play(state, 2, { type: 'chooseElection', neighborhood: 'red-2' }).state;
    expect(skip(first, 2)).toBeNull();
  });
});

describe('not this seat’s decision', () => {
  it('an inactive seat is never skipped, in placement or in another seat’s choice', () => {
    expect(skip(placementTurn(), 1)).toBeNull();
    expect(skip(placementTurn(), 2)).toBeNull();
    const theater = resolve(withBuilding(contestedBoard(), 'theater', 'blue-1'), []);
    expect(skip(theater, 1)).toBeNull();
    expect(skip(theater, 2)).toBeNull();
  });

  it('nobody is skipped before setup or once the game is over', () => {
    const unset = fivePoints.initialState({ seats: 3, options: {} });
    const over = withStage(contestedBoard(), { phase: 'finished', reason: 'endOfGame', scores: [1, 2, 3], winners: [2] });
    for (const seat of [0, 1, 2]) {
      expect(skip(unset, seat)).toBeNull();
      expect(skip(over, seat)).toBeNull();
    }
  });
});

describe('seeded playouts with random skips', () => {
  /** Events only a player's own choice records: a skip makes no choice for anyone. */
  const CHOICE_EVENTS: readonly EventType[] = [
    'rabblePlaced',
    'bidPlaced',
    'neighborhoodPicked',
    'neighborhoodMoved',
    'buildingMoved',
    'specialElectionCalled',
    'rabbleRetrieved',
    'smuggledRabblePicked',
    'rabbleSmuggled',
    'electionCandidatePicked',
  ];

  /** What a seat holds that only grows unless it spends it itself. */
  const holdings = (state: State, seat: number) => ({
    hq: state.players[seat].hq,
    vp: state.players[seat].vp,
    controlMarkers: state.players[seat].controlMarkers,
  });

  const rabbleOf = (state: State, seat: number) => state.tiles.map((id) => state.neighborhoods[id].rabble[seat]);
  const layout = (state: State) => ({
    cells: state.tiles.map((id) => [state.neighborhoods[id].x, state.neighborhoods[id].y]),
    buildings: state.buildings,
  });

  /** The decision a skip answered, for the coverage check. */
  function decisionName(state: State): string {
    const task = state.task;
    if (task) return 'picked' in task && task.picked !== null ? `task:${task.kind}:picked` : `task:${task.kind}`;
    return state.stage.phase === 'placement' && state.stage.placed ? 'bid' : 'turn';
  }

  function expectSkipTakesNothing(before: State, after: State, seat: number, events: Event[]): void {
    expect(events.length).toBeGreaterThan(0);
    expect(events.filter((e) => CHOICE_EVENTS.includes(e.type))).toEqual([]);
    expect(events[0]).toEqual(expect.objectContaining({ type: expect.stringMatching(/^(passed|taskDeclined|taskFinished|turnStarted)$/) }));
    if (events[0].type === 'passed') expect(events[0].seat).toBe(seat);
    expect(layout(after)).toEqual(layout(before));
    const electionHeld = events.some((e) => e.type === 'electionHeld');
    before.players.forEach((_, other) => {
      if (other === seat) return;
      const was = holdings(before, other);
      const now = holdings(after, other);
      expect(now.hq).toBeGreaterThanOrEqual(was.hq);
      expect(now.vp).toBeGreaterThanOrEqual(was.vp);
      for (const [color, count] of Object.entries(was.controlMarkers)) {
        expect(now.controlMarkers[color as keyof typeof was.controlMarkers]).toBeGreaterThanOrEqual(count);
      }
      // Only an election clears rabble off the board; without one, everyone else's rabble stands where it stood.
      if (!electionHeld) expect(rabbleOf(after, other)).toEqual(rabbleOf(before, other));
    });
  }

  /** A whole game in which the active seat is skipped at about one step in three. */
  function playoutWithSkips(seats: number, seed: string) {
    const chooser = seededRandom(`${seed}:choices`);
    let state = startGame<State>(fivePoints, { seats, options: {} }, seed).state;
    const skipped = new Set<string>();
    let refused = 0;
    for (let n = 0; n < 20000 && !fivePoints.status(state).finished; n++) {
      const [seat] = fivePoints.status(state).activeSeats;
      for (let other = 0; other < seats; other++) {
        if (other !== seat) expect(fivePoints.skipTurn!(state, other, seededRandom(`${seed}:${n}`))).toBeNull();
      }
      if (chooser.int(3) === 0) {
        const events = fivePoints.skipTurn!(state, seat, seededRandom(`${seed}:${n}`));
        if (events) {
          const after = evolveAll(state, events);
          expectSkipTakesNothing(state, after, seat, events);
          expect(pieceProblems(after)).toEqual([]);
          skipped.add(decisionName(state));
          state = after;
          continue;
        }
        refused++;
      }
      const moves = fivePoints.legalMoves(state, seat);
      const decision = decide(state, moves[chooser.int(moves.length)], seat, seededRandom(`${seed}:${n}`));
      if (!decision.ok) throw new Error(decision.message);
      state = evolveAll(state, decision.events);
      expect(pieceProblems(state)).toEqual([]);
    }
    return { status: fivePoints.status(state), skipped, refused };
  }

  /** What the playouts below met, over all of them (they run in order, before the coverage check). */
  const met = { skipped: new Set<string>(), refused: 0 };

  // Seeds whose games, between them, meet every kind of skip checked below.
  it.each([3, 4, 5].flatMap((seats) => ['one', 'two', 'five'].map((seed) => [seats, seed] as const)))(
    '%i players, seed %s: every skip folds consistently and the game finishes with a result',
    (seats, seed) => {
      const { status, skipped, refused } = playoutWithSkips(seats, `skip-${seats}-${seed}`);
      expect(status.finished).toBe(true);
      expect(status.winners!.length).toBeGreaterThan(0);
      expect(status.scores).toHaveLength(seats);
      skipped.forEach((name) => met.skipped.add(name));
      met.refused += refused;
    },
  );

  it('the playouts skipped turns, bids, optional effects and withdrawn picks, and met choices they could not skip', () => {
    expect([...met.skipped]).toEqual(expect.arrayContaining(['turn', 'bid', 'task:retrieveRabble', 'task:moveBuilding', 'task:smuggleRabble']));
    expect([...met.skipped].some((name) => name.endsWith(':picked'))).toBe(true);
    expect(met.refused).toBeGreaterThan(0);
  });
});
