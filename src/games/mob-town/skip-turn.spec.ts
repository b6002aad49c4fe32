import type { GameOptions, Seat } from '../../rules/contract';
import { randomPlayout, startGame, type PlayoutOptions } from '../../rules/playout';
import { seededRandom, type Random } from '../../rules/random';
import { controller } from './city';
import type { Card } from './data/deck';
import { PROFESSIONALS } from './data/professionals';
import { evolve } from './evolve';
import type { MobTownEvent } from './events';
import { mobTown } from './index';
import type { Move } from './moves';
import type { State } from './state';
import { ALL_VARIANTS, conservationProblems, eagerTakeOvers, legal, play, scenario, willingTeam, type Scenario } from './test-support';

const skipTurn = mobTown.skipTurn!;
const skip = (state: State, seat: Seat = state.turn?.seat ?? 0, seed = 'skip') => skipTurn(state, seat, seededRandom(seed));
const types = (events: MobTownEvent[]) => events.map((e) => e.type);

/** The events of `moves` played one after another by `seat`, drawing from one random source as a skip does. */
function eventsOf(state: State, seat: Seat, moves: Move[], seed = 'skip'): MobTownEvent[] {
  const random: Random = seededRandom(seed);
  const events: MobTownEvent[] = [];
  for (const move of moves) {
    const decision = mobTown.decide(state, move, seat, random);
    if (!decision.ok) throw new Error(`refused: ${decision.message} ${JSON.stringify(move)}`);
    events.push(...decision.events);
    state = decision.events.reduce(evolve, state);
  }
  return events;
}

const fold = (state: State, events: MobTownEvent[]) => events.reduce(evolve, state);

// (0,0) is seat 0's; the hotels along the row.
const LINE = { '0,0': ['hotel-1', [0]], '0,1': 'hotel-2', '0,2': 'hotel-3', '0,3': 'hotel-4' } as Scenario['city'];
const RICH: Card[] = ['sharks-3', 'snakes-3', 'sharks-2', 'cash', 'rats-1'];

function withProfessional(id: string, spec: Scenario): State {
  const state = scenario({ ...spec, options: { professionals: true } });
  const others = PROFESSIONALS.map((p) => p.id).filter((p) => p !== id);
  return { ...state, professionals: { row: [id, ...others.slice(0, 2)], deck: others.slice(2), discard: [] } };
}
const hired = (id: string, spec: Scenario) => play(withProfessional(id, spec), 0, { type: 'hire', professional: id }).state;

describe('skipping in the competitive game', () => {
  it('declines the take-over offered after an open lot, exactly as a skip move would, and the turn passes', () => {
    const state = play(scenario({ city: LINE, openLot: ['restaurant-1', 'factory-1', 'theater-1'], hands: [['rats-1'], []] }), 0, {
      type: 'openLot',
      property: 'restaurant-1',
      cell: [1, 0],
    }).state;
    expect(legal(state)).toEqual([{ type: 'takeOver', cell: [1, 0], via: [] }, { type: 'skip' }]);
    const events = skip(state)!;
    expect(events).toEqual(eventsOf(state, 0, [{ type: 'skip' }]));
    expect(events).toEqual([
      { type: 'stepSkipped', seat: 0, step: 'takeOver', declined: true },
      { type: 'actionDone', seat: 0 },
      { type: 'turnEnded', seat: 0 },
      { type: 'turnStarted', seat: 1, actions: 1 },
    ]);
    const after = fold(state, events);
    expect(after.city['1,0']).toEqual({ card: 'restaurant-1', tokens: [], shutDown: false }); // the open lot stands, untaken
    expect(after.players[0].hand).toEqual(['rats-1']);
  });

  it('is null at the start of a turn: the rulebook offers one of six actions and no pass', () => {
    const state = scenario({ city: LINE, hands: [RICH, []] });
    expect(skip(state, 0)).toBeNull();
  });

  it('is null for a seat whose turn it is not, and once the game is over', () => {
    const state = scenario({ city: LINE, hands: [RICH, []] });
    expect(skip(state, 1)).toBeNull();
    const over = randomPlayout<State>(mobTown, { seats: 2, options: {} }, 'skip-over').state;
    expect(over.phase).toBe('finished');
    expect([0, 1].map((seat) => skip(over, seat))).toEqual([null, null]);
  });

  it('is null while agendas are chosen, for every seat, before and after its first choice', () => {
    let state = startGame<State>(mobTown, { seats: 3, options: {} }, 'agendas').state;
    expect(mobTown.status(state)).toMatchObject({ phase: 'agendas', activeSeats: [0, 1, 2] });
    expect([0, 1, 2].map((seat) => skip(state, seat))).toEqual([null, null, null]);
    state = play(state, 1, legal(state, 1)[0]).state;
    expect(skip(state, 1)).toBeNull();
  });

  it('never finishes a take-over, even when one card face is all that can pay for it', () => {
    const state = play(scenario({ city: { '0,0': ['hotel-1', [1]], '0,1': 'hotel-2' }, hands: [['sharks-3', 'foxes-1'], []] }), 0, {
      type: 'takeOver',
      cell: [0, 0],
      via: [],
    }).state;
    expect(legal(state)).toEqual([{ type: 'pay', card: 'sharks-3' }]); // forced, but it would take seat 1's property
    expect(skip(state)).toBeNull();
  });

  it('takes the cards of a Cash in when the lineup shows a single face, and the lineup is refilled as usual', () => {
    const start = scenario({ city: LINE, hands: [['cash'], []], lineup: ['rats-1', 'rats-1', 'rats-1', 'rats-1'] });
    const state = play(start, 0, { type: 'cashIn' }).state;
    expect(legal(state)).toEqual([{ type: 'pick', card: 'rats-1' }]);
    const events = skip(state, 0, 'cash-in')!;
    const pick: Move = { type: 'pick', card: 'rats-1' };
    expect(events).toEqual(eventsOf(state, 0, [pick, pick], 'cash-in'));
    expect(types(events)).toEqual(['lineupCardTaken', 'stepBegan', 'lineupCardTaken', 'lineupRefilled', 'actionDone', 'turnEnded', 'turnStarted']);
    expect(fold(state, events).players[0].hand).toEqual(['rats-1', 'rats-1']);
  });

  it('is null during a Cash in when there are different cards to choose from', () => {
    const start = scenario({ city: LINE, hands: [['cash'], []], lineup: ['rats-1', 'rats-1', 'foxes-2'] });
    expect(skip(play(start, 0, { type: 'cashIn' }).state)).toBeNull();
  });
});

describe('skipping with the Professionals variant', () => {
  it("declines both of the Broker's trades, so the whole turn passes", () => {
    const state = hired('broker', { city: LINE, hands: [['foxes-1', 'foxes-2'], []], lineup: ['rats-1', 'rats-2', 'sharks-3', 'cash', 'weasels-1'] });
    expect(state.turn!.step).toEqual({ kind: 'trade' });
    const events = skip(state)!;
    expect(events).toEqual(eventsOf(state, 0, [{ type: 'skip' }, { type: 'skip' }]));
    expect(types(events)).toEqual(['stepSkipped', 'grantTaken', 'stepBegan', 'stepSkipped', 'actionDone', 'turnEnded', 'turnStarted']);
    const after = fold(state, events);
    expect(after.turn!.seat).toBe(1);
    expect(after.players[0].hand).toEqual(['foxes-1', 'foxes-2']);
    expect(after.lineup).toEqual(state.lineup);
  });

  it("declines the Architect's free placement and the Hustler's take-over", () => {
    const architect = hired('architect', { city: LINE, hands: [RICH, []], openLot: ['hotel-2', 'factory-1', 'theater-1'] });
    expect(architect.turn!.step).toEqual({ kind: 'openLot' });
    expect(skip(architect)).toEqual(eventsOf(architect, 0, [{ type: 'skip' }]));
    expect(fold(architect, skip(architect)!).openLot).toEqual(architect.openLot);

    const hustler = hired('hustler', { city: LINE, hands: [RICH, []] });
    expect(hustler.turn!.step).toMatchObject({ kind: 'takeOver' });
    expect(skip(hustler)).toEqual(eventsOf(hustler, 0, [{ type: 'skip' }]));
  });

  it('is all or nothing: null when declining one granted step leads to a real choice later in the same turn', () => {
    // No default professional grants picks after an optional step, but the cards are data a group may retype.
    const start = scenario({ options: { professionals: true }, city: LINE, hands: [[], []], lineup: ['rats-1', 'foxes-2', 'cash'] });
    const state: State = {
      ...start,
      turn: { ...start.turn!, step: { kind: 'takeOver', onlyCell: null, ignoreConnection: true, ignoreTokens: false }, grants: [{ action: 'pick', cards: 2 }] },
    };
    expect(legal(state)).toEqual([{ type: 'skip' }]);
    expect(skip(state)).toBeNull();
  });

  it("is null for the Smuggler's picks among different cards", () => {
    const state = hired('smuggler', { city: LINE, hands: [[], []], lineup: ['rats-1', 'rats-2', 'rats-3', 'foxes-1', 'cash'] });
    expect(state.turn!.step).toEqual({ kind: 'pick', picksLeft: 3 });
    expect(skip(state)).toBeNull();
  });
});

describe('skipping in the co-op game', () => {
  const COOP = { mode: 'coop' };
  const city = { '0,0': 'restaurant-2', '0,1': 'hotel-3', '0,2': 'factory-4', '0,3': 'theater-1' };
  const coopGame = (spec: Omit<Scenario, 'options'>) => scenario({ pawns: ['0,0', '0,0'], roles: ['detective', 'beat-cop'], ...spec, options: COOP });

  it('ends the turn, giving up the remaining actions; the mob still acts, then the next player begins', () => {
    const state = coopGame({ city, hands: [['rats-1', 'weasels-3'], []] });
    const events = skip(state)!;
    expect(events).toEqual(eventsOf(state, 0, [{ type: 'endTurn' }]));
    expect(types(events)).toEqual(expect.arrayContaining(['turnEnded', 'mobActivityDrawn', 'turnStarted']));
    expect(types(events)).not.toContain('pawnMoved');
    const after = fold(state, events);
    expect(after.turn).toMatchObject({ seat: 1, actionsLeft: 3 });
    expect(after.players[0].hand).toEqual(['rats-1', 'weasels-3']);
  });

  it('ends a Clear Out under way, then the turn', () => {
    let state = coopGame({
      city: { ...city, '0,0': ['restaurant-2', ['mob', 'mob']] },
      hands: [['rats-1', 'weasels-1', 'cash'], []],
      roles: ['beat-cop', 'informant'],
    });
    state = play(play(state, 0, { type: 'clearOut' }).state, 0, { type: 'pay', card: 'rats-1' }).state;
    expect(legal(state)).toContainEqual({ type: 'stop' });
    const events = skip(state)!;
    expect(events).toEqual(eventsOf(state, 0, [{ type: 'stop' }, { type: 'endTurn' }]));
    expect(fold(state, events).players[0].hand).toEqual(['cash', 'weasels-1']);
  });

  it('is null when a Clear Out has just begun and more than one card could pay its first card', () => {
    const state = play(coopGame({ city: { ...city, '0,0': ['restaurant-2', ['mob']] }, hands: [['rats-1', 'cash'], []] }), 0, { type: 'clearOut' }).state;
    expect(legal(state)).toHaveLength(2);
    expect(skip(state)).toBeNull();
  });

  it('pays a Shut Down that one card face alone can pay, then ends the turn', () => {
    const state = play(coopGame({ city, hands: [['rats-1', 'rats-1', 'foxes-3'], []] }), 0, { type: 'shutDown' }).state;
    expect(legal(state)).toEqual([{ type: 'pay', card: 'rats-1' }]);
    const events = skip(state, 0, 'shut')!;
    const pay: Move = { type: 'pay', card: 'rats-1' };
    expect(events).toEqual(eventsOf(state, 0, [pay, pay, { type: 'endTurn' }], 'shut'));
    const after = fold(state, events);
    expect(after.city['0,0'].shutDown).toBe(true);
    expect(after.coop!.lawScore).toBe(2);
    expect(after.turn!.seat).toBe(1);
  });

  it('is null while roles and then pawns are chosen', () => {
    let state = startGame<State>(mobTown, { seats: 2, options: COOP }, 'coop-start').state;
    expect(mobTown.status(state)).toMatchObject({ phase: 'roles', activeSeats: [0] });
    expect([0, 1].map((seat) => skip(state, seat))).toEqual([null, null]);
    state = play(play(state, 0, { type: 'chooseRole', role: 'detective' }).state, 1, { type: 'chooseRole', role: 'informant' }).state;
    expect(mobTown.status(state)).toMatchObject({ phase: 'pawns', activeSeats: [0] });
    expect([0, 1].map((seat) => skip(state, seat))).toEqual([null, null]);
  });

  it('is null for a seat whose turn it is not', () => {
    expect(skip(coopGame({ city, hands: [[], []] }), 1)).toBeNull();
  });
});

// ---- seeded playouts in which the active seat is sometimes skipped -----------

const PASSES = ['skip', 'stop', 'endTurn'];
const PRE_PLAY_PHASES = ['agendas', 'roles', 'pawns'];

interface SkippedPlayout {
  state: State;
  skips: number;
  /** The kinds of step at which a seat was skipped (`setup` before its first action). */
  skippedAt: Set<string>;
}

/** The step a seat is skipped at; a take-over is told apart by what offered it. */
function stepName(state: State): string {
  const step = state.turn!.step;
  if (step.kind !== 'takeOver') return step.kind;
  return step.onlyCell ? 'takeOver after an open lot' : 'takeOver granted by a professional';
}

/** Competitive playouts that hire (else open a lot) whenever they can: they meet the optional steps a skip declines. */
const hiresAndOpenLots: PlayoutOptions<State>['choose'] = (listed, _state, _seat, pick) => {
  const moves = listed as Move[];
  for (const type of ['hire', 'openLot']) {
    const found = moves.filter((m) => m.type === type);
    if (found.length) return found[pick(found.length)];
  }
  return moves[pick(moves.length)];
};

/**
 * Plays a seeded game; at about half the steps, the seat about to move is
 * skipped instead whenever a skip is possible. Checks every step as it goes,
 * and fails at the first step with a problem, naming all of that step's: Jest
 * is asked only then, as the checks run some 30,000 times and an expect()
 * costs it tens of microseconds.
 */
function playoutWithSkips(seats: number, options: GameOptions, seed: string, choose?: PlayoutOptions<State>['choose']): SkippedPlayout {
  const chooser = seededRandom(`${seed}:choices`);
  let state = startGame<State>(mobTown, { seats, options }, seed).state;
  let skips = 0;
  const skippedAt = new Set<string>();
  for (let n = 0; n < 20000; n++) {
    const status = mobTown.status(state);
    if (status.finished) return { state, skips, skippedAt };
    const problems: string[] = [];
    for (let seat = 0; seat < seats; seat++) {
      if (!status.activeSeats.includes(seat) && skip(state, seat, `${seed}:idle:${n}`) !== null)
        problems.push(`step ${n}: seat ${seat}, not to move, could be skipped`);
    }
    const seat = status.activeSeats[chooser.int(status.activeSeats.length)];
    const moves = mobTown.legalMoves(state, seat);
    const skipped = skipTurn(state, seat, seededRandom(`${seed}:skip:${n}`));
    problems.push(...skipRuleProblems(state, moves, skipped).map((problem) => `step ${n}: ${problem}`));
    if (skipped && chooser.int(2) === 0) {
      skippedAt.add(stepName(state));
      const after = fold(state, skipped);
      problems.push(...skipProblems(state, after, seat, skipped).map((problem) => `step ${n}, seat ${seat} skipped: ${problem}`));
      if (problems.length > 0) expect(problems).toEqual([]);
      state = after;
      skips++;
      continue;
    }
    if (problems.length > 0) expect(problems).toEqual([]);
    const move = choose ? choose(moves, state, seat, (k) => chooser.int(k)) : moves[chooser.int(moves.length)];
    const decision = mobTown.decide(state, move, seat, seededRandom(`${seed}:${n}`));
    if (!decision.ok) throw new Error(decision.message);
    state = fold(state, decision.events);
  }
  throw new Error('the game did not finish');
}

/** A skip exactly where a pass is listed (every listed pass ends the turn), never at the start of a round or a competitive action. */
function skipRuleProblems(state: State, moves: Move[], skipped: MobTownEvent[] | null): string[] {
  const problems: string[] = [];
  if (moves.some((m) => PASSES.includes(m.type)) && skipped === null) problems.push('a pass is listed, yet no skip');
  if (PRE_PLAY_PHASES.includes(state.phase) && skipped !== null) problems.push(`a skip in the ${state.phase} phase`);
  if (state.options.mode !== 'coop' && state.turn?.step.kind === 'chooseAction' && skipped !== null) problems.push('a skip at a competitive action');
  return problems;
}

/** What is wrong with a skip's events: it must pass over the seat, act only for it and take nothing from anyone else. */
function skipProblems(before: State, after: State, seat: Seat, events: MobTownEvent[]): string[] {
  const problems: string[] = [];
  if (events.length === 0) problems.push('no events');
  problems.push(...conservationProblems(after));
  if (after.phase === 'play' && after.turn!.seat === seat) problems.push('still its turn');
  for (const event of events) {
    if ('seat' in event && event.type !== 'turnStarted' && event.seat !== seat) problems.push(`${event.type} for seat ${event.seat}`);
  }
  for (let other = 0; other < before.seats; other++) {
    if (other !== seat) problems.push(...takenFrom(before, after, other).map((problem) => `seat ${other}: ${problem}`));
  }
  return problems;
}

/** What `seat` lost between `before` and `after`. */
function takenFrom(before: State, after: State, seat: Seat): string[] {
  const [was, is] = [before.players[seat], after.players[seat]];
  const problems: string[] = [];
  if (is.score < was.score) problems.push(`score ${was.score} -> ${is.score}`);
  // A new round deals everything afresh, by the rules; within a round nothing of theirs may go.
  if (after.round !== before.round) return problems;
  const hand = [...is.hand];
  for (const card of was.hand) {
    const at = hand.indexOf(card);
    if (at < 0) problems.push(`lost ${card} from the hand`);
    else hand.splice(at, 1);
  }
  // Numbers, strings and lists of strings: their JSON is equal exactly when they are.
  const holdings = (player: typeof was) => JSON.stringify([player.briefcases, player.agendas, player.kept, player.pawn, player.role]);
  if (holdings(is) !== holdings(was)) problems.push(`briefcases, agendas, kept cards, pawn or role ${holdings(was)} -> ${holdings(is)}`);
  for (const [cell, lot] of Object.entries(before.city)) {
    if (controller(lot) === seat && controller(after.city[cell]) !== seat) problems.push(`lost ${cell}`);
  }
  return problems;
}

describe('seeded playouts with skipped seats', () => {
  const finishedWithWinners = (state: State) =>
    expect(mobTown.status(state)).toMatchObject({ finished: true, winners: expect.arrayContaining([expect.any(Number)]) });

  it.each([2, 3, 4])('base game, %i players: every skip folds, and the game finishes with a result', (seats) => {
    const skippedAt = new Set<string>();
    for (const [seed, choose] of [
      ['a', undefined],
      ['b', hiresAndOpenLots],
      ['c', eagerTakeOvers],
    ] as const) {
      const result = playoutWithSkips(seats, {}, `skip-base-${seed}-${seats}`, choose);
      finishedWithWinners(result.state);
      result.skippedAt.forEach((kind) => skippedAt.add(kind));
    }
    expect(skippedAt).toContain('takeOver after an open lot');
  });

  it.each([2, 3, 4])('all variants, %i players: every skip folds, and the game finishes with a result', (seats) => {
    const skippedAt = new Set<string>();
    for (const [seed, choose] of [
      ['a', undefined],
      ['b', hiresAndOpenLots],
      ['c', hiresAndOpenLots],
      ['d', eagerTakeOvers],
    ] as const) {
      const result = playoutWithSkips(seats, ALL_VARIANTS, `skip-variants-${seed}-${seats}`, choose);
      finishedWithWinners(result.state);
      result.skippedAt.forEach((kind) => skippedAt.add(kind));
    }
    expect(skippedAt).toContain('takeOver after an open lot');
    expect(skippedAt).toContain('takeOver granted by a professional');
  });

  const COOP_OPTIONS: Record<number, GameOptions> = {
    2: { mode: 'coop', coopStartingCity: 'easier', coopNoMasterCrimes: true },
    3: { mode: 'coop' },
    4: { mode: 'coop', coopStartingCity: 'hardest', coopMoreMobActivity: true, bigMoney: true },
  };

  it.each([2, 3, 4])('co-op, %i players: skipped turns still end in a shared win or loss', (seats) => {
    const options = COOP_OPTIONS[seats];
    for (const [seed, choose] of [
      ['a', willingTeam],
      ['b', undefined],
    ] as const) {
      const result = playoutWithSkips(seats, options, `skip-coop-${seed}-${seats}`, choose);
      const status = mobTown.status(result.state);
      expect(status.finished).toBe(true);
      expect([0, seats]).toContain(status.winners!.length);
      expect(result.skippedAt).toContain('chooseAction');
    }
  });
});
