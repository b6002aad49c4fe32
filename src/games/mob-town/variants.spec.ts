import { seededRandom } from '../../rules/random';
import type { Card } from './data/deck';
import { LANDMARKS } from './data/landmarks';
import { PROFESSIONALS } from './data/professionals';
import { mobTown } from './index';
import { scoreRound } from './scoring';
import type { State } from './state';
import { legal, ofType, play, scenario, type Scenario } from './test-support';

/** A professionals game with `id` face up (the rest in the deck). */
function withProfessional(id: string, spec: Scenario): State {
  const state = scenario({ ...spec, options: { professionals: true } });
  const others = PROFESSIONALS.map((p) => p.id).filter((p) => p !== id);
  return { ...state, professionals: { row: [id, ...others.slice(0, 2)], deck: others.slice(2), discard: [] } };
}

const hire = (state: State, professional: string) => play(state, 0, { type: 'hire', professional }).state;
const takeOverOf = (state: State, cell: string) => ofType(legal(state), 'takeOver').filter((m) => m.cell.join() === cell);
const costOf = (state: State, cell: [number, number], via: [number, number][] = []) =>
  (play(state, 0, { type: 'takeOver', cell, via }).state.turn!.step as { costLeft: number }).costLeft;

// (0,0) is seat 0's, (0,3) is two cards away.
const LINE = { '0,0': ['hotel-1', [0]], '0,1': 'hotel-2', '0,2': 'hotel-3', '0,3': 'hotel-4' } as Scenario['city'];
const RICH: Card[] = ['sharks-3', 'snakes-3', 'sharks-2', 'cash', 'rats-1'];

describe('Professionals', () => {
  it('hiring costs a briefcase, and the row is refilled to three', () => {
    const after = hire(withProfessional('accountant', { city: LINE, hands: [[], []] }), 'accountant');
    expect(after.players[0].briefcases).toBe(2);
    expect(after.professionals!.row).toHaveLength(3);
    expect(after.professionals!.discard).toEqual(['accountant']);
  });

  it('reshuffles the discarded professionals when the deck runs out', () => {
    const state = withProfessional('accountant', { city: LINE, hands: [[], []] });
    const empty = { ...state, professionals: { row: state.professionals!.row, deck: [], discard: ['bookie'] } };
    const { state: after, events } = play(empty, 0, { type: 'hire', professional: 'accountant' });
    expect(events.map((e) => e.type)).toContain('professionalsReshuffled');
    expect(after.professionals!.row).toHaveLength(3);
  });

  it('The Accountant draws 4 cards', () => {
    const after = hire(withProfessional('accountant', { city: LINE, hands: [[], []] }), 'accountant');
    expect(after.players[0].hand).toHaveLength(4);
    expect(after.turn!.seat).toBe(1);
  });

  it('The Smuggler takes 3 lineup cards without discarding cash', () => {
    const after = hire(withProfessional('smuggler', { city: LINE, hands: [[], []], lineup: ['rats-1', 'rats-2', 'rats-3', 'foxes-1', 'cash'] }), 'smuggler');
    expect(after.turn!.step).toEqual({ kind: 'pick', picksLeft: 3 });
  });

  it('The Broker trades twice, and either trade may be skipped', () => {
    let state = hire(
      withProfessional('broker', { city: LINE, hands: [['foxes-1', 'foxes-2'], []], lineup: ['rats-1', 'rats-2', 'sharks-3', 'cash', 'weasels-1'] }),
      'broker',
    );
    expect(state.turn!.step).toEqual({ kind: 'trade' });
    state = play(state, 0, { type: 'trade', give: 'foxes-1', take: 'rats' }).state;
    expect(state.turn!.step).toEqual({ kind: 'trade' });
    expect(legal(state)).toContainEqual({ type: 'skip' });
    state = play(state, 0, { type: 'skip' }).state;
    expect(state.turn!.seat).toBe(1);
  });

  it('The Fixer takes over ignoring connection cost', () => {
    const state = hire(withProfessional('fixer', { city: LINE, hands: [RICH, []] }), 'fixer');
    expect(takeOverOf(state, '0,3')).toEqual([{ type: 'takeOver', cell: [0, 3], via: [] }]);
  });

  it('The Enforcer takes over ignoring the tokens already there', () => {
    const city = { ...LINE, '0,1': ['hotel-2', [1, 1]] } as Scenario['city'];
    const state = hire(withProfessional('enforcer', { city, hands: [RICH, []] }), 'enforcer');
    expect(costOf(state, [0, 1])).toBe(2);
  });

  it('The Architect places an open-lot property without another briefcase, then offers a take-over', () => {
    let state = hire(withProfessional('architect', { city: LINE, hands: [RICH, []], openLot: ['hotel-2', 'factory-1', 'theater-1'] }), 'architect');
    expect(state.turn!.step).toEqual({ kind: 'openLot' });
    state = play(state, 0, { type: 'openLot', property: 'factory-1', cell: [1, 3] }).state;
    expect(state.players[0].briefcases).toBe(2);
    expect(state.turn!.step).toMatchObject({ kind: 'takeOver', onlyCell: '1,3', ignoreConnection: true });
  });

  it('The Hustler draws 2, then may take over', () => {
    const state = hire(withProfessional('hustler', { city: LINE, hands: [RICH, []] }), 'hustler');
    expect(state.players[0].hand).toHaveLength(RICH.length + 2);
    expect(state.turn!.step).toMatchObject({ kind: 'takeOver', ignoreConnection: false });
  });

  it('kept professionals stay for the round, then go to the discard pile', () => {
    const state = hire(withProfessional('bookie', { city: LINE, hands: [[], []], deck: [] }), 'bookie');
    expect(state.players[0].kept).toEqual(['bookie']);
    expect(scoreRound(state, 0)[0].bonus).toBe(4); // The Bookie: 4 points at round end
    const { state: next } = play({ ...state, turn: { ...state.turn!, seat: 1 } }, 1, { type: 'draw' });
    expect(next.round).toBe(2);
    expect(next.players[0].kept).toEqual([]);
    expect(next.professionals!.discard).toContain('bookie');
  });

  const kept = (id: string, spec: Scenario) => {
    const state = withProfessional(id, spec);
    return { ...state, players: state.players.map((p, seat) => (seat === 0 ? { ...p, kept: [id] } : p)) };
  };

  it('The Getaway Driver: no connection costs', () => {
    expect(takeOverOf(kept('getaway-driver', { city: LINE, hands: [RICH, []] }), '0,3')).toEqual([{ type: 'takeOver', cell: [0, 3], via: [] }]);
  });

  it('The Loan Shark: cash is worth 2', () => {
    let state = kept('loan-shark', { city: LINE, hands: [['cash'], []] });
    state = play(state, 0, { type: 'takeOver', cell: [0, 1], via: [] }).state;
    state = play(state, 0, { type: 'pay', card: 'cash' }).state;
    expect(state.city['0,1'].tokens).toEqual([0]);
  });

  it('The Bodyguard: others pay 2 more for your properties', () => {
    const state = kept('bodyguard', { city: LINE, hands: [[], RICH], seat: 1 });
    const move = ofType(legal(state, 1), 'takeOver').find((m) => m.cell.join() === '0,0')!;
    expect((play(state, 1, move).state.turn!.step as { costLeft: number }).costLeft).toBe(1 + 1 + 2);
  });

  it('The Lawyer: take-overs cost 1 less, never below 1', () => {
    const state = kept('lawyer', { city: LINE, hands: [RICH, []] });
    expect(costOf(state, [0, 1])).toBe(1);
    expect(costOf({ ...state, city: { ...state.city, '0,1': { card: 'hotel-1', tokens: [], shutDown: false } } }, [0, 1])).toBe(1);
  });
});

describe('City cards', () => {
  const withCityCard = (cityCard: string, spec: Scenario): State => ({ ...scenario({ ...spec, options: { cityCards: true } }), cityCard });

  it('one is drawn for each round and none repeats', () => {
    const state = mobTown.initialState({ seats: 2, options: { cityCards: true } });
    const [start] = mobTown.setup(state, seededRandom('city'));
    expect(start).toMatchObject({ type: 'roundStarted', cityCard: expect.any(String) });
  });

  it('Boom Town: Draw draws 3', () => {
    const after = play(withCityCard('boom-town', { city: LINE, hands: [[], []] }), 0, { type: 'draw' }).state;
    expect(after.players[0].hand).toHaveLength(3);
  });

  it('Open Streets: no connection costs', () => {
    expect(takeOverOf(withCityCard('open-streets', { city: LINE, hands: [RICH, []] }), '0,3')).toEqual([{ type: 'takeOver', cell: [0, 3], via: [] }]);
  });

  it('Rising Rents: take-overs cost 1 more', () => {
    expect(costOf(withCityCard('rising-rents', { city: LINE, hands: [RICH, []] }), [0, 1])).toBe(3);
  });

  it('Easy Money: cash is worth 2', () => {
    let state = withCityCard('easy-money', { city: LINE, hands: [['cash'], []] });
    state = play(state, 0, { type: 'takeOver', cell: [0, 1], via: [] }).state;
    expect(play(state, 0, { type: 'pay', card: 'cash' }).state.city['0,1'].tokens).toEqual([0]);
  });

  it('Market Day: the lineup holds 7 cards', () => {
    const state = withCityCard('market-day', { city: LINE, hands: [['rats-1'], []], lineup: ['foxes-1', 'foxes-2'] });
    expect(play(state, 0, { type: 'trade', give: 'rats-1', take: 'foxes' }).state.lineup).toHaveLength(7);
  });

  it('Big Ambitions: each agenda scores 5', () => {
    const state = withCityCard('big-ambitions', { city: LINE, agendas: [['most-hotel', 'largest-group'], []] });
    expect(scoreRound(state, 0)[0].agendaPoints).toBe(10);
  });
});

describe('Landmarks', () => {
  const landmarkGame = (spec: Scenario) => scenario({ ...spec, options: { landmarks: true } });

  it('two landmarks replace two property cards in each city', () => {
    const state = mobTown.initialState({ seats: 3, options: { landmarks: true } });
    const [start] = mobTown.setup(state, seededRandom('landmarks'));
    if (start.type !== 'roundStarted') throw new Error('expected the round to start');
    expect(start.city).toHaveLength(13);
    expect(start.city.filter((c) => LANDMARKS.some((l) => l.id === c.card))).toHaveLength(2);
  });

  it('are taken over with any suit unless suits are pictured', () => {
    const anySuit = landmarkGame({ city: { '0,0': 'central-station' }, hands: [['weasels-3'], []] });
    expect(takeOverOf(anySuit, '0,0')).toHaveLength(1);
    const pictured = landmarkGame({ city: { '0,0': 'grand-casino', '0,1': 'hotel-1' }, hands: [['weasels-3', 'rats-3'], []] });
    expect(takeOverOf(pictured, '0,0')).toHaveLength(0);
  });

  it('Central Station: its controller may draw 1 card once per turn before the action', () => {
    let state = landmarkGame({ city: { '0,0': ['central-station', [0]] }, hands: [[], []] });
    expect(legal(state)).toContainEqual({ type: 'freeDraw', cell: [0, 0] });
    state = play(state, 0, { type: 'freeDraw', cell: [0, 0] }).state;
    expect(state.players[0].hand).toHaveLength(1);
    expect(state.turn!.seat).toBe(0);
    expect(ofType(legal(state), 'freeDraw')).toEqual([]);
  });

  it('City Hall: its controller pays no connection costs', () => {
    const state = landmarkGame({ city: { ...LINE, '0,0': ['city-hall', [0]] }, hands: [RICH, []] });
    expect(takeOverOf(state, '0,3')).toEqual([{ type: 'takeOver', cell: [0, 3], via: [] }]);
  });

  it("Courthouse: others pay 1 more for its controller's properties", () => {
    const state = landmarkGame({ city: { '0,0': ['courthouse', [0]], '0,1': ['hotel-1', [0]] }, hands: [[], RICH], seat: 1 });
    const move = ofType(legal(state, 1), 'takeOver').find((m) => m.cell.join() === '0,1')!;
    expect((play(state, 1, move).state.turn!.step as { costLeft: number }).costLeft).toBe(1 + 1 + 1);
  });

  it("Union Hall: its controller's take-overs cost 1 less", () => {
    expect(costOf(landmarkGame({ city: { ...LINE, '0,0': ['union-hall', [0]] }, hands: [RICH, []] }), [0, 1])).toBe(1);
  });

  it('Grand Casino: 4 extra points at round end', () => {
    const state = landmarkGame({ city: { '0,0': ['grand-casino', [0]] }, agendas: [[], []] });
    expect(scoreRound(state, 0)[0]).toMatchObject({ properties: 4, bonus: 4, total: 8 });
  });

  it('Skyline Tower: 1 extra point per property in the largest connected group', () => {
    const state = landmarkGame({ city: { '0,0': ['skyline-tower', [0]], '0,1': ['hotel-1', [0]], '0,3': ['hotel-2', [0]] }, agendas: [[], []] });
    expect(scoreRound(state, 0)[0].bonus).toBe(2);
  });
});
