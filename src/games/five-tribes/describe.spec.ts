import type { Viewer } from '../../rules/contract';
import { randomPlayout } from '../../rules/playout';
import { isFinishedSentence } from '../test-support/sentences';
import { DJINNS } from './data/djinns';
import { describe as describeEvent } from './describe';
import type { Event, SeenEvent } from './events';
import { fiveTribes } from './index';
import type { ScoreBreakdown, State } from './state';
import { oneStepMove, turnStart } from './test-support';
import { redact } from './view';

const NAMES = ['Ann', 'Bob', 'Cid', 'Dee'];
const seatName = (seat: number) => NAMES[seat];
const tell = (event: SeenEvent) => describeEvent(event, seatName);
const tellTo = (event: Event, viewer: Viewer) => tell(redact(event, viewer));

/** Events that say nothing a reader needs (see describe.ts for why each is null). */
const DELIBERATELY_NULL = new Set<Event['type']>(['step', 'turnEnded']);

function scoreOf(total: number): ScoreBreakdown {
  const zero = { gold: 0, viziers: 0, vizierMajority: 0, elders: 0, djinns: 0, palmTrees: 0, palaces: 0, tiles: 0 };
  return { ...zero, merchandise: total, total };
}

describe('describing Five Tribes events', () => {
  it('is the ruleset describe', () => {
    expect(fiveTribes.describe).toBe(describeEvent);
  });

  it('tells a bid with its cost and the spot as printed, the zero aisle and Kumarbi', () => {
    expect(tell({ type: 'bid', seat: 0, marker: 0, spot: 3, cost: 5, fakirs: 0 })).toBe('Ann bid 5 gold for spot 4 on the turn-order track.');
    expect(tell({ type: 'bid', seat: 1, marker: 1, spot: 6, cost: 0, fakirs: 0 })).toBe('Bob bid 0 gold for the first zero spot on the turn-order track.');
    expect(tell({ type: 'bid', seat: 2, marker: 2, spot: 1, cost: 8, fakirs: 1 })).toBe(
      'Cid bid 8 gold for spot 2 on the turn-order track, discarding 1 Fakir card with Kumarbi.',
    );
  });

  it('tells a whole move with each tile by kind and square, the capture, the Builders and the palace', () => {
    const state = turnStart([
      { at: [2, 2], kind: 'oasis', meeples: ['blue'] },
      { at: [2, 3], kind: 'village', meeples: ['blue'] },
    ]);
    const { events } = oneStepMove(state, [2, 2], [2, 3], 'blue');
    expect(events.map((event) => tellTo(event, 0))).toEqual([
      'Ann picked up the meeples on the Oasis at C3.',
      'Ann dropped a blue Builder on the Village at C4.',
      'Ann sent 2 blue Builders from the Village at C4 back to the bag.',
      'Ann took control of the Village at C4.',
      'Ann earned 2 gold with the Builders.',
      'Ann placed a palace on the Village at C4.',
      null,
    ]);
  });

  it('tells a gold amount to its seat only, and to the others that gold moved and why', () => {
    const builders: Event = { type: 'gold', seat: 0, amount: 12, reason: 'builders' };
    const market: Event = { type: 'gold', seat: 0, amount: -6, reason: 'market' };
    expect(tellTo(builders, 0)).toBe('Ann earned 12 gold with the Builders.');
    expect(tellTo(market, 0)).toBe('Ann paid 6 gold at the market.');
    for (const viewer of [1, 'spectator'] as const) {
      expect(tellTo(builders, viewer)).toBe('Ann earned some gold with the Builders.');
      expect(tellTo(market, viewer)).toBe('Ann paid some gold at the market.');
    }
    expect(tellTo({ type: 'gold', seat: 1, amount: 2, reason: 'baal' }, 0)).toBe("Bob earned some gold from Ba'al.");
  });

  it('names cards, calling the Gold merchandise a card so it never reads as coins', () => {
    const taken: Event = { type: 'rowCardsTaken', seat: 0, positions: [0, 2], cards: ['fish', 'bullion'] };
    expect(tell(taken)).toBe('Ann took 1 Fish card and 1 Gold card from the card row.');
    expect(tell({ type: 'merchandiseSold', seat: 1, kinds: ['ivory', 'papyrus', 'fish'] })).toBe('Bob sold 1 Ivory card, 1 Papyrus card and 1 Fish card.');
  });

  it('tells kills on a tile and in front of an opponent, with Kandicha keeping the victim', () => {
    const onTile: Event = { type: 'meepleKilled', seat: 0, color: 'red', tile: 7, kind: 'sacredPlace', victim: null, keptByKiller: false };
    const inFront: Event = { type: 'meepleKilled', seat: 2, color: 'white', tile: null, kind: null, victim: 1, keptByKiller: true };
    expect(tell(onTile)).toBe('Ann killed a red Assassin on the Sacred Place at B2.');
    expect(tell(inFront)).toBe('Cid killed a white Elder in front of Bob and kept it, thanks to Kandicha.');
  });

  it('tells a Djinn taken, by name and value', () => {
    expect(tell({ type: 'djinnTaken', seat: 1, djinn: 'jafaar', from: 'row' })).toBe('Bob took the Djinn Jafaar (6 VP) from the Djinn row.');
    expect(tell({ type: 'djinnTaken', seat: 0, djinn: 'hagis', from: 'sibittis' })).toBe('Ann kept the Djinn Hagis (10 VP) from the Sibittis draw.');
  });

  it("names Sibittis' Djinns to their drawer only", () => {
    const drawn: Event = { type: 'sibittisDrawn', seat: 0, djinns: ['enki', 'leta', 'baal'], resume: 'end' };
    expect(tellTo(drawn, 0)).toBe("Ann drew the Djinns Enki, Leta and Ba'al with Sibittis.");
    expect(tellTo(drawn, 1)).toBe('Ann drew 3 Djinns face down with Sibittis.');
  });

  it('ends with the scores and the winners, shared victories included', () => {
    const scores = [scoreOf(92), scoreOf(67), scoreOf(104)];
    expect(tell({ type: 'gameFinished', scores, winners: [2] })).toBe('The game is over: Cid won with 104 VP, ahead of Ann (92 VP) and Bob (67 VP).');
    const tied = [scoreOf(80), scoreOf(80), scoreOf(51)];
    expect(tell({ type: 'gameFinished', scores: tied, winners: [0, 1] })).toBe(
      'The game is over: Ann and Bob shared the victory with 80 VP, ahead of Cid (51 VP).',
    );
  });

  it('tells the events random games rarely reach', () => {
    expect(tell({ type: 'buildersDoubled', seat: 0 })).toBe('With Echidna, the Builders earn Ann double gold this turn.');
    expect(tell({ type: 'endTriggered', reason: 'lastCamel', seat: 1 })).toBe('Bob placed the last camel: the game ends after this round.');
    expect(tell({ type: 'resourcesReshuffled' })).toBe('The discarded resource cards were shuffled into a new draw pile.');
    expect(tell({ type: 'djinnsReshuffled' })).toBe('The discarded Djinns were shuffled into a new draw pile.');
    expect(tell({ type: 'cardsDrawn', seat: 2, cards: ['fakir'] })).toBe('Cid drew 1 Fakir card from the draw pile.');
  });

  it('names the square alone for an event stored before events carried the tile kind', () => {
    const stored = { type: 'tileCaptured', seat: 0, tile: 14 } as SeenEvent;
    expect(tell(stored)).toBe('Ann took control of C3.');
  });
});

describe('describing whole random games for every viewer', () => {
  const viewers: Viewer[] = [0, 1, 'spectator'];
  const games = [2, 3, 4].flatMap((seats) =>
    ['a', 'b'].map((seed) => ({
      name: `${seats} players, seed ${seed}`,
      events: randomPlayout<State>(fiveTribes, { seats, options: {} }, `describe-${seats}-${seed}`).events as Event[],
    })),
  );

  it.each(games)('gives every event a finished sentence or a deliberate null ($name)', ({ events }) => {
    // Every wrong one, listed once at the end: an expect() per sentence, thousands of them, costs Jest tens of microseconds each.
    const wrong: Array<{ type: Event['type']; viewer: Viewer; sentence: string | null }> = [];
    for (const event of events) {
      for (const viewer of viewers) {
        const sentence = tellTo(event, viewer);
        const right = DELIBERATELY_NULL.has(event.type) ? sentence === null : sentence !== null && isFinishedSentence(sentence);
        if (!right) wrong.push({ type: event.type, viewer, sentence });
      }
    }
    expect(wrong).toEqual([]);
  });

  it.each(games)('never tells a viewer what redaction hid from them ($name)', ({ events }) => {
    let hidden = 0;
    for (const event of events) {
      for (const viewer of viewers) {
        if (event.type === 'gold' && event.seat !== viewer) {
          hidden++;
          const sentence = tellTo(event, viewer);
          expect(sentence).not.toMatch(new RegExp(`\\b${Math.abs(event.amount)}\\b`));
          expect(sentence).not.toMatch(/\d/);
        }
        if (event.type === 'sibittisDrawn' && event.seat !== viewer) {
          hidden++;
          const sentence = tellTo(event, viewer) as string;
          for (const djinn of event.djinns) expect(sentence).not.toContain(DJINNS[djinn].name);
        }
      }
    }
    expect(hidden).toBeGreaterThan(0);
  });

  it('does tell the owner the values hidden from the others', () => {
    const gold = games.flatMap((game) => game.events).filter((event) => event.type === 'gold');
    for (const event of gold) expect(tellTo(event, event.seat)).toContain(`${Math.abs(event.amount)} gold`);
  });
});
