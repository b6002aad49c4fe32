import { finalScores, scoreSeat, winnersOf } from './scoring';
import { cards, newGame, withBoard, withPlayer } from './test-support';

/** Three players, every scoring category used, Jafaar, Shamhat, Haurvatat and Al-Amin included. */
function constructedPosition() {
  let state = withBoard(newGame(3), [
    { at: [0, 0], kind: 'oasis', camel: 0, palms: 2 },
    { at: [0, 1], kind: 'village', camel: 0, palaces: 1 },
    { at: [0, 2], kind: 'sacredPlace', vp: 15, camel: 0 },
    { at: [1, 0], kind: 'oasis', camel: 1, palms: 1 },
    { at: [1, 1], kind: 'village', camel: 1, palaces: 2 },
    { at: [2, 2], kind: 'largeMarket', camel: 2 },
    // Palm trees and palaces on nobody's tile score nothing.
    { at: [3, 3], kind: 'smallMarket', palms: 1, palaces: 1 },
  ]);
  state = withPlayer(state, 0, {
    gold: 20,
    viziers: 5,
    elders: 3,
    djinns: ['jafaar', 'boaz'],
    cards: cards({ silk: 1, fish: 1, ivory: 1, fakir: 4 }),
  });
  state = withPlayer(state, 1, {
    gold: 30,
    viziers: 2,
    elders: 4,
    djinns: ['haurvatat', 'shamhat', 'alAmin'],
    cards: cards({ silk: 2, fakir: 5 }),
  });
  return withPlayer(state, 2, { gold: 45, viziers: 5, elders: 0 });
}

describe('final scoring', () => {
  it('scores every category of a constructed position', () => {
    const state = constructedPosition();
    expect(scoreSeat(state, 0)).toEqual({
      gold: 20,
      viziers: 15, // Jafaar: 3 each
      vizierMajority: 10, // only seat 1 has strictly fewer
      elders: 6,
      djinns: 12,
      palmTrees: 6,
      palaces: 5,
      tiles: 8 + 5 + 15,
      merchandise: 7, // Fakirs are not merchandise without Al-Amin
      total: 109,
    });
    expect(scoreSeat(state, 1)).toEqual({
      gold: 30,
      viziers: 2,
      vizierMajority: 0,
      elders: 16, // Shamhat: 4 each
      djinns: 8 + 6 + 5,
      palmTrees: 5, // Haurvatat: 5 each
      palaces: 10,
      tiles: 8 + 5,
      merchandise: 8, // Al-Amin: 5 Fakirs = 2 wilds; silk + 2 wilds (7) + silk (1)
      total: 103,
    });
    expect(scoreSeat(state, 2)).toEqual({
      gold: 45,
      viziers: 5,
      vizierMajority: 10,
      elders: 0,
      djinns: 0,
      palmTrees: 0,
      palaces: 0,
      tiles: 4,
      merchandise: 0,
      total: 64,
    });
    expect(winnersOf(finalScores(state))).toEqual([0]);
  });

  it('shares the victory between tied players', () => {
    let state = withBoard(newGame(3), []);
    state = withPlayer(state, 0, { gold: 40 });
    state = withPlayer(state, 1, { gold: 10, elders: 15 });
    state = withPlayer(state, 2, { gold: 39 });
    expect(winnersOf(finalScores(state))).toEqual([0, 1]);
  });
});
