import { seededRandom } from '../../rules/random';
import { startGame } from '../../rules/playout';
import { resolveMobCard } from './coop/mob';
import type { MobTownEvent } from './events';
import { mobTown } from './index';
import type { State } from './state';
import { legal, ofType, play, scenario, type Scenario } from './test-support';
import { contextFor } from './context';

const COOP = { mode: 'coop' };
const coopGame = (spec: Omit<Scenario, 'options'>, options = {}) =>
  scenario({ pawns: ['0,0', '0,0'], roles: ['detective', 'beat-cop'], ...spec, options: { ...COOP, ...options } });
const types = (events: MobTownEvent[]) => events.map((e) => e.type);

/** Resolves one mob card on `state` with a fixed random source. */
function resolve(state: State, card: string, seed = 'mob'): { state: State; events: MobTownEvent[] } {
  const ctx = contextFor(state, seededRandom(seed));
  resolveMobCard(ctx, card, true);
  return { state: ctx.log.state, events: ctx.log.events };
}

describe('co-op setup', () => {
  it('builds a city of 8, seeds the mob with 4 activity cards, then shuffles in the master crimes', () => {
    const { state, events } = startGame<State>(mobTown, { seats: 3, options: COOP }, 'coop-setup');
    expect(Object.keys(state.city)).toHaveLength(8);
    expect(types(events as MobTownEvent[]).filter((t) => t === 'mobActivityDrawn')).toHaveLength(4);
    expect(state.coop!.mobDeck).toHaveLength(10 + 6);
    expect(state.players.every((p) => p.hand.length === 5)).toBe(true);
    expect(state.lineup).toHaveLength(5);
    expect(state.openLot).toEqual([]);
    expect(state.lawInDeck).toBe(false);
  });

  it('has difficulty options: starting city size and no master crimes', () => {
    const easy = startGame<State>(mobTown, { seats: 2, options: { ...COOP, coopStartingCity: 'easier', coopNoMasterCrimes: true } }, 'e').state;
    expect(Object.keys(easy.city)).toHaveLength(7);
    expect(easy.coop!.mobDeck).toHaveLength(10);
    const hard = startGame<State>(mobTown, { seats: 2, options: { ...COOP, coopStartingCity: 'hardest' } }, 'h').state;
    expect(Object.keys(hard.city)).toHaveLength(10);
  });

  it('lets each player choose a role, then place a pawn, in seat order; then seat 0 has three actions', () => {
    let state = startGame<State>(mobTown, { seats: 2, options: COOP }, 'roles').state;
    expect(mobTown.status(state)).toMatchObject({ phase: 'roles', activeSeats: [0] });
    state = play(state, 0, { type: 'chooseRole', role: 'detective' }).state;
    expect(ofType(legal(state, 1), 'chooseRole').map((m) => m.role)).not.toContain('detective');
    state = play(state, 1, { type: 'chooseRole', role: 'informant' }).state;
    expect(mobTown.status(state)).toMatchObject({ phase: 'pawns', activeSeats: [0] });
    const [first] = ofType(legal(state, 0), 'placePawn');
    state = play(state, 0, first).state;
    state = play(state, 1, first).state;
    expect(state.turn).toMatchObject({ seat: 0, actionsLeft: 3 });
  });
});

describe('co-op actions', () => {
  const city = { '0,0': 'restaurant-2', '0,1': 'hotel-3', '0,2': 'factory-4', '0,3': 'theater-1' };

  it('Move goes up to two cards (three for the Beat Cop), never diagonally', () => {
    const state = coopGame({ city: { ...city, '1,1': 'hotel-1' }, hands: [[], []] });
    expect(ofType(legal(state, 0), 'move').map((m) => m.cell.join(' '))).toEqual(['0 1', '0 2', '1 1']);
    const cop = { ...state, turn: { ...state.turn!, seat: 1 } };
    expect(ofType(legal(cop, 1), 'move')).toHaveLength(4);
  });

  it('takes three actions, then the mob acts and the next player begins', () => {
    let state = coopGame({ city, hands: [[], []] });
    state = play(state, 0, { type: 'move', cell: [0, 1] }).state;
    state = play(state, 0, { type: 'draw' }).state;
    expect(state.turn).toMatchObject({ seat: 0, actionsLeft: 1 });
    const { state: after, events } = play(state, 0, { type: 'move', cell: [0, 3] });
    expect(types(events)).toEqual(expect.arrayContaining(['turnEnded', 'mobActivityDrawn', 'turnStarted']));
    expect(after.turn).toMatchObject({ seat: 1, actionsLeft: 3 });
  });

  it('takes the same action twice in a turn, never a third time ("You can take the same action twice on the same turn")', () => {
    let state = coopGame({ city, hands: [[], []] });
    for (const cell of [
      [0, 1],
      [0, 2],
    ] as [number, number][]) {
      expect(ofType(legal(state, 0), 'move').map((m) => m.cell)).toContainEqual(cell);
      const { state: next, events } = play(state, 0, { type: 'move', cell });
      expect(events[0]).toEqual({ type: 'actionChosen', seat: 0, action: 'move' });
      state = next;
    }
    expect(state.turn).toMatchObject({ seat: 0, actionsLeft: 1, coopActions: ['move', 'move'] });
    // The pawn could still walk (0,3 is next door), and it could draw: only the third Move is gone.
    expect(legal(state, 0).map((m) => m.type)).toEqual(['draw', 'endTurn']);
    const third = mobTown.decide(state, { type: 'move', cell: [0, 3] }, 0, seededRandom('third'));
    expect(third).toMatchObject({ ok: false, code: 'ILLEGAL_MOVE' });
    // The next turn counts afresh.
    state = play(state, 0, { type: 'draw' }).state;
    expect(state.turn).toMatchObject({ seat: 1, actionsLeft: 3 });
    expect(state.turn!.coopActions).toBeUndefined();
    expect(ofType(legal(state, 1), 'move').length).toBeGreaterThan(0);
  });

  it('counts each action of the turn on its own: two Draws and a Clear Out', () => {
    let state = coopGame({ city: { ...city, '0,0': ['restaurant-2', ['mob']] }, hands: [['rats-1'], []] });
    state = play(state, 0, { type: 'draw' }).state;
    state = play(state, 0, { type: 'draw' }).state;
    expect(legal(state, 0).map((m) => m.type)).not.toContain('draw');
    expect(legal(state, 0).map((m) => m.type)).toContain('clearOut');
    state = play(state, 0, { type: 'clearOut' }).state;
    expect(state.turn!.coopActions).toEqual(['draw', 'draw', 'clearOut']);
  });

  it('a competitive turn records no co-op action', () => {
    const state = scenario({ city, hands: [[], []] });
    const { events } = play(state, 0, { type: 'draw' });
    expect(types(events)).not.toContain('actionChosen');
  });

  it('between the end of a turn and the next, while the mob acts, nobody is to act and every view still works', () => {
    const state = coopGame({ city, hands: [[], []] });
    const { events } = play(state, 0, { type: 'endTurn' });
    const between = events.findIndex((e) => e.type === 'turnEnded');
    expect(types(events.slice(between + 1))).toEqual(expect.arrayContaining(['mobActivityDrawn', 'turnStarted']));
    // Each version the history can show, from the turn's end to the next turn's start.
    let folded = events.slice(0, between).reduce(mobTown.evolve, state);
    for (const event of events.slice(between, -1)) {
      folded = mobTown.evolve(folded, event);
      expect(mobTown.status(folded).activeSeats).toEqual([]);
      for (const seat of [0, 1]) expect(mobTown.legalMoves(folded, seat)).toEqual([]);
      for (const viewer of [0, 1, 'spectator'] as const) expect(mobTown.view(folded, viewer)).toMatchObject({ activeSeats: [], turn: null });
    }
    expect(mobTown.status(mobTown.evolve(folded, events[events.length - 1])).activeSeats).toEqual([1]);
  });

  it('Clear Out removes tokens worth the cards paid, of one suit of the property (cash wild)', () => {
    let state = coopGame({
      city: { ...city, '0,0': ['restaurant-4', ['mob', 'mob', 'mob', 'mob']] },
      hands: [['rats-1', 'weasels-2', 'cash'], []],
      roles: ['beat-cop', 'informant'],
    });
    state = play(state, 0, { type: 'clearOut' }).state;
    state = play(state, 0, { type: 'pay', card: 'rats-1' }).state;
    expect(state.city['0,0'].tokens).toHaveLength(3);
    // The suit is now rats: the weasel no longer clears.
    expect(legal(state, 0)).toEqual([{ type: 'pay', card: 'cash' }, { type: 'stop' }]);
    state = play(state, 0, { type: 'stop' }).state;
    expect(state.turn).toMatchObject({ seat: 0, actionsLeft: 2, step: { kind: 'chooseAction' } });
    expect(state.coop!.mobTokens).toBe(24 - 3);
  });

  it("the Detective's first card of a Clear Out removes one extra token", () => {
    let state = coopGame({ city: { ...city, '0,0': ['restaurant-4', ['mob', 'mob', 'mob']] }, hands: [['rats-1', 'rats-2'], []] });
    state = play(state, 0, { type: 'clearOut' }).state;
    state = play(state, 0, { type: 'pay', card: 'rats-1' }).state;
    expect(state.city['0,0'].tokens).toHaveLength(1);
  });

  it('Shut Down needs a property without tokens, scores its value, turns it face down and expands the business', () => {
    const blocked = coopGame({ city: { ...city, '0,0': ['restaurant-2', ['mob']] }, hands: [['rats-2'], []] });
    expect(ofType(legal(blocked, 0), 'shutDown')).toEqual([]);
    let state = coopGame({ city, hands: [['rats-1', 'cash', 'foxes-3'], []] });
    state = play(state, 0, { type: 'shutDown' }).state;
    expect(ofType(legal(state, 0), 'pay').map((m) => m.card)).toEqual(['cash', 'rats-1']);
    state = play(state, 0, { type: 'pay', card: 'rats-1' }).state;
    const { state: after, events } = play(state, 0, { type: 'pay', card: 'cash' });
    expect(after.city['0,0'].shutDown).toBe(true);
    expect(after.coop!.lawScore).toBe(2);
    // restaurant-2's arrow points right, along a full row: the new card goes to the first free cell, (0,4).
    expect(events.find((e) => e.type === 'businessExpanded')).toMatchObject({ cell: '0,4' });
    expect(ofType(legal(after, 0), 'clearOut')).toEqual([]);
  });

  it('Informant: Draw draws 3', () => {
    const state = coopGame({ city, hands: [[], []], roles: ['informant', 'beat-cop'] });
    expect(play(state, 0, { type: 'draw' }).state.players[0].hand).toHaveLength(3);
  });

  it('Auditor: cash is worth 2', () => {
    const state = coopGame({ city, hands: [['cash'], []], roles: ['auditor', 'beat-cop'] });
    const after = play(play(state, 0, { type: 'shutDown' }).state, 0, { type: 'pay', card: 'cash' }).state;
    expect(after.coop!.lawScore).toBe(2);
  });

  it('Commissioner: Cash in takes 3 lineup cards', () => {
    const state = coopGame({ city, hands: [['cash'], []], lineup: ['rats-1', 'rats-2', 'rats-3', 'foxes-1', 'foxes-2'], roles: ['commissioner', 'beat-cop'] });
    expect(play(state, 0, { type: 'cashIn' }).state.turn!.step).toEqual({ kind: 'pick', picksLeft: 3 });
  });

  it('Prosecutor: Shut Down costs 1 less', () => {
    const state = coopGame({ city, hands: [['rats-1'], []], roles: ['prosecutor', 'beat-cop'] });
    const after = play(play(state, 0, { type: 'shutDown' }).state, 0, { type: 'pay', card: 'rats-1' }).state;
    expect(after.coop!.lawScore).toBe(2);
  });
});

describe('the mob', () => {
  const city = { '0,0': 'hotel-1', '0,1': 'hotel-3', '0,2': 'factory-2', '0,3': ['theater-1', ['mob']] } as Scenario['city'];

  it('mob activity puts a token on each named property; one more than its value advances the mob boss instead', () => {
    const { state } = resolve(coopGame({ city: { ...city, '0,0': ['hotel-1', ['mob']] } }), 'hotel-a');
    expect(state.city['0,0'].tokens).toHaveLength(1);
    expect(state.city['0,1'].tokens).toHaveLength(1);
    expect(state.coop!.mobBoss).toBe(1);
  });

  it('never places tokens on a shut-down property', () => {
    const base = coopGame({ city });
    const shut = { ...base, city: { ...base.city, '0,1': { ...base.city['0,1'], shutDown: true } } };
    expect(resolve(shut, 'value-3').state.city['0,1'].tokens).toEqual([]);
  });

  it('Mob Activity Doubles resolves two more cards', () => {
    const { events } = resolve(coopGame({ city }), 'mob-activity-doubles');
    expect(types(events).filter((t) => t === 'mobActivityDrawn')).toHaveLength(2);
  });

  it('Protection Racket: a token on every face-up property', () => {
    const { state } = resolve(coopGame({ city }), 'protection-racket');
    expect(Object.values(state.city).map((l) => l.tokens.length)).toEqual([1, 1, 1, 1]);
    expect(state.coop!.mobBoss).toBe(1); // theater-1 was already full
  });

  it('New Front Business: expands after the last placed card with a token on the new property', () => {
    const { state, events } = resolve(coopGame({ city }), 'new-front');
    const expanded = events.find((e) => e.type === 'businessExpanded') as Extract<MobTownEvent, { type: 'businessExpanded' }>;
    expect(state.city[expanded.cell].tokens).toEqual(['mob']);
  });

  it('Bribed Officials: the mob boss track advances 1', () => {
    expect(resolve(coopGame({ city }), 'bribed-officials').state.coop!.mobBoss).toBe(1);
  });

  it('Intimidation: a token under every pawn', () => {
    const { state } = resolve(coopGame({ city, pawns: ['0,1', '0,2'] }), 'intimidation');
    expect(state.city['0,1'].tokens).toEqual(['mob']);
    expect(state.city['0,2'].tokens).toEqual(['mob']);
    expect(state.city['0,0'].tokens).toEqual([]);
  });

  it('Turf War: two tokens on the property with the most tokens', () => {
    const { state } = resolve(coopGame({ city: { ...city, '0,2': ['factory-2', ['mob']] } }), 'turf-war');
    expect(state.city['0,2'].tokens).toHaveLength(2);
    expect(state.coop!.mobBoss).toBe(1 + 2); // tied with factory-2, the full theater-1 overflows twice; factory-2 once
  });

  it('More Mob Activity: one extra card after a master crime, but not after Mob Activity Doubles', () => {
    const harder = coopGame({ city }, { coopMoreMobActivity: true });
    expect(types(resolve(harder, 'bribed-officials').events).filter((t) => t === 'mobActivityDrawn')).toHaveLength(1);
    expect(types(resolve(harder, 'mob-activity-doubles').events).filter((t) => t === 'mobActivityDrawn')).toHaveLength(2);
    expect(types(resolve(coopGame({ city }), 'bribed-officials').events)).not.toContain('mobActivityDrawn');
  });

  it('reshuffles its discard pile when the mob activity deck is empty', () => {
    const base = coopGame({ city, hands: [[], []] });
    const state = { ...base, coop: { ...base.coop!, mobDeck: [], mobDiscard: ['hotel-a'] } };
    const { events } = play(state, 0, { type: 'endTurn' });
    expect(types(events)).toEqual(expect.arrayContaining(['mobDeckReshuffled', 'mobActivityDrawn']));
  });
});

describe('co-op game end', () => {
  const city = { '0,0': 'hotel-2', '0,1': 'hotel-3' };

  it("is won together when the players' track reaches 20", () => {
    const base = coopGame({ city, hands: [['sharks-2'], []] });
    let state: State = { ...base, coop: { ...base.coop!, lawScore: 18 } };
    state = play(state, 0, { type: 'shutDown' }).state;
    const { state: after } = play(state, 0, { type: 'pay', card: 'sharks-2' });
    expect(mobTown.status(after)).toMatchObject({ finished: true, winners: [0, 1], detail: { outcome: 'won', lawScore: 20 } });
  });

  it('is lost together when the mob boss track reaches 8', () => {
    const base = coopGame({ city: { ...city, '0,0': ['hotel-2', ['mob', 'mob']] }, hands: [[], []] });
    const state = { ...base, coop: { ...base.coop!, mobBoss: 7, mobDeck: ['hotel-a'] } };
    const { state: after } = play(state, 0, { type: 'endTurn' });
    expect(mobTown.status(after)).toMatchObject({ finished: true, winners: [], detail: { outcome: 'lost', mobBoss: 8 } });
  });

  it('is lost together when the last draw card is drawn', () => {
    const state = coopGame({ city, hands: [[], []], deck: ['rats-1'] });
    const { state: after } = play(state, 0, { type: 'draw' });
    expect(mobTown.status(after)).toMatchObject({ finished: true, winners: [], detail: { outcome: 'lost', reason: 'The last draw card was drawn.' } });
    expect(mobTown.legalMoves(after, 0)).toEqual([]);
  });
});
