/**
 * Events in words: exact sentences for representative events, then every
 * event of seeded random playouts as seat 0, seat 1 and a spectator see it
 * (and as the full record, which finished games show).
 */
import type { Viewer } from '../../rules/contract';
import { randomPlayout } from '../../rules/playout';
import { BUILDINGS, BUILDING_IDS } from './data/buildings';
import { isFinishedSentence } from '../test-support/sentences';
import type { Event, EventType } from './events';
import { fivePoints } from './index';
import type { State } from './state';
import {
  city,
  contestedBoard,
  eventsOfType,
  play,
  runAutomatic,
  withBosses,
  withPassOrder,
  withRabble,
  withStage,
  withWonMarkers,
} from './test-support/scenario';

const NAMES = ['Ann', 'Bob', 'Cy', 'Dee', 'Eve'];
const seatName = (seat: number) => NAMES[seat];

/** The sentence `viewer` reads: the event goes through the game's own redaction first, as on the server. */
function say(event: Event, viewer: Viewer = 'all'): string | null {
  return fivePoints.describe!(fivePoints.redact(event, viewer) as Event, seatName);
}

/**
 * Which event types may be worded as null (bookkeeping whose effect
 * another line tells; see the comments in describe.ts). A Record so that
 * a new event type fails to compile here until someone decides.
 */
const MAY_BE_SILENT: Record<EventType, boolean> = {
  layoutDealt: false,
  buildingsDrawn: false,
  buildingPlacedFaceDown: false,
  startingRabblePlaced: false,
  buildingsRevealed: false,
  roundStarted: false,
  turnStarted: true,
  rabblePlaced: false,
  bidPlaced: false,
  passed: false,
  passRewardsTaken: false,
  bidsSettled: true,
  markerResolved: false,
  buildingsPhaseBegan: true,
  buildingActivated: false,
  taskAssigned: false,
  taskDeclined: false,
  taskFinished: true,
  neighborhoodPicked: true,
  neighborhoodMoved: false,
  buildingMoved: false,
  specialElectionCalled: false,
  rabbleRetrieved: false,
  smuggledRabblePicked: true,
  rabbleSmuggled: false,
  electionCandidatePicked: true,
  controlMarkerGained: false,
  vpAwarded: false,
  electionsPhaseBegan: true,
  electionsScheduled: false,
  electionSkipped: false,
  electionHeld: false,
  roundEnded: false,
  gameEnded: false,
};

describe('sentences for representative events', () => {
  it('names the player and the neighborhood of a placement', () => {
    expect(say({ type: 'rabblePlaced', seat: 0, neighborhood: 'red-3' })).toBe('Ann placed a rabble on Red 3.');
  });

  it('tells a neighborhood moved without grid numbers, which nobody reads', () => {
    expect(say({ type: 'neighborhoodMoved', seat: 1, neighborhood: 'red-3', x: 0, y: -1 } as never)).toBe(
      'Bob moved Red 3, with everything on it, to another place in the city.',
    );
  });

  it('names the marker bid on, and only its slot for an event stored without the marker id', () => {
    const bid: Event = { type: 'bidPlaced', seat: 1, marker: 1, amount: 3, markerId: 'move-building-a' };
    expect(say(bid)).toBe('Bob bid 3 rabble on marker 2 “Move a building”.');
    expect(say({ type: 'bidPlaced', seat: 1, marker: 1, amount: 1 })).toBe('Bob bid 1 rabble on marker 2.');
  });

  it('tells an election with every vote, the boss placed and the control marker won next door', () => {
    //   blue-1   green-1  red-1
    //   orange-1 blue-2   red-2
    let state = city(3, [
      ['blue-1', 'green-1', 'red-1'],
      ['orange-1', 'blue-2', 'red-2'],
    ]);
    state = withRabble(withRabble(withPassOrder(state, [0, 1, 2]), 'blue-2', [3, 1, 0]), 'green-1', [1, 0, 0]);
    state = withBosses(state, 'blue-2', [0, 1, 0]);
    const { events } = runAutomatic(withStage(state, { phase: 'buildings', queue: [] }));
    expect(say(eventsOfType(events, 'electionHeld')[0])).toBe(
      'Ann won the election in Blue 2 (votes: Ann 3, Bob 1 and Cy 0): ' + 'all rabble and bosses there went back to the boroughs and Ann placed a boss there.',
    );
    expect(say(eventsOfType(events, 'controlMarkerGained')[0])).toBe('Ann took a green control marker (Control of Green 1).');
  });

  it('tells a tied election in which one winner has no boss left', () => {
    const held: Event = {
      type: 'electionHeld',
      neighborhood: 'orange-2',
      votes: [4, 4, 1],
      winners: [0, 1],
      bossesPlaced: [0],
    };
    expect(say(held)).toBe(
      'Ann and Bob tied to win the election in Orange 2 (votes: Ann 4, Bob 4 and Cy 1): all rabble and bosses ' +
        'there went back to the boroughs, Ann placed a boss there and Bob had no boss left to place.',
    );
  });

  it('keeps the face-down buildings unnamed for players and spectators, and names them in the full record', () => {
    const draw: Event = { type: 'buildingsDrawn', seat: 2, buildings: ['tammany-hall', 'theater'] };
    const placed: Event = { type: 'buildingPlacedFaceDown', seat: 2, building: 'tammany-hall', neighborhood: 'blue-5' };
    for (const viewer of [0, 2, 'spectator'] as const) {
      expect(say(draw, viewer)).toBe('The buildings were shuffled and 2 drawn face down: Cy, the starting player, places them in different neighborhoods.');
      expect(say(placed, viewer)).toBe('Cy placed a building face down on Blue 5.');
    }
    expect(say(draw, 'all')).toBe(
      'The buildings were shuffled and 2 drawn face down (Tammany Hall and the Theater): ' + 'Cy, the starting player, places them in different neighborhoods.',
    );
    expect(say(placed, 'all')).toBe('Cy placed a building face down on Blue 5 (Tammany Hall).');
    // Stored games had the server place them at setup.
    const placedByServer: Event = { type: 'buildingPlacedFaceDown', building: 'tammany-hall', neighborhood: 'blue-5' };
    expect(say(placedByServer, 0)).toBe('A building was placed face down on Blue 5.');
    expect(say(placedByServer, 'all')).toBe('A building was placed face down on Blue 5 (Tammany Hall).');
    const revealed: Event = {
      type: 'buildingsRevealed',
      buildings: [
        { building: 'tammany-hall', neighborhood: 'blue-5' },
        { building: 'theater', neighborhood: 'red-1' },
      ],
    };
    expect(say(revealed)).toBe('The buildings were revealed: Tammany Hall on Blue 5 and the Theater on Red 1.');
  });

  it('tells the final scoring with the winner first and the others by score', () => {
    expect(say({ type: 'gameEnded', reason: 'endOfGame', scores: [31, 45, 38], winners: [1] })).toBe(
      'The game is over: Bob wins with 45 points (Cy 38 and Ann 31).',
    );
    expect(say({ type: 'gameEnded', reason: 'endOfGame', scores: [45, 45, 30], winners: [0, 1] })).toBe(
      'The game is over: Ann and Bob share the victory with 45 points each (Cy 30).',
    );
    expect(say({ type: 'gameEnded', reason: 'fiveBosses', scores: [20, 12, 40], winners: [2] })).toBe('Cy has all 5 bosses on the board and wins at once.');
  });

  it('tells an optional effect declined, and says nothing of a decline stored before it was recorded', () => {
    expect(say({ type: 'taskDeclined', seat: 1, task: 'moveBuilding' })).toBe('Bob chose not to move a building.');
    expect(say({ type: 'taskFinished' })).toBeNull();
  });

  it('tells a special election called off for lack of rabble', () => {
    expect(say({ type: 'electionSkipped', neighborhood: 'green-4' })).toBe('No election was held in Green 4: no rabble was left there.');
  });

  it('says nothing of an ordinary turn start, but tells the last turn', () => {
    expect(say({ type: 'turnStarted', seat: 2, finalTurn: false })).toBeNull();
    expect(say({ type: 'turnStarted', seat: 2, finalTurn: true })).toBe('Everyone else has passed: Cy takes one last turn.');
  });
});

describe('the decision in words (the view’s `decision`, and every refusal’s hint)', () => {
  const decision = (state: State) => fivePoints.view(state, 0).decision;

  it('names the neighborhood being moved as players read it', () => {
    const offered = runAutomatic(withWonMarkers(contestedBoard(), [['move-neighborhood-a', 0]])).state;
    const picked = play(offered, 0, { type: 'pickNeighborhood', neighborhood: 'blue-1' }).state;
    expect(decision(picked)).toBe('choose an empty cell next to the city for Blue 1, keeping every tile connected');
  });

  it('names the tied neighborhoods whose elections the last passer orders', () => {
    const tied = withRabble(withRabble(withRabble(contestedBoard(), 'blue-1', [2, 0, 0]), 'red-2', [0, 0, 2]), 'red-1', [1, 1, 0]);
    const ordering = runAutomatic(withStage(tied, { phase: 'buildings', queue: [] })).state;
    expect(decision(ordering)).toMatch(/^choose the next election among (Blue 1|Red [12]), (Blue 1|Red [12]) and (Blue 1|Red [12])$/);
  });
});

/** Values `viewer` must not learn from an event: every field redact changed, with readable names of buildings. */
function hiddenValues(event: Event, viewer: Viewer): string[] {
  const redacted = fivePoints.redact(event, viewer) as Record<string, unknown>;
  return Object.entries(event).flatMap(([key, value]) => {
    if (JSON.stringify(redacted[key]) === JSON.stringify(value)) return [];
    return (Array.isArray(value) ? value : [value]).flatMap((item) => {
      const building = BUILDING_IDS.find((id) => id === item);
      return building ? [building, BUILDINGS[building].name] : [String(item)];
    });
  });
}

describe('every event of random playouts, as each viewer sees it', () => {
  const playouts = [3, 4, 5].flatMap((seats) =>
    ['words-1', 'words-2', 'words-3'].map((seed) => randomPlayout<State>(fivePoints, { seats, options: {} }, `${seats}-${seed}`).events as Event[]),
  );
  const viewers: Viewer[] = [0, 1, 'spectator'];

  it('gives every event a sentence, or null only where describe.ts says why', () => {
    // Every wrong one, listed once at the end: an expect() per sentence, thousands of them, costs Jest tens of microseconds each.
    const wrong: Array<{ type: EventType; viewer: Viewer | 'all'; sentence: string | null }> = [];
    for (const event of playouts.flat()) {
      for (const viewer of [...viewers, 'all' as const]) {
        const sentence = say(event, viewer);
        const right = sentence === null ? MAY_BE_SILENT[event.type] === true : isFinishedSentence(sentence);
        if (!right) wrong.push({ type: event.type, viewer, sentence });
      }
    }
    expect(wrong).toEqual([]);
  });

  it('tells no viewer what redact hid from them', () => {
    let hiddenChecked = 0;
    for (const event of playouts.flat()) {
      for (const viewer of viewers) {
        const hidden = hiddenValues(event, viewer);
        if (hidden.length === 0) continue;
        hiddenChecked += 1;
        const sentence = say(event, viewer) ?? '';
        for (const value of hidden) expect(sentence).not.toContain(value);
      }
    }
    // The draw of two face-down buildings and each placement, per game, hidden from all three viewers.
    expect(hiddenChecked).toBe(playouts.length * 3 * viewers.length);
  });

  it('meets every event type but the rare skipped election (worded in its own test above)', () => {
    const seen = new Set(playouts.flat().map((e) => e.type));
    const unseen = (Object.keys(MAY_BE_SILENT) as EventType[]).filter((type) => !seen.has(type));
    expect(unseen.filter((type) => type !== 'electionSkipped')).toEqual([]);
  });
});
