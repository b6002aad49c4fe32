import { fiveTribes } from './index';
import type { Move } from './moves';
import type { State } from './state';
import { newGame, oneStepMove, play, withBoard, withPlayer } from './test-support';

/** Plays the active seat's turn to its end with the first listed moves, preferring to end the turn. */
function finishTurn(state: State): State {
  const seat = fiveTribes.status(state).activeSeats[0];
  let current = state;
  while (!current.scores && current.turn?.seat === seat) {
    const moves = fiveTribes.legalMoves(current, seat);
    const endTurn = moves.find((m) => m.type === 'endTurn');
    current = play(current, seat, endTurn ?? moves[0]).state;
    if (endTurn) break;
  }
  return current;
}

const bid = (spot: number): Move => ({ type: 'bid', spot, fakirs: 0 });

/** A 3-player game on a constructed board, seats bidding in order 0, 1, 2. */
function gameWith(layout: Parameters<typeof withBoard>[1], extra: Partial<State> = {}): State {
  return { ...withBoard(newGame(3), layout), bidTrack: [0, 1, 2], ...extra };
}

describe('end of the game', () => {
  it('ends after the round in which a player places the last camel, everyone still playing', () => {
    let state = gameWith([
      { at: [0, 0], meeples: ['yellow'] },
      { at: [0, 1], meeples: ['yellow'] },
      { at: [3, 3], meeples: ['white', 'white'] },
      { at: [3, 4], meeples: ['white', 'blue'] },
    ]);
    state = withPlayer(state, 0, { camels: 1 });
    state = play(state, 0, bid(0)).state;
    state = play(state, 1, bid(1)).state;
    state = play(state, 2, bid(2)).state;
    state = oneStepMove(state, [0, 0], [0, 1], 'yellow').state;
    expect(state.endTrigger).toBe('lastCamel');
    state = finishTurn(state);
    expect(fiveTribes.status(state)).toMatchObject({ finished: false, activeSeats: [1] });
    state = finishTurn(state);
    expect(fiveTribes.status(state)).toMatchObject({ finished: false, activeSeats: [2] });
    state = finishTurn(state);
    const status = fiveTribes.status(state);
    expect(status.finished).toBe(true);
    expect(status.activeSeats).toEqual([]);
    expect(status.scores).toHaveLength(3);
    expect(status.winners!.length).toBeGreaterThan(0);
    expect(fiveTribes.legalMoves(state, 0)).toEqual([]);
    expect(fiveTribes.decide(state, { type: 'endTurn' }, 0, null as never)).toMatchObject({ ok: false, code: 'NOT_YOUR_TURN' });
  });

  it('ends when no meeple can move: players may only invoke Djinns or sell, and all tie', () => {
    let state = gameWith([{ at: [4, 5], meeples: ['blue'] }]);
    for (const seat of [0, 1, 2]) state = play(state, seat, bid(6)).state;
    expect(state.endTrigger).toBe('noMoves');
    expect(fiveTribes.legalMoves(state, 2)).toEqual([{ type: 'endTurn' }]);
    for (const seat of [2, 1, 0]) state = play(state, seat, { type: 'endTurn' }).state;
    const status = fiveTribes.status(state);
    expect(status.finished).toBe(true);
    expect(status.scores).toEqual([50, 50, 50]);
    expect(status.winners).toEqual([0, 1, 2]);
  });

  it('refills the rows and starts a new bidding round when the game goes on', () => {
    let state = gameWith(
      [
        { at: [0, 0], meeples: ['green'] },
        { at: [0, 1], meeples: ['green', 'green'] },
        { at: [2, 0], meeples: ['white'] },
        { at: [2, 1], meeples: ['white', 'white'] },
        { at: [4, 0], meeples: ['yellow'] },
        { at: [4, 1], meeples: ['yellow'] },
        { at: [4, 4], meeples: ['yellow'] },
        { at: [4, 5], meeples: ['yellow'] },
      ],
      { djinnRow: ['jafaar'] },
    );
    for (const seat of [0, 1, 2]) state = play(state, seat, bid(seat)).state;
    state = oneStepMove(state, [0, 0], [0, 1], 'green').state;
    expect(state.resourceRow).toHaveLength(6);
    state = finishTurn(finishTurn(finishTurn(state)));
    expect(state.phase).toBe('bidding');
    expect(state.round).toBe(2);
    expect(state.resourceRow).toHaveLength(9);
    expect(state.djinnRow).toHaveLength(3);
    expect(state.bidTrack).toEqual([0, 1, 2]);
  });

  it('reshuffles discarded Djinns when the pile runs out at clean-up', () => {
    let state = gameWith(
      [
        { at: [0, 0], meeples: ['white'] },
        { at: [0, 1], meeples: ['white'] },
        { at: [2, 0], meeples: ['white'] },
        { at: [2, 1], meeples: ['white'] },
        { at: [4, 0], meeples: ['white'] },
        { at: [4, 1], meeples: ['white'] },
        { at: [4, 4], meeples: ['white'] },
        { at: [4, 5], meeples: ['white'] },
      ],
      { djinnRow: ['jafaar'], djinnDeck: ['enki'], djinnDiscard: ['leta', 'utug'] },
    );
    for (const seat of [0, 1, 2]) state = play(state, seat, bid(seat)).state;
    state = finishTurn(finishTurn(finishTurn(state)));
    expect(state.round).toBe(2);
    expect(state.djinnRow).toHaveLength(3);
    // Remaining cards first, then the last of the pile, then one from the reshuffled discards.
    expect(state.djinnRow.slice(0, 2)).toEqual(['jafaar', 'enki']);
    expect(['leta', 'utug']).toContain(state.djinnRow[2]);
    expect(state.djinnDeck.length + state.djinnDiscard.length).toBe(1);
  });
});
