import { seededRandom } from '../../rules/random';
import { drawCards } from './draw';
import { agendaAchieved } from './scoring';
import { contextFor } from './context';
import { AGENDAS } from './data/agendas';
import type { MobTownEvent } from './events';
import { mobTown } from './index';
import type { State } from './state';
import { play, scenario } from './test-support';

const goal = (id: string) => AGENDAS.find((a) => a.id === id)!.goal;
const find = <T extends MobTownEvent['type']>(events: MobTownEvent[], type: T) => events.find((e) => e.type === type) as Extract<MobTownEvent, { type: T }>;

describe('the Law drawn mid-turn', () => {
  // Only the Law is left in the deck, so refilling the lineup after a Cash in draws it.
  const state = scenario({
    city: { '0,0': ['restaurant-2', [0]], '0,1': 'hotel-1' },
    hands: [[], ['cash']],
    lineup: ['rats-1', 'rats-2', 'foxes-1', 'foxes-2', 'sharks-3'],
    deck: [],
    agendas: [
      ['most-restaurant', 'most-hotel'],
      ['most-types', 'largest-group'],
    ],
    seat: 1,
  });

  function cashInUntilTheLaw(): MobTownEvent[] {
    let s: State = play(state, 1, { type: 'cashIn' }).state;
    s = play(s, 1, { type: 'pick', card: 'rats-1' }).state;
    return play(s, 1, { type: 'pick', card: 'rats-2' }).events;
  }

  it('ends the round at once and scores every seat, starting with the player who drew it', () => {
    const events = cashInUntilTheLaw();
    expect(events.map((e) => e.type).slice(0, 3)).toEqual(['lineupCardTaken', 'lawDrawn', 'roundScored']);
    const scored = find(events, 'roundScored');
    expect(scored.drawer).toBe(1);
    expect(scored.results.map((r) => r.seat)).toEqual([1, 0]);
    expect(scored.results[1]).toEqual({
      seat: 0,
      properties: 2,
      agendas: [
        { agenda: 'most-restaurant', achieved: true },
        { agenda: 'most-hotel', achieved: false },
      ],
      agendaPoints: 3,
      bonus: 0,
      total: 5,
    });
  });

  it('deals the next round, started by the player in last place', () => {
    const events = cashInUntilTheLaw();
    const next = find(events, 'roundStarted');
    expect(next.round).toBe(2);
    expect(next.firstSeat).toBe(1);
    expect(next.tiedForLast).toEqual([]);
    const after = events.reduce(mobTown.evolve, state);
    expect(after.phase).toBe('agendas');
    expect(after.players.map((p) => p.score)).toEqual([5, 0]);
    expect(after.players.map((p) => p.tokens)).toEqual([12, 12]);
    expect(after.players.every((p) => p.hand.length === 3 && p.agendas.length === 0)).toBe(true);
    expect(mobTown.status(after).activeSeats).toEqual([0, 1]);
  });

  it('draws at random among players tied for last place, and records the draw', () => {
    const tied = { ...state, city: { '0,0': { card: 'hotel-1', tokens: [], shutDown: false } } };
    let s: State = play(tied, 1, { type: 'cashIn' }).state;
    s = play(s, 1, { type: 'pick', card: 'rats-1' }).state;
    const next = find(play(s, 1, { type: 'pick', card: 'rats-2' }).events, 'roundStarted');
    expect(next.tiedForLast).toEqual([0, 1]);
    expect([0, 1]).toContain(next.firstSeat);
  });

  it('starts the first turn of the next round once everyone has chosen two agendas', () => {
    let s = cashInUntilTheLaw().reduce(mobTown.evolve, state);
    for (const seat of [0, 1]) {
      s = play(s, seat, { type: 'chooseAgenda', agenda: 'most-hotel' }).state;
      s = play(s, seat, { type: 'chooseAgenda', agenda: 'most-theater' }).state;
    }
    expect(s.phase).toBe('play');
    expect(s.turn!.seat).toBe(1);
  });
});

describe('the Law', () => {
  it('lies uniformly among the bottom 11 cards of the deck', () => {
    const deck = [
      'rats-1',
      'rats-2',
      'rats-3',
      'foxes-1',
      'foxes-2',
      'foxes-3',
      'sharks-1',
      'sharks-2',
      'sharks-3',
      'snakes-1',
      'snakes-2',
      'snakes-3',
      'weasels-1',
      'weasels-2',
      'weasels-3',
    ] as const;
    const state = scenario({ city: { '0,0': 'hotel-1' }, hands: [[], []], deck: [...deck] });
    const drawnBeforeLaw = Array<number>(deck.length + 1).fill(0);
    for (let i = 0; i < 2200; i++) {
      const ctx = contextFor(state, seededRandom(`law-${i}`));
      while (ctx.log.state.lawInDeck) drawCards(ctx, 0, 1);
      drawnBeforeLaw[ctx.log.state.players[0].hand.length]++;
    }
    // 16 cards with the Law: it is never among the top 5, and each of the other 11 places gets about 200.
    expect(drawnBeforeLaw.slice(0, 5)).toEqual([0, 0, 0, 0, 0]);
    for (const count of drawnBeforeLaw.slice(5)) expect(Math.abs(count - 200)).toBeLessThan(60);
  });
});

describe('the end of the game', () => {
  it('adds 2 points per unspent briefcase after round 3 and shares victory on a tie', () => {
    const base = scenario({ city: { '0,0': 'hotel-1' }, hands: [[], []], deck: [], agendas: [[], []] });
    const state: State = {
      ...base,
      round: 3,
      players: base.players.map((p, seat) => ({ ...p, score: [10, 12][seat], briefcases: [1, 0][seat] })),
    };
    const { state: after, events } = play(state, 0, { type: 'draw' });
    expect(find(events, 'gameEnded')).toEqual({ type: 'gameEnded', result: { winners: [0, 1] }, briefcasePoints: [2, 0], scores: [12, 12] });
    expect(mobTown.status(after)).toMatchObject({ finished: true, scores: [12, 12], winners: [0, 1], activeSeats: [] });
  });
});

describe('agendas', () => {
  it('score for strictly the most', () => {
    const state = scenario({ city: { '0,0': ['hotel-1', [0]], '0,1': ['hotel-2', [0]], '0,2': ['hotel-3', [1]] } });
    expect(agendaAchieved(state, 0, goal('most-hotel'))).toBe(true);
    expect(agendaAchieved(state, 1, goal('most-hotel'))).toBe(false);
  });

  it('break a tie on count by the face value of the relevant properties', () => {
    const state = scenario({
      city: { '0,0': ['hotel-1', [0]], '0,1': ['hotel-4', [0]], '1,0': ['hotel-2', [1]], '1,1': ['hotel-3', [1]], '2,0': ['theater-4', [1]] },
    });
    // Two hotels each, 5 against 5: nobody. Different types: 1 against 2.
    expect(agendaAchieved(state, 0, goal('most-hotel'))).toBe(false);
    expect(agendaAchieved(state, 1, goal('most-hotel'))).toBe(false);
    expect(agendaAchieved(state, 1, goal('most-types'))).toBe(true);
    const richer = scenario({
      city: { '0,0': ['hotel-3', [0]], '0,1': ['hotel-4', [0]], '1,0': ['hotel-1', [1]], '1,1': ['hotel-2', [1]] },
    });
    expect(agendaAchieved(richer, 0, goal('most-hotel'))).toBe(true);
    expect(agendaAchieved(richer, 1, goal('most-hotel'))).toBe(false);
  });

  it('measure connected groups and total value', () => {
    // Seat 0: a group of 2 (0,0 and 0,1) worth 3; seat 1: two single cards worth 7.
    const state = scenario({
      city: { '0,0': ['hotel-1', [0]], '0,1': ['hotel-2', [0]], '0,2': ['theater-3', [1]], '0,3': 'factory-1', '0,4': ['theater-4', [1]] },
    });
    expect(agendaAchieved(state, 0, goal('largest-group'))).toBe(true);
    expect(agendaAchieved(state, 1, goal('highest-value'))).toBe(true);
    expect(agendaAchieved(state, 0, goal('highest-value'))).toBe(false);
  });

  it('never score for nobody owning anything', () => {
    const state = scenario({ city: { '0,0': 'hotel-1' } });
    expect(agendaAchieved(state, 0, goal('most-factory'))).toBe(false);
  });
});
