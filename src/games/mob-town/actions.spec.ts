import { seededRandom } from '../../rules/random';
import { layOutCity } from './city';
import { mobTown } from './index';
import { legal, ofType, play, scenario } from './test-support';

describe('Draw', () => {
  it('draws two cards and passes the turn', () => {
    const state = scenario({ city: { '0,0': 'hotel-1' }, hands: [['rats-1'], []] });
    const after = play(state, 0, { type: 'draw' }).state;
    expect(after.players[0].hand).toHaveLength(3);
    expect(after.deck).toHaveLength(state.deck.length - 2);
    expect(after.turn!.seat).toBe(1);
  });
});

describe('Trade', () => {
  it('gives one card for every lineup card of one suit; the given card joins the lineup, which refills to 5', () => {
    const state = scenario({
      city: { '0,0': 'hotel-1' },
      hands: [['weasels-2'], []],
      lineup: ['rats-1', 'rats-2', 'foxes-1', 'cash', 'sharks-3'],
    });
    expect(ofType(legal(state), 'trade')).toHaveLength(4); // one card, four types in the lineup
    const { state: after, events } = play(state, 0, { type: 'trade', give: 'weasels-2', take: 'rats' });
    expect(after.players[0].hand).toEqual(['rats-1', 'rats-2']);
    expect(after.lineup).toHaveLength(5);
    expect(after.lineup.slice(0, 4)).toEqual(['foxes-1', 'cash', 'sharks-3', 'weasels-2']);
    expect(events.map((e) => e.type)).toContain('lineupRefilled');
  });
});

describe('Cash in', () => {
  const lineup = ['rats-1', 'rats-2', 'foxes-1', 'foxes-2', 'sharks-3'] as const;

  it('discards a cash card to take two lineup cards, one per move, then refills the lineup', () => {
    let state = scenario({ city: { '0,0': 'hotel-1' }, hands: [['cash'], []], lineup: [...lineup] });
    state = play(state, 0, { type: 'cashIn' }).state;
    expect(state.discard).toEqual(['cash']);
    expect(legal(state)).toHaveLength(5);
    state = play(state, 0, { type: 'pick', card: 'sharks-3' }).state;
    expect(state.turn!.step).toEqual({ kind: 'pick', picksLeft: 1 });
    state = play(state, 0, { type: 'pick', card: 'rats-1' }).state;
    expect(state.players[0].hand).toEqual(['rats-1', 'sharks-3']);
    expect(state.lineup).toHaveLength(5);
    expect(state.turn!.seat).toBe(1);
  });

  it('takes three cards with Big Money', () => {
    let state = scenario({ options: { bigMoney: true }, city: { '0,0': 'hotel-1' }, hands: [['cash'], []], lineup: [...lineup] });
    state = play(state, 0, { type: 'cashIn' }).state;
    expect(state.turn!.step).toEqual({ kind: 'pick', picksLeft: 3 });
  });
});

describe('Take Over', () => {
  it('costs the value in cards of the two suits, with cash as a wild 1, and places a token', () => {
    let state = scenario({ city: { '0,0': 'restaurant-3' }, hands: [['cash', 'rats-1', 'weasels-1', 'foxes-3'], []] });
    expect(ofType(legal(state), 'takeOver')).toEqual([{ type: 'takeOver', cell: [0, 0], via: [] }]);
    state = play(state, 0, { type: 'takeOver', cell: [0, 0], via: [] }).state;
    expect(ofType(legal(state), 'pay').map((m) => m.card)).toEqual(['cash', 'rats-1', 'weasels-1']); // foxes do not pay
    for (const card of ['cash', 'rats-1', 'weasels-1'] as const) state = play(state, 0, { type: 'pay', card }).state;
    expect(state.city['0,0'].tokens).toEqual([0]);
    expect(state.players[0].tokens).toBe(11);
    expect(state.players[0].hand).toEqual(['foxes-3']);
    expect(state.turn!.seat).toBe(1);
  });

  it('is not offered when the suits in hand cannot pay', () => {
    const state = scenario({ city: { '0,0': 'restaurant-1' }, hands: [['foxes-3', 'sharks-3'], []] });
    expect(ofType(legal(state), 'takeOver')).toEqual([]);
  });

  it('adds one to the cost per token already on the property, and the new token goes on top', () => {
    let state = scenario({ city: { '0,0': ['hotel-1', [1, 0, 1]] }, hands: [['sharks-3', 'snakes-1'], []] });
    state = play(state, 0, { type: 'takeOver', cell: [0, 0], via: [] }).state;
    expect(state.turn!.step).toMatchObject({ kind: 'pay', costLeft: 4 });
    state = play(state, 0, { type: 'pay', card: 'sharks-3' }).state;
    state = play(state, 0, { type: 'pay', card: 'snakes-1' }).state;
    expect(state.city['0,0'].tokens).toEqual([1, 0, 1, 0]);
  });

  it('never lets a payment run into a dead end: the cards must still cover the connection cost', () => {
    // Cost 3 plus one connection card: paying rats-1 first would leave nothing for the connection.
    const state = play(scenario({ city: { '0,0': ['hotel-1', [0]], '0,1': 'hotel-2', '0,2': 'restaurant-3' }, hands: [['rats-1', 'rats-3'], []] }), 0, {
      type: 'takeOver',
      cell: [0, 2],
      via: [[0, 1]],
    }).state;
    expect(ofType(legal(state), 'pay')).toEqual([{ type: 'pay', card: 'rats-3' }]);
  });

  it('pays one card per card passed through; a card passed through that an opponent controls goes to that opponent', () => {
    let state = scenario({
      city: { '0,0': ['restaurant-2', [0]], '0,1': ['hotel-1', [1]], '0,2': 'hotel-3', '0,3': 'theater-3' },
      hands: [['foxes-3', 'rats-1', 'weasels-2'], ['sharks-1']],
    });
    expect(ofType(legal(state), 'takeOver')).toContainEqual({
      type: 'takeOver',
      cell: [0, 3],
      via: [
        [0, 2],
        [0, 1],
      ],
    });
    state = play(state, 0, {
      type: 'takeOver',
      cell: [0, 3],
      via: [
        [0, 2],
        [0, 1],
      ],
    }).state;
    expect(state.turn!.step).toEqual({ kind: 'pay', purpose: 'takeOver', cell: '0,3', costLeft: 3, payees: [null, 1] });
    state = play(state, 0, { type: 'pay', card: 'foxes-3' }).state;
    state = play(state, 0, { type: 'pay', card: 'weasels-2' }).state; // to the discard pile (0,2 is nobody's)
    const { state: done, events } = play(state, 0, { type: 'pay', card: 'rats-1' }); // to seat 1 (0,1)
    expect(events[0]).toEqual({ type: 'cardPaid', seat: 0, card: 'rats-1', to: 1 });
    expect(done.players[1].hand).toEqual(['rats-1', 'sharks-1']);
    expect(done.discard).toEqual(['foxes-3', 'weasels-2']);
    expect(done.city['0,3'].tokens).toEqual([0]);
  });

  it('offers one path per distinct set of payees', () => {
    // Two shortest paths from (0,0) to (1,1): through (0,1), owned by seat 1, or through (1,0), nobody's.
    const state = scenario({
      city: { '0,0': ['hotel-1', [0]], '0,1': ['hotel-2', [1]], '1,0': 'hotel-3', '1,1': 'hotel-4' },
      hands: [['sharks-3', 'snakes-3', 'cash'], []],
    });
    expect(ofType(legal(state), 'takeOver').filter((m) => m.cell.join() === '1,1')).toEqual([
      { type: 'takeOver', cell: [1, 1], via: [[0, 1]] },
      { type: 'takeOver', cell: [1, 1], via: [[1, 0]] },
    ]);
  });

  it('has no connection cost next to your own property or while you control nothing', () => {
    const far = { '0,0': 'hotel-1', '0,1': 'hotel-2', '0,2': 'hotel-3' };
    const nothing = scenario({ city: far, hands: [['snakes-3', 'sharks-3'], []] });
    expect(ofType(legal(nothing), 'takeOver').every((m) => m.via.length === 0)).toBe(true);
    const adjacent = scenario({ city: { ...far, '0,0': ['hotel-1', [0]] }, hands: [['snakes-3', 'sharks-3'], []] });
    expect(ofType(legal(adjacent), 'takeOver').find((m) => m.cell.join() === '0,1')!.via).toEqual([]);
  });

  it('is not offered on a property you already control', () => {
    const state = scenario({ city: { '0,0': ['hotel-1', [0]] }, hands: [['snakes-3'], []] });
    expect(ofType(legal(state), 'takeOver')).toEqual([]);
  });
});

describe('Open Lot', () => {
  it('spends a briefcase to place an open-lot property on an edge, refills the lot, and offers a take-over without connection cost', () => {
    let state = scenario({
      city: { '0,0': ['hotel-1', [0]], '0,1': 'hotel-2', '0,2': 'hotel-3' },
      openLot: ['restaurant-1', 'factory-1', 'theater-1'],
      hands: [['rats-1'], []],
    });
    const placements = ofType(legal(state), 'openLot');
    expect(placements).toHaveLength(3 * 8); // three cards, eight empty edge cells
    state = play(state, 0, { type: 'openLot', property: 'restaurant-1', cell: [0, 3] }).state;
    expect(state.players[0].briefcases).toBe(2);
    expect(state.city['0,3'].card).toBe('restaurant-1');
    expect(state.openLot).toHaveLength(3);
    expect(legal(state)).toEqual([{ type: 'takeOver', cell: [0, 3], via: [] }, { type: 'skip' }]);
    state = play(state, 0, { type: 'takeOver', cell: [0, 3], via: [] }).state;
    state = play(state, 0, { type: 'pay', card: 'rats-1' }).state;
    expect(state.city['0,3'].tokens).toEqual([0]);
    expect(state.turn!.seat).toBe(1);
  });

  it('ends the turn at once when the new property cannot be paid for', () => {
    const state = scenario({ city: { '0,0': 'hotel-1' }, openLot: ['restaurant-1', 'factory-1', 'theater-1'], hands: [[], []] });
    const after = play(state, 0, { type: 'openLot', property: 'restaurant-1', cell: [1, 0] }).state;
    expect(after.turn!.seat).toBe(1);
  });

  it('is not offered without a briefcase', () => {
    const state = scenario({ city: { '0,0': 'hotel-1' }, hands: [[], []] });
    const broke = { ...state, players: state.players.map((p) => ({ ...p, briefcases: 0 })) };
    expect(ofType(legal(broke), 'openLot')).toEqual([]);
  });
});

describe('Swap Agenda', () => {
  it('returns one agenda to the stack and takes another; other seats do not learn which', () => {
    const state = scenario({
      city: { '0,0': 'hotel-1' },
      agendas: [
        ['most-types', 'highest-value'],
        ['most-hotel', 'most-theater'],
      ],
    });
    expect(ofType(legal(state), 'swapAgenda')).toHaveLength(2 * 6);
    const { state: after, events } = play(state, 0, { type: 'swapAgenda', give: 'most-types', take: 'most-hotel' });
    expect(after.players[0].agendas).toEqual(['highest-value', 'most-hotel']);
    expect(mobTown.redact(events[0], 1)).toEqual({ type: 'agendaSwapped', seat: 0, returned: null, chosen: null });
  });
});

describe('the arrow rule', () => {
  it("places each card along the last card's arrow, going further along when the cell is taken", () => {
    // restaurant-2 points right, restaurant-4 points left (back onto the first card), so hotel-1 goes past it.
    expect(layOutCity(['restaurant-2', 'restaurant-4', 'hotel-1', 'hotel-3'])).toEqual([
      { cell: '0,0', card: 'restaurant-2' },
      { cell: '0,1', card: 'restaurant-4' },
      { cell: '0,-1', card: 'hotel-1' },
      { cell: '-1,-1', card: 'hotel-3' }, // hotel-1 points up
    ]);
  });

  it('deals 10 cards plus one per player into a connected city and 3 into the open lot', () => {
    for (const seats of [2, 3, 4]) {
      const state = mobTown.initialState({ seats, options: {} });
      const [start] = mobTown.setup(state, seededRandom(`arrow-${seats}`));
      if (start.type !== 'roundStarted') throw new Error('expected the round to start');
      expect(start.city).toHaveLength(10 + seats);
      expect(start.openLot).toHaveLength(3);
      expect(start.lineup).toHaveLength(5);
      expect(start.hands!.every((h) => h!.length === 3)).toBe(true);
    }
  });
});

describe('refusals', () => {
  const state = scenario({ city: { '0,0': 'hotel-1' }, hands: [['rats-1'], []] });

  it('refuses a seat that is not to act', () => {
    expect(mobTown.decide(state, { type: 'draw' }, 1, seededRandom('x'))).toMatchObject({ ok: false, code: 'NOT_YOUR_TURN' });
  });

  it('refuses malformed and impossible moves with a readable message', () => {
    for (const move of [null, 'draw', { type: 'fly' }, { type: 'draw', extra: 1 }, { type: 'pay', card: 'rats-1' }]) {
      const decision = mobTown.decide(state, move, 0, seededRandom('x'));
      expect(decision).toMatchObject({ ok: false, code: 'ILLEGAL_MOVE' });
    }
    expect(mobTown.decide(state, { type: 'fly' }, 0, seededRandom('x'))).toMatchObject({ message: expect.stringContaining('You may: draw') });
  });
});

describe('taking steps back', () => {
  it('marks as reversible only choices that draw nothing and reveal no card', () => {
    const state = scenario({ city: { '0,0': 'hotel-1' }, hands: [['snakes-1'], []] });
    const decide = (s: typeof state, move: object) => mobTown.decide(s, move, 0, seededRandom('r'));
    expect(decide(state, { type: 'takeOver', cell: [0, 0], via: [] })).toMatchObject({ ok: true, reversible: true });
    expect(decide(state, { type: 'draw' })).toMatchObject({ ok: true, reversible: false });
    const paying = play(state, 0, { type: 'takeOver', cell: [0, 0], via: [] }).state;
    expect(decide(paying, { type: 'pay', card: 'snakes-1' })).toMatchObject({ ok: true, reversible: false });
  });
});
