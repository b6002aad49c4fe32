import { fiveTribes } from './index';
import { toIndex } from './grid';
import { cards, oneStepMove, play, turnStart, withPlayer } from './test-support';

describe('tile control check', () => {
  it('takes the tile with a camel when collecting empties it', () => {
    const start = turnStart([
      { at: [0, 0], meeples: ['yellow'] },
      { at: [0, 1], meeples: ['yellow'] },
    ]);
    const { state } = oneStepMove(start, [0, 0], [0, 1], 'yellow');
    expect(state.board[toIndex([0, 1])].camel).toBe(0);
    expect(state.players[0].camels).toBe(7);
  });

  it('does not take the tile while other colours remain', () => {
    const start = turnStart([
      { at: [0, 0], meeples: ['yellow'] },
      { at: [0, 1], meeples: ['yellow', 'blue'] },
    ]);
    const { state } = oneStepMove(start, [0, 0], [0, 1], 'yellow');
    expect(state.board[toIndex([0, 1])].camel).toBeNull();
  });

  it("never changes a tile's owner", () => {
    const start = turnStart([
      { at: [0, 0], meeples: ['yellow'] },
      { at: [0, 1], meeples: ['yellow'], camel: 2 },
    ]);
    const { state } = oneStepMove(start, [0, 0], [0, 1], 'yellow');
    expect(state.board[toIndex([0, 1])].camel).toBe(2);
    expect(state.players[0].camels).toBe(8);
  });
});

describe('tribe actions', () => {
  it('Viziers and Elders are kept in front of the player', () => {
    const start = turnStart([
      { at: [0, 0], meeples: ['white'] },
      { at: [0, 1], meeples: ['white', 'white', 'yellow'] },
    ]);
    const { state } = oneStepMove(start, [0, 0], [0, 1], 'white');
    expect(state.players[0].elders).toBe(3);
    expect(state.players[0].viziers).toBe(0);
  });

  it('Merchants go back to the bag and take that many cards from the front of the row', () => {
    const start = turnStart([
      { at: [0, 0], meeples: ['green'] },
      { at: [0, 1], meeples: ['green', 'red'] },
    ]);
    const row = start.resourceRow;
    const { state } = oneStepMove(start, [0, 0], [0, 1], 'green');
    expect(state.resourceRow).toEqual(row.slice(2));
    expect(state.players[0].cards[row[0]]).toBeGreaterThanOrEqual(1);
    expect(state.bag.green).toBe(start.bag.green + 2);
  });

  describe('Builders', () => {
    const layout = [
      { at: [2, 1] as [number, number], meeples: ['blue' as const] },
      { at: [2, 2] as [number, number], kind: 'oasis' as const, meeples: ['blue' as const, 'red' as const] },
      { at: [1, 1] as [number, number], kind: 'sacredPlace' as const },
      { at: [3, 3] as [number, number], kind: 'village' as const },
      { at: [0, 2] as [number, number], kind: 'village' as const }, // outside the 3 x 3 block
    ];

    it('earn blue-valued tiles around the final tile x Builders', () => {
      const { state } = oneStepMove(turnStart(layout), [2, 1], [2, 2], 'blue');
      expect(state.players[0].gold).toBe(50 + 2 * 2);
      expect(state.bag.blue).toBe(2);
    });

    it('count Fakirs discarded as extra Builders', () => {
      const start = withPlayer(turnStart(layout), 0, { cards: cards({ fakir: 2 }) });
      const moved = oneStepMove(start, [2, 1], [2, 2], 'blue').state;
      expect(fiveTribes.legalMoves(moved, 0)).toEqual([
        { type: 'builders', fakirs: 0 },
        { type: 'builders', fakirs: 1 },
        { type: 'builders', fakirs: 2 },
      ]);
      const { state } = play(moved, 0, { type: 'builders', fakirs: 2 });
      expect(state.players[0].gold).toBe(50 + 2 * 4);
      expect(state.players[0].cards.fakir).toBe(0);
    });
  });

  describe('Assassins', () => {
    const layout = [
      { at: [0, 0] as [number, number], meeples: ['red' as const] },
      { at: [0, 1] as [number, number], kind: 'oasis' as const, meeples: ['red' as const] },
      { at: [0, 3] as [number, number], kind: 'village' as const, meeples: ['blue' as const] },
      { at: [0, 5] as [number, number], meeples: ['green' as const, 'white' as const] },
    ];

    it('kill within range, further with Fakirs, or a Vizier/Elder in front of an opponent', () => {
      let start = withPlayer(turnStart(layout), 0, { cards: cards({ fakir: 2 }) });
      start = withPlayer(start, 1, { viziers: 1 });
      start = withPlayer(start, 2, { elders: 2, djinns: ['boaz'] });
      const { state } = oneStepMove(start, [0, 0], [0, 1], 'red');
      expect(fiveTribes.legalMoves(state, 0)).toEqual([
        { type: 'kill', tile: [0, 3], color: 'blue', fakirs: 0 },
        { type: 'kill', tile: [0, 5], color: 'white', fakirs: 2 },
        { type: 'kill', tile: [0, 5], color: 'green', fakirs: 2 },
        { type: 'kill', seat: 1, color: 'yellow', fakirs: 0 },
      ]);
      const killed = play(state, 0, { type: 'kill', seat: 1, color: 'yellow', fakirs: 0 }).state;
      expect(killed.players[1].viziers).toBe(0);
      expect(killed.bag.yellow).toBe(start.bag.yellow + 1);
    });

    it('may skip only when every victim needs Fakirs to reach', () => {
      const start = withPlayer(
        turnStart([
          { at: [0, 0], meeples: ['red'] },
          { at: [0, 1], meeples: ['red', 'red'] },
          { at: [4, 5], meeples: ['green'] },
        ]),
        0,
        { cards: cards({ fakir: 9 }) },
      );
      // Assassins never kill Viziers or Elders held by their own player.
      const { state } = oneStepMove(withPlayer(start, 0, { viziers: 3 }), [0, 0], [0, 1], 'red');
      expect(fiveTribes.legalMoves(state, 0)).toEqual([{ type: 'kill', tile: [4, 5], color: 'green', fakirs: 5 }, { type: 'skip' }]);
    });

    it('captures a second tile emptied by the kill, without its tile action', () => {
      const moved = oneStepMove(turnStart(layout), [0, 0], [0, 1], 'red').state;
      const { state } = play(moved, 0, { type: 'kill', tile: [0, 3], color: 'blue', fakirs: 0 });
      expect(state.board[toIndex([0, 1])].camel).toBe(0);
      expect(state.board[toIndex([0, 3])].camel).toBe(0);
      expect(state.players[0].camels).toBe(6);
      // Only the final tile's action: a palm tree on the Oasis, no palace on the Village.
      expect(state.board[toIndex([0, 1])].palms).toBe(1);
      expect(state.board[toIndex([0, 3])].palaces).toBe(0);
      expect(state.turn?.step).toEqual({ name: 'end' });
    });

    it('without a camel left for it, the second tile stays free', () => {
      const start = withPlayer(turnStart(layout), 0, { camels: 1 });
      const moved = oneStepMove(start, [0, 0], [0, 1], 'red');
      expect(moved.events).toContainEqual({ type: 'endTriggered', reason: 'lastCamel', seat: 0 });
      const { state } = play(moved.state, 0, { type: 'kill', tile: [0, 3], color: 'blue', fakirs: 0 });
      expect(state.board[toIndex([0, 1])].camel).toBe(0);
      expect(state.board[toIndex([0, 3])].camel).toBeNull();
    });
  });
});
