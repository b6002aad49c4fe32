import { COLORS } from './data/meeples';
import { countItems } from './counts';
import { toIndex } from './grid';
import { fiveTribes } from './index';
import { scoreSeat } from './scoring';
import type { State } from './state';
import { atStep, cards, oneStepMove, play, turnStart, withBoard, newGame, withPlayer } from './test-support';

const at = (row: number, col: number) => toIndex([row, col]);
const goldOf = (state: State) => state.players.map((p) => p.gold);

/** Seat 0 in the end step of its turn, owning `djinns`, with Elders and Fakirs to pay. */
function endStep(djinns: State['players'][number]['djinns'], layout: Parameters<typeof withBoard>[1] = []): State {
  const state = withPlayer(withBoard(newGame(3), layout), 0, { djinns, elders: 3, cards: cards({ fakir: 3 }) });
  return atStep(state, 0, { name: 'end' });
}

describe('Djinns that change final scoring', () => {
  const scored = (djinns: State['players'][number]['djinns'], change: Partial<State['players'][number]>) =>
    scoreSeat(withPlayer(withBoard(newGame(3), [{ at: [0, 0], kind: 'oasis', camel: 0, palms: 2 }]), 0, { djinns, ...change }), 0);

  it('Al-Amin: every 2 Fakirs are a wild merchandise card', () => {
    expect(scored([], { cards: cards({ fakir: 5 }) }).merchandise).toBe(0);
    expect(scored(['alAmin'], { cards: cards({ fakir: 5 }) }).merchandise).toBe(3);
  });
  it('Haurvatat: palm trees score 5 each', () => {
    expect(scored([], {}).palmTrees).toBe(6);
    expect(scored(['haurvatat'], {}).palmTrees).toBe(10);
  });
  it('Jafaar: Viziers score 3 each', () => {
    expect(scored(['jafaar'], { viziers: 4 }).viziers).toBe(12);
  });
  it('Shamhat: Elders score 4 each', () => {
    expect(scored(['shamhat'], { elders: 4 }).elders).toBe(16);
  });
  it('each Djinn adds its VP', () => {
    expect(scored(['alAmin', 'hagis', 'leta'], {}).djinns).toBe(5 + 10 + 4);
  });
});

describe('Djinns invoked in the turn', () => {
  it('Anun-Nak: 3 meeples from the bag onto a completely empty tile', () => {
    let state = endStep(
      ['anunNak'],
      [
        { at: [0, 0], meeples: ['red'] },
        { at: [0, 1], palms: 1 },
        { at: [0, 2], camel: 1 },
      ],
    );
    state = { ...state, bag: countItems(['blue', 'blue', 'red', 'green'], COLORS) };
    const moves = fiveTribes.legalMoves(state, 0).filter((m) => m.type === 'useDjinn');
    expect(moves).toHaveLength((30 - 3) * 2);
    const { state: after, events } = play(state, 0, { type: 'useDjinn', djinn: 'anunNak', pay: 'elder', tile: [4, 4] });
    expect(events).toContainEqual(expect.objectContaining({ type: 'meeplesDrawn', tile: at(4, 4) }));
    expect(Object.values(after.board[at(4, 4)].meeples).reduce((a, b) => a + b)).toBe(3);
    // 4 - 3 drawn + the Elder paid, which goes back to the bag.
    expect(Object.values(after.bag).reduce((a, b) => a + b)).toBe(2);
    expect(after.players[0].elders).toBe(2);
    // Once per round.
    expect(fiveTribes.legalMoves(after, 0).some((m) => m.type === 'useDjinn')).toBe(false);
  });

  it('Bouraq: a palace on any Village', () => {
    const state = endStep(['bouraq'], [{ at: [3, 3], kind: 'village' }]);
    expect(fiveTribes.legalMoves(state, 0).filter((m) => m.type === 'useDjinn')).toEqual([
      { type: 'useDjinn', djinn: 'bouraq', pay: 'elder', tile: [3, 3] },
      { type: 'useDjinn', djinn: 'bouraq', pay: 'fakir', tile: [3, 3] },
    ]);
    const after = play(state, 0, { type: 'useDjinn', djinn: 'bouraq', pay: 'fakir', tile: [3, 3] }).state;
    expect(after.board[at(3, 3)].palaces).toBe(1);
    expect(after.players[0].cards.fakir).toBe(2);
  });

  it('Enki: a palm tree on any Oasis', () => {
    const state = endStep(['enki'], [{ at: [1, 1], kind: 'oasis' }]);
    const after = play(state, 0, { type: 'useDjinn', djinn: 'enki', pay: 'elder', tile: [1, 1] }).state;
    expect(after.board[at(1, 1)].palms).toBe(1);
    expect(after.turn?.step).toEqual({ name: 'end' });
  });

  it('Leta: a camel on a completely empty tile (the last camel ends the game)', () => {
    let state = endStep(['leta'], [{ at: [0, 0], meeples: ['red'] }]);
    state = withPlayer(state, 0, { camels: 1 });
    expect(fiveTribes.legalMoves(state, 0)).not.toContainEqual(expect.objectContaining({ djinn: 'leta', tile: [0, 0] }));
    const { state: after, events } = play(state, 0, { type: 'useDjinn', djinn: 'leta', pay: 'fakir', tile: [2, 2] });
    expect(after.board[at(2, 2)].camel).toBe(0);
    expect(after.players[0]).toMatchObject({ elders: 2, camels: 0 });
    expect(after.players[0].cards.fakir).toBe(2);
    expect(events).toContainEqual({ type: 'endTriggered', reason: 'lastCamel', seat: 0 });
  });

  it('Utug: a camel on a tile holding only meeples; they stay', () => {
    const state = endStep(
      ['utug'],
      [
        { at: [0, 0], meeples: ['red', 'blue'] },
        { at: [0, 1], meeples: ['red'], palms: 1 },
      ],
    );
    expect(fiveTribes.legalMoves(state, 0).filter((m) => m.type === 'useDjinn')).toEqual([
      { type: 'useDjinn', djinn: 'utug', pay: 'elder', tile: [0, 0] },
      { type: 'useDjinn', djinn: 'utug', pay: 'fakir', tile: [0, 0] },
    ]);
    const after = play(state, 0, { type: 'useDjinn', djinn: 'utug', pay: 'elder', tile: [0, 0] }).state;
    expect(after.board[at(0, 0)].camel).toBe(0);
    expect(after.board[at(0, 0)].meeples).toEqual(countItems(['red', 'blue'], COLORS));
    expect(after.players[0].elders).toBe(1);
  });

  it('Sibittis: draw 3 Djinns, keep 1, discard 2; others do not see the draw', () => {
    const state = endStep(['sibittis']);
    const { state: drawn, events } = play(state, 0, { type: 'useDjinn', djinn: 'sibittis', pay: 'elder' });
    const step = drawn.turn?.step;
    if (step?.name !== 'sibittis') throw new Error('expected the Sibittis choice');
    expect(step.drawn).toHaveLength(3);
    const drawEvent = events.find((e) => e.type === 'sibittisDrawn')!;
    expect(fiveTribes.redact(drawEvent, 1)).not.toHaveProperty('djinns');
    expect(fiveTribes.redact(drawEvent, 0)).toEqual(drawEvent);
    expect(JSON.stringify(fiveTribes.view(drawn, 1))).not.toContain(step.drawn[0]);
    const kept = play(drawn, 0, { type: 'keepDjinn', djinn: step.drawn[1] }).state;
    expect(kept.players[0].djinns).toEqual(['sibittis', step.drawn[1]]);
    expect(kept.djinnDiscard).toEqual([step.drawn[0], step.drawn[2]]);
    expect(kept.turn?.step).toEqual({ name: 'end' });
  });

  it('Sloar: pay a Fakir, take the top resource card', () => {
    const state = endStep(['sloar']);
    const { state: after, events } = play(state, 0, { type: 'useDjinn', djinn: 'sloar', pay: 'fakir' });
    const drawnCard = events.find((e) => e.type === 'cardsDrawn');
    expect(drawnCard).toMatchObject({ type: 'cardsDrawn', seat: 0 });
    expect(Object.values(after.players[0].cards).reduce((a, b) => a + b)).toBe(3);
  });

  it('Sloar reshuffles the discards when the draw pile is empty', () => {
    const state = { ...endStep(['sloar']), resourceDeck: cards({}), resourceDiscard: cards({ wheat: 2 }) };
    const { state: after, events } = play(state, 0, { type: 'useDjinn', djinn: 'sloar', pay: 'fakir' });
    expect(events.map((e) => e.type)).toEqual(['fakirsDiscarded', 'djinnUsed', 'resourcesReshuffled', 'cardsDrawn']);
    // The Fakir paid went to the discards before the reshuffle: 3 cards, one drawn.
    expect(Object.values(after.resourceDeck).reduce((a, b) => a + b)).toBe(2);
    expect(after.resourceDiscard).toEqual(cards({}));
    expect(Object.values(after.players[0].cards).reduce((a, b) => a + b)).toBe(3);
  });

  it('powers are available before the move too', () => {
    const state = atStep(
      withPlayer(
        withBoard(newGame(3), [
          { at: [0, 0], meeples: ['red'] },
          { at: [0, 1], meeples: ['red'] },
        ]),
        0,
        {
          djinns: ['sloar'],
          cards: cards({ fakir: 1 }),
        },
      ),
      0,
      { name: 'start' },
    );
    expect(fiveTribes.legalMoves(state, 0)).toContainEqual({ type: 'useDjinn', djinn: 'sloar', pay: 'fakir' });
  });
});

describe('Djinns invoked with a tribe or a placement', () => {
  it('Echidna: Builders earn double this turn', () => {
    const start = withPlayer(
      turnStart([
        { at: [0, 0], meeples: ['blue'] },
        { at: [0, 1], kind: 'village', meeples: ['blue', 'red'] },
      ]),
      0,
      { djinns: ['echidna'], elders: 2 },
    );
    const moved = oneStepMove(start, [0, 0], [0, 1], 'blue').state;
    expect(fiveTribes.legalMoves(moved, 0)).toEqual([
      { type: 'builders', fakirs: 0 },
      { type: 'useDjinn', djinn: 'echidna', pay: 'elder' },
    ]);
    const doubled = play(moved, 0, { type: 'useDjinn', djinn: 'echidna', pay: 'elder' }).state;
    expect(doubled.players[0].elders).toBe(0);
    const after = play(doubled, 0, { type: 'builders', fakirs: 0 }).state;
    expect(after.players[0].gold).toBe(50 + 1 * 2 * 2);
  });

  it('Iblis: two meeples on one tile', () => {
    const start = withPlayer(
      turnStart([
        { at: [0, 0], meeples: ['red'] },
        { at: [0, 1], kind: 'oasis', meeples: ['red'] },
        { at: [0, 2], meeples: ['blue', 'green'] },
        { at: [1, 1], meeples: ['white'] },
      ]),
      0,
      { djinns: ['iblis'], cards: cards({ fakir: 1 }) },
    );
    const moved = oneStepMove(start, [0, 0], [0, 1], 'red').state;
    expect(fiveTribes.legalMoves(moved, 0)).toContainEqual({ type: 'useDjinn', djinn: 'iblis', pay: 'fakir' });
    const invoked = play(moved, 0, { type: 'useDjinn', djinn: 'iblis', pay: 'fakir' }).state;
    // Only places holding two victims remain.
    expect(fiveTribes.legalMoves(invoked, 0)).toEqual([
      { type: 'kill', tile: [0, 2], color: 'green', fakirs: 0 },
      { type: 'kill', tile: [0, 2], color: 'blue', fakirs: 0 },
    ]);
    const first = play(invoked, 0, { type: 'kill', tile: [0, 2], color: 'green', fakirs: 0 }).state;
    expect(fiveTribes.legalMoves(first, 0)).toEqual([{ type: 'kill', tile: [0, 2], color: 'blue', fakirs: 0 }]);
    const second = play(first, 0, { type: 'kill', tile: [0, 2], color: 'blue', fakirs: 0 }).state;
    expect(second.board[at(0, 2)].camel).toBe(0);
    expect(second.board[at(0, 1)].palms).toBe(1);
  });

  it('Iblis: two Viziers/Elders of one opponent', () => {
    let start = turnStart([
      { at: [0, 0], meeples: ['red'] },
      { at: [0, 1], meeples: ['red', 'red'] },
    ]);
    start = withPlayer(start, 0, { djinns: ['iblis'], elders: 1 });
    start = withPlayer(start, 1, { viziers: 1, elders: 1 });
    start = withPlayer(start, 2, { viziers: 1 });
    const moved = oneStepMove(start, [0, 0], [0, 1], 'red').state;
    const invoked = play(moved, 0, { type: 'useDjinn', djinn: 'iblis', pay: 'elder' }).state;
    expect(fiveTribes.legalMoves(invoked, 0)).toEqual([
      { type: 'kill', seat: 1, color: 'yellow', fakirs: 0 },
      { type: 'kill', seat: 1, color: 'white', fakirs: 0 },
    ]);
    const first = play(invoked, 0, { type: 'kill', seat: 1, color: 'yellow', fakirs: 0 }).state;
    const second = play(first, 0, { type: 'kill', seat: 1, color: 'white', fakirs: 0 }).state;
    expect(second.players[1]).toMatchObject({ viziers: 0, elders: 0 });
  });

  it('Hagis: a palace may go on a neighbouring tile, for a cost', () => {
    const start = withPlayer(
      turnStart([
        { at: [0, 0], meeples: ['yellow'] },
        { at: [0, 1], kind: 'village', meeples: ['yellow', 'green'] },
      ]),
      0,
      { djinns: ['hagis'], elders: 1 },
    );
    const moved = oneStepMove(start, [0, 0], [0, 1], 'yellow').state;
    const places = fiveTribes.legalMoves(moved, 0);
    expect(places[0]).toEqual({ type: 'place', tile: [0, 1] });
    expect(places).toContainEqual({ type: 'place', tile: [1, 2], pay: 'elder' });
    expect(places).toHaveLength(1 + 5);
    const after = play(moved, 0, { type: 'place', tile: [1, 2], pay: 'elder' }).state;
    expect(after.board[at(1, 2)].palaces).toBe(1);
    expect(after.board[at(0, 1)].palaces).toBe(0);
    expect(after.players[0].djinnsUsed).toEqual(['hagis']);
  });

  it('Lamia: a palm tree may go on a neighbouring tile, or stay without paying', () => {
    const start = withPlayer(
      turnStart([
        { at: [2, 1], meeples: ['yellow'] },
        { at: [2, 2], kind: 'oasis', meeples: ['yellow', 'green'] },
      ]),
      0,
      { djinns: ['lamia'], cards: cards({ fakir: 1 }) },
    );
    const moved = oneStepMove(start, [2, 1], [2, 2], 'yellow').state;
    expect(moved.turn?.step).toEqual({ name: 'placement', structure: 'palm', origin: at(2, 2), resume: 'end' });
    expect(fiveTribes.legalMoves(moved, 0)).toHaveLength(1 + 8);
    const stayed = play(moved, 0, { type: 'place', tile: [2, 2] }).state;
    expect(stayed.board[at(2, 2)].palms).toBe(1);
    expect(stayed.players[0].cards.fakir).toBe(1);
    const movedAway = play(moved, 0, { type: 'place', tile: [3, 3], pay: 'fakir' }).state;
    expect(movedAway.board[at(3, 3)].palms).toBe(1);
    expect(movedAway.players[0].cards.fakir).toBe(0);
  });
});

describe('passive Djinns', () => {
  it("Ba'al: 1 gold when its owner takes a Djinn, 2 when an opponent does, none for Ba'al itself", () => {
    const own = endStep(['baal', 'sibittis']);
    const drawn = play(own, 0, { type: 'useDjinn', djinn: 'sibittis', pay: 'elder' }).state;
    const step = drawn.turn!.step as { drawn: string[] };
    const keep = step.drawn.find((d) => d !== 'baal')!;
    expect(goldOf(play(drawn, 0, { type: 'keepDjinn', djinn: keep as never }).state)[0]).toBe(51);

    let other = endStep(['sibittis']);
    other = withPlayer(other, 2, { djinns: ['baal'] });
    other = { ...other, djinnDeck: ['jafaar', 'shamhat', 'enki'] };
    const drawnByOpponent = play(other, 0, { type: 'useDjinn', djinn: 'sibittis', pay: 'elder' }).state;
    expect(goldOf(play(drawnByOpponent, 0, { type: 'keepDjinn', djinn: 'enki' }).state)).toEqual([50, 50, 52]);

    let baalTaken = endStep(['sibittis']);
    baalTaken = { ...baalTaken, djinnDeck: ['baal'], djinnDiscard: [] };
    const onlyBaal = play(baalTaken, 0, { type: 'useDjinn', djinn: 'sibittis', pay: 'elder' }).state;
    expect(goldOf(play(onlyBaal, 0, { type: 'keepDjinn', djinn: 'baal' }).state)).toEqual([50, 50, 50]);
  });

  it("Boaz: opponents' Assassins cannot kill its owner's Viziers and Elders", () => {
    let start = turnStart([
      { at: [0, 0], meeples: ['red'] },
      { at: [0, 1], meeples: ['red', 'red'] },
    ]);
    start = withPlayer(start, 1, { viziers: 2, djinns: ['boaz'] });
    start = withPlayer(start, 2, { elders: 1 });
    const moved = oneStepMove(start, [0, 0], [0, 1], 'red').state;
    expect(fiveTribes.legalMoves(moved, 0)).toEqual([{ type: 'kill', seat: 2, color: 'white', fakirs: 0 }]);
  });

  describe('Kandicha', () => {
    const layout = (victim: 'green' | 'blue' | 'yellow') =>
      withPlayer(
        turnStart([
          { at: [0, 0], meeples: ['red'] },
          { at: [0, 1], meeples: ['red', 'red'] },
          { at: [1, 1], kind: 'village', meeples: [victim, 'white'] },
          { at: [2, 2], kind: 'sacredPlace' },
        ]),
        0,
        { djinns: ['kandicha'] },
      );
    const killOn = (victim: 'green' | 'blue' | 'yellow') => {
      const moved = oneStepMove(layout(victim), [0, 0], [0, 1], 'red').state;
      return play(moved, 0, { type: 'kill', tile: [1, 1], color: victim, fakirs: 0 });
    };

    it('a killed Merchant draws the top resource card', () => {
      const { events } = killOn('green');
      expect(events).toContainEqual(expect.objectContaining({ type: 'cardsDrawn', seat: 0 }));
    });
    it('a killed Builder pays what one Builder would earn there', () => {
      const { state } = killOn('blue');
      expect(state.players[0].gold).toBe(52); // the village and the sacred place around [1,1]
    });
    it('a killed Vizier or Elder is kept', () => {
      const { state } = killOn('yellow');
      expect(state.players[0].viziers).toBe(1);
    });
  });

  it('Marid: 1 gold per meeple its owner drops on its own tiles, 2 per opponent drop', () => {
    const layout = [
      { at: [0, 0] as [number, number], meeples: ['red' as const, 'yellow' as const] },
      { at: [0, 1] as [number, number], camel: 1 },
      { at: [0, 2] as [number, number], meeples: ['yellow' as const, 'green' as const] },
    ];
    const byOpponent = withPlayer(turnStart(layout), 1, { djinns: ['marid'] });
    const route = (state: State) =>
      [
        { type: 'pickUp', tile: [0, 0] },
        { type: 'drop', tile: [0, 1], color: 'red' },
        { type: 'drop', tile: [0, 2], color: 'yellow' },
      ].reduce((s, move) => play(s, 0, move as never).state, state);
    expect(goldOf(route(byOpponent))).toEqual([50, 52, 50]);
    const byOwner = withPlayer(turnStart(layout), 1, { djinns: ['marid'] });
    const ownerMoving = withPlayer({ ...byOwner, turn: { ...byOwner.turn!, seat: 1 } }, 1, {});
    const moved = [
      { type: 'pickUp', tile: [0, 0] },
      { type: 'drop', tile: [0, 1], color: 'red' },
      { type: 'drop', tile: [0, 2], color: 'yellow' },
    ].reduce((s, move) => play(s, 1, move as never).state, ownerMoving);
    expect(goldOf(moved)).toEqual([50, 51, 50]);
  });

  it('Monkir: 1 gold when its owner places a palace, 2 when an opponent does', () => {
    let state = endStep(['bouraq'], [{ at: [3, 3], kind: 'village' }]);
    state = withPlayer(state, 2, { djinns: ['monkir'] });
    expect(goldOf(play(state, 0, { type: 'useDjinn', djinn: 'bouraq', pay: 'elder', tile: [3, 3] }).state)).toEqual([50, 50, 52]);
    const own = endStep(['bouraq', 'monkir'], [{ at: [3, 3], kind: 'village' }]);
    expect(goldOf(play(own, 0, { type: 'useDjinn', djinn: 'bouraq', pay: 'elder', tile: [3, 3] }).state)[0]).toBe(51);
  });

  it('Nekir: 1 gold when its owner kills, 2 when an opponent does, once per kill action', () => {
    let start = turnStart([
      { at: [0, 0], meeples: ['red'] },
      { at: [0, 1], meeples: ['red'] },
      { at: [0, 2], meeples: ['blue', 'blue'] },
    ]);
    start = withPlayer(start, 0, { djinns: ['iblis'], elders: 1 });
    start = withPlayer(start, 1, { djinns: ['nekir'] });
    const moved = oneStepMove(start, [0, 0], [0, 1], 'red').state;
    const invoked = play(moved, 0, { type: 'useDjinn', djinn: 'iblis', pay: 'elder' }).state;
    const first = play(invoked, 0, { type: 'kill', tile: [0, 2], color: 'blue', fakirs: 0 }).state;
    const second = play(first, 0, { type: 'kill', tile: [0, 2], color: 'blue', fakirs: 0 }).state;
    expect(goldOf(second)).toEqual([50, 52, 50]);

    const own = withPlayer(start, 0, { djinns: ['nekir'] });
    const ownMoved = oneStepMove(own, [0, 0], [0, 1], 'red').state;
    expect(goldOf(play(ownMoved, 0, { type: 'kill', tile: [0, 2], color: 'blue', fakirs: 0 }).state)[0]).toBe(51);
  });
});
