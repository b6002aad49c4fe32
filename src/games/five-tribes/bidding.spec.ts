import { fiveTribes } from './index';
import type { State } from './state';
import { cards, newGame, play, withPlayer } from './test-support';

const bid = (spot: number, fakirs = 0) => ({ type: 'bid' as const, spot, fakirs });

function fourPlayersInOrder(): State {
  return { ...newGame(4), bidTrack: [0, 1, 2, 3] };
}

function spotsOffered(state: State, seat: number): number[] {
  return fiveTribes.legalMoves(state, seat).map((m) => (m as { spot: number }).spot);
}

describe('bidding for turn order', () => {
  it('lets the first marker on the bid track bid first and pay the spot cost', () => {
    const state = fourPlayersInOrder();
    expect(fiveTribes.status(state).activeSeats).toEqual([0]);
    const refused = fiveTribes.decide(state, bid(0), 1, { int: () => 0, shuffle: (a) => [...a], pick: (a) => a[0] });
    expect(refused).toMatchObject({ ok: false, code: 'NOT_YOUR_TURN' });
    const after = play(state, 0, bid(0)).state;
    expect(after.players[0].gold).toBe(50 - 18);
    expect(after.turnTrack[0]).toBe(0);
    expect(fiveTribes.status(after).activeSeats).toEqual([1]);
  });

  it('offers every free spot costing at most the gold held, and never a taken one', () => {
    let state = withPlayer(fourPlayersInOrder(), 1, { gold: 4 });
    state = play(state, 0, bid(3)).state;
    expect(spotsOffered(state, 1)).toEqual([4, 5, 6]);
    expect(fiveTribes.decide(state, bid(3), 1, null as never)).toMatchObject({ ok: false, code: 'ILLEGAL_MOVE' });
  });

  it('pushes earlier zero bids down the aisle; with three zeros the last bidder must pay', () => {
    let state = fourPlayersInOrder();
    state = play(state, 0, bid(6)).state;
    state = play(state, 1, bid(6)).state;
    expect(state.turnTrack.slice(6)).toEqual([1, 0, null]);
    state = play(state, 2, bid(6)).state;
    expect(state.turnTrack.slice(6)).toEqual([2, 1, 0]);
    expect(spotsOffered(state, 3)).toEqual([0, 1, 2, 3, 4, 5]);
    state = play(state, 3, bid(5)).state;
    // The one who paid plays first; along the aisle the last zero bidder plays first.
    expect(state.turn?.seat).toBe(3);
    expect(state.bidTrack).toEqual([3]);
    expect(state.players.map((p) => p.gold)).toEqual([50, 50, 50, 49]);
  });

  it('makes a broke last bidder take the cheapest free spot for what they have', () => {
    let state = withPlayer(fourPlayersInOrder(), 3, { gold: 0 });
    for (const seat of [0, 1, 2]) state = play(state, seat, bid(6)).state;
    expect(fiveTribes.legalMoves(state, 3)).toEqual([bid(5)]);
    state = play(state, 3, bid(5)).state;
    expect(state.players[3].gold).toBe(0);
  });

  it('Kumarbi: each Fakir discarded makes the bid one spot cheaper, once per round', () => {
    let state = withPlayer(fourPlayersInOrder(), 0, { djinns: ['kumarbi'], cards: cards({ fakir: 2 }) });
    expect(fiveTribes.legalMoves(state, 0)).toContainEqual(bid(0, 2));
    state = play(state, 0, bid(0, 2)).state;
    expect(state.players[0].gold).toBe(50 - 8);
    expect(state.players[0].cards.fakir).toBe(0);
    expect(state.players[0].djinnsUsed).toEqual(['kumarbi']);
    expect(state.turnTrack[0]).toBe(0);
  });

  it('Kumarbi is not offered without Fakirs or once used this round', () => {
    const state = withPlayer(fourPlayersInOrder(), 0, {
      djinns: ['kumarbi'],
      cards: cards({ fakir: 2 }),
      djinnsUsed: ['kumarbi'],
    });
    expect(fiveTribes.legalMoves(state, 0).every((m) => (m as { fakirs: number }).fakirs === 0)).toBe(true);
  });

  it('with 2 players each seat places two markers', () => {
    let state: State = { ...newGame(2), bidTrack: [0, 1, 2, 3] };
    const seats: number[] = [];
    for (const spot of [0, 1, 2, 3]) {
      const seat = fiveTribes.status(state).activeSeats[0];
      seats.push(seat);
      state = play(state, seat, bid(spot)).state;
    }
    expect(seats).toEqual([0, 1, 0, 1]);
    expect(state.players.map((p) => p.gold)).toEqual([50 - 18 - 8, 50 - 12 - 5]);
  });

  it('sets next round bid order by the order turns were played', () => {
    let state = fourPlayersInOrder();
    state = play(state, 0, bid(6)).state;
    state = play(state, 1, bid(0)).state;
    state = play(state, 2, bid(2)).state;
    state = play(state, 3, bid(6)).state;
    // Play order: 1 (18), 2 (8), 3 (last zero), 0 (first zero).
    expect(state.turn?.seat).toBe(1);
    expect(state.bidTrack).toEqual([1]);
    expect(state.turnTrack.filter((m) => m !== null)).toEqual([2, 3, 0]);
  });
});
