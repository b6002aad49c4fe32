/** The placement phase: placing, bidding, passing, the passing table and the last turn. */
import { seededRandom } from '../../rules/random';
import { decide } from './decide';
import { fivePoints } from './index';
import type { State } from './state';
import { city, eventsOfType, play, playAll, withMarkers, withPassOrder, withPlayer, withStage } from './test-support/scenario';

const MARKERS = ['votes-1-a', 'votes-2-a', 'control-marker-a', 'special-election-a'];

function board(seats = 3): State {
  return withMarkers(
    city(seats, [
      ['blue-1', 'green-1'],
      ['red-1', 'orange-1'],
    ]),
    MARKERS,
  );
}

describe('placing rabble', () => {
  it('places one rabble from the HQ on any neighborhood, as a step that can be taken back', () => {
    const placed = play(board(), 0, { type: 'place', neighborhood: 'red-1' });
    expect(placed.state.neighborhoods['red-1'].rabble).toEqual([1, 0, 0]);
    expect(placed.state.players[0].hq).toBe(8);
    expect(placed.reversible).toBe(true);
  });

  it('offers only a pass to a player with an empty HQ', () => {
    const empty = withPlayer(board(), 0, { hq: 0 });
    expect(fivePoints.legalMoves(empty, 0)).toEqual([{ type: 'pass' }]);
  });

  it('allows no bid before placing', () => {
    const refused = decide(board(), { type: 'bid', marker: 0, amount: 1 }, 0, seededRandom('x'));
    expect(refused).toMatchObject({ ok: false, code: 'ILLEGAL_MOVE' });
  });

  it('ends the turn without a bid when the player skips it', () => {
    const done = playAll(board(), 0, [{ type: 'place', neighborhood: 'red-1' }, { type: 'skipBid' }]);
    expect(done.state.stage).toMatchObject({ phase: 'placement', seat: 1, placed: false });
  });
});

describe('bidding on a marker', () => {
  const placed = (state: State, seat: number) => play(state, seat, { type: 'place', neighborhood: 'blue-1' }).state;

  it('moves the bid from the HQ to the marker and passes the turn, not reversible', () => {
    const bid = play(placed(board(), 0), 0, { type: 'bid', marker: 2, amount: 3 });
    expect(bid.state.markerRow[2].bids).toEqual([3, 0, 0]);
    expect(bid.state.players[0].hq).toBe(5);
    expect(bid.reversible).toBe(false);
    expect(bid.state.stage).toMatchObject({ seat: 1 });
  });

  it('must be strictly more than anyone else at that marker', () => {
    const rivalBid = withMarkers(board(), MARKERS, [
      [0, 0, 0],
      [0, 0, 0],
      [3, 0, 0],
      [0, 0, 0],
    ]);
    const state = placed(withStage(rivalBid, { phase: 'placement', seat: 1, placed: false, finalTurn: false }), 1);
    const amounts = fivePoints.legalMoves(state, 1).flatMap((m) => (m.type === 'bid' && m.marker === 2 ? [m.amount] : []));
    expect(Math.min(...amounts)).toBe(4);
    expect(decide(state, { type: 'bid', marker: 2, amount: 3 }, 1, seededRandom('x')).ok).toBe(false);
  });

  it('adds to the player’s earlier bid to retake the lead', () => {
    const outbid = withMarkers(board(), MARKERS, [
      [2, 5, 0],
      [0, 0, 0],
      [0, 0, 0],
      [0, 0, 0],
    ]);
    const state = placed(outbid, 0);
    const amounts = fivePoints.legalMoves(state, 0).flatMap((m) => (m.type === 'bid' && m.marker === 0 ? [m.amount] : []));
    expect(Math.min(...amounts)).toBe(4);
    expect(play(state, 0, { type: 'bid', marker: 0, amount: 4 }).state.markerRow[0].bids).toEqual([6, 5, 0]);
  });

  it('never offers more rabble than the HQ holds', () => {
    const state = placed(withPlayer(board(), 0, { hq: 3 }), 0);
    const amounts = fivePoints.legalMoves(state, 0).flatMap((m) => (m.type === 'bid' ? [m.amount] : []));
    expect(Math.max(...amounts)).toBe(2);
  });
});

describe('turn order and passing', () => {
  it('skips players who have passed', () => {
    const state = withPassOrder(board(4), [1]);
    const done = playAll(state, 0, [{ type: 'place', neighborhood: 'red-1' }, { type: 'skipBid' }]);
    expect(done.state.stage).toMatchObject({ seat: 2 });
  });

  it('refuses a move from a seat whose turn it is not', () => {
    expect(decide(board(), { type: 'pass' }, 2, seededRandom('x'))).toMatchObject({ ok: false, code: 'NOT_YOUR_TURN' });
  });

  it('gives the last player one more turn, then passes for them', () => {
    const afterPass = play(withPassOrder(board(3), [1]), 0, { type: 'pass' }).state;
    expect(afterPass.stage).toMatchObject({ phase: 'placement', seat: 2, finalTurn: true });
    const lastTurn = playAll(afterPass, 2, [
      { type: 'place', neighborhood: 'green-1' },
      { type: 'bid', marker: 0, amount: 1 },
    ]);
    expect(eventsOfType(lastTurn.events, 'passed')).toEqual([{ type: 'passed', seat: 2 }]);
    expect(eventsOfType(lastTurn.events, 'bidsSettled')[0].winners).toEqual([2, null, null, null]);
  });

  it.each([
    [3, [6, 4, 2]],
    [4, [6, 5, 4, 2]],
    [5, [7, 6, 5, 4, 2]],
  ])('with %i players retrieves %j rabble by passing position', (seats, table) => {
    // Seats pass in reverse order, so passing position p belongs to seat seats-1-p.
    const order = Array.from({ length: seats }, (_, i) => seats - 1 - i);
    let state = withPassOrder(board(seats), order.slice(0, -1));
    state = withStage(state, { phase: 'placement', seat: 0, placed: false, finalTurn: true });
    state = { ...state, players: state.players.map((p) => ({ ...p, hq: 0, boroughRabble: 20 })) };
    const { events } = play(state, 0, { type: 'pass' });
    const [rewards] = eventsOfType(events, 'passRewardsTaken');
    order.forEach((seat, position) => expect(rewards.retrieved[seat]).toBe(table[position]));
  });

  it('never retrieves more rabble than the boroughs hold', () => {
    let state = withPassOrder(board(3), [2, 1]);
    state = withStage(state, { phase: 'placement', seat: 0, placed: false, finalTurn: true });
    state = withPlayer(state, 2, { boroughRabble: 3 });
    const [rewards] = eventsOfType(play(state, 0, { type: 'pass' }).events, 'passRewardsTaken');
    expect(rewards.retrieved).toEqual([2, 4, 3]);
  });
});
