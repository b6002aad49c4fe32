import { randomPlayout } from '../../rules/playout';
import type { Event } from './events';
import { fiveTribes } from './index';
import type { State } from './state';
import { atStep, newGame } from './test-support';
import type { FiveTribesView } from './view';

const playersOf = (view: FiveTribesView) => view.players;

describe('views and hidden gold', () => {
  const state = atStep(newGame(3), 1, { name: 'start' });

  it('shows a seat its own gold only', () => {
    expect(playersOf(fiveTribes.view(state, 1)).map((p) => p.gold)).toEqual([undefined, 50, undefined]);
    expect(playersOf(fiveTribes.view(state, 1))[0]).not.toHaveProperty('gold');
    expect(playersOf(fiveTribes.view(state, 'spectator')).every((p) => !('gold' in p))).toBe(true);
    expect(playersOf(fiveTribes.view(state, 'all')).map((p) => p.gold)).toEqual([50, 50, 50]);
    expect(JSON.stringify(fiveTribes.view(state, 'spectator'))).not.toContain('"gold"');
  });

  it('draws the board as 5 rows of 6 tiles, with rows, tracks and the pending decision', () => {
    const view = fiveTribes.view(state, 0);
    expect(view.board).toHaveLength(5);
    expect(view.board.every((row) => row.length === 6)).toBe(true);
    expect(view.board[0][0]).toEqual(expect.objectContaining({ kind: expect.any(String), vp: expect.any(Number), meeples: expect.any(Object), camel: null }));
    expect(view).toEqual(expect.objectContaining({ resourceRow: expect.any(Array), djinnRow: expect.any(Array), turnTrack: expect.any(Array) }));
    expect(view.turn).toEqual(expect.objectContaining({ seat: 1, step: { name: 'start' } }));
  });

  it('removes gold amounts from events shown to other seats', () => {
    const event: Event = { type: 'gold', seat: 1, amount: 12, reason: 'builders' };
    expect(fiveTribes.redact(event, 1)).toEqual(event);
    expect(fiveTribes.redact(event, 'all')).toEqual(event);
    for (const viewer of [0, 2, 'spectator'] as const) {
      expect(fiveTribes.redact(event, viewer)).toEqual({ type: 'gold', seat: 1, reason: 'builders' });
    }
  });

  it('reveals no gold anywhere in a whole game until it is finished', () => {
    const { events, state: finished } = randomPlayout<State>(fiveTribes, { seats: 3, options: {} }, 'secret');
    for (const event of events.filter((e) => e.type !== 'gameFinished')) {
      const shown = fiveTribes.redact(event as Event, 'spectator');
      expect(shown).not.toHaveProperty('amount');
      expect(JSON.stringify(shown)).not.toMatch(/"gold":/);
    }
    expect(fiveTribes.status(atStep(newGame(3), 0, { name: 'start' }))).not.toHaveProperty('scores');
    expect(playersOf(fiveTribes.view(finished, 'spectator')).every((p) => typeof p.gold === 'number')).toBe(true);
  });
});
