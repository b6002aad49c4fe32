import { fiveTribes } from './index';
import { toIndex } from './grid';
import type { TileKind } from './data/tiles';
import type { State } from './state';
import { cards, oneStepMove, play, turnStart, withPlayer } from './test-support';

/** Seat 0 ends a move on [0,1], a tile of `kind`, collecting a Vizier. */
function endOn(kind: TileKind, prepare: (state: State) => State = (s) => s): State {
  const start = prepare(
    turnStart([
      { at: [0, 0], meeples: ['yellow'] },
      { at: [0, 1], kind, meeples: ['yellow', 'green'] },
    ]),
  );
  return oneStepMove(start, [0, 0], [0, 1], 'yellow').state;
}

const FINAL = toIndex([0, 1]);

describe('compulsory tile actions', () => {
  it('Oasis: a palm tree is placed', () => {
    const state = endOn('oasis');
    expect(state.board[FINAL].palms).toBe(1);
    expect(state.palmSupply).toBe(11);
    expect(state.turn?.step).toEqual({ name: 'end' });
  });

  it('Village: a palace is placed', () => {
    const state = endOn('village');
    expect(state.board[FINAL].palaces).toBe(1);
    expect(state.palaceSupply).toBe(9);
  });

  it('is ignored when the supply has run out', () => {
    const state = endOn('village', (s) => ({ ...s, palaceSupply: 0 }));
    expect(state.board[FINAL].palaces).toBe(0);
    expect(state.turn?.step).toEqual({ name: 'end' });
  });
});

describe('markets', () => {
  it('Small Market: pay 3 gold for one of the first 3 cards, or decline', () => {
    const state = endOn('smallMarket');
    expect(fiveTribes.legalMoves(state, 0)).toEqual([
      { type: 'buyCards', positions: [0] },
      { type: 'buyCards', positions: [1] },
      { type: 'buyCards', positions: [2] },
      { type: 'skip' },
    ]);
    const row = state.resourceRow;
    const after = play(state, 0, { type: 'buyCards', positions: [2] }).state;
    expect(after.players[0].gold).toBe(47);
    expect(after.resourceRow).toEqual([...row.slice(0, 2), ...row.slice(3)]);
    expect(after.players[0].cards[row[2]]).toBe(1);
  });

  it('Large Market: pay 6 gold for two of the first 6 cards', () => {
    const state = endOn('largeMarket');
    const buys = fiveTribes.legalMoves(state, 0).filter((m) => m.type === 'buyCards');
    expect(buys).toHaveLength(15);
    const after = play(state, 0, { type: 'buyCards', positions: [0, 5] }).state;
    expect(after.players[0].gold).toBe(44);
    expect(after.resourceRow).toHaveLength(7);
  });

  it('Large Market with one card left still costs 6', () => {
    const state = endOn('largeMarket', (s) => ({ ...s, resourceRow: ['fish'] }));
    expect(fiveTribes.legalMoves(state, 0)).toEqual([{ type: 'buyCards', positions: [0] }, { type: 'skip' }]);
    expect(play(state, 0, { type: 'buyCards', positions: [0] }).state.players[0].gold).toBe(44);
  });

  it('still asks a player who cannot pay, offering only to decline (so gold is not revealed)', () => {
    const state = endOn('smallMarket', (s) => withPlayer(s, 0, { gold: 2 }));
    expect(fiveTribes.status(state).phase).toBe('market');
    expect(fiveTribes.legalMoves(state, 0)).toEqual([{ type: 'skip' }]);
  });
});

describe('Sacred Places', () => {
  it('take a visible Djinn for 2 Elders, or 1 Elder + 1 Fakir', () => {
    const state = endOn('sacredPlace', (s) => withPlayer({ ...s, djinnRow: ['jafaar', 'shamhat'] }, 0, { elders: 2, cards: cards({ fakir: 1 }) }));
    expect(fiveTribes.legalMoves(state, 0)).toEqual([
      { type: 'takeDjinn', djinn: 'jafaar', pay: 'elder' },
      { type: 'takeDjinn', djinn: 'jafaar', pay: 'fakir' },
      { type: 'takeDjinn', djinn: 'shamhat', pay: 'elder' },
      { type: 'takeDjinn', djinn: 'shamhat', pay: 'fakir' },
      { type: 'skip' },
    ]);
    const byElders = play(state, 0, { type: 'takeDjinn', djinn: 'shamhat', pay: 'elder' }).state;
    expect(byElders.players[0]).toMatchObject({ elders: 0, djinns: ['shamhat'] });
    expect(byElders.djinnRow).toEqual(['jafaar']);
    const byFakir = play(state, 0, { type: 'takeDjinn', djinn: 'jafaar', pay: 'fakir' }).state;
    expect(byFakir.players[0].elders).toBe(1);
    expect(byFakir.players[0].cards.fakir).toBe(0);
  });

  it('are passed without a question when the player cannot pay', () => {
    const state = endOn('sacredPlace', (s) => withPlayer(s, 0, { elders: 0 }));
    expect(state.turn?.step).toEqual({ name: 'end' });
  });

  it("a Djinn taken can be used in the same turn's end step", () => {
    const state = endOn('sacredPlace', (s) => withPlayer({ ...s, djinnRow: ['sloar'] }, 0, { elders: 1, cards: cards({ fakir: 2 }) }));
    const after = play(state, 0, { type: 'takeDjinn', djinn: 'sloar', pay: 'fakir' }).state;
    expect(fiveTribes.legalMoves(after, 0)).toContainEqual({ type: 'useDjinn', djinn: 'sloar', pay: 'fakir' });
  });
});
