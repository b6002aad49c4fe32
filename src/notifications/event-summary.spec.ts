import { countingGame } from '../../test/support/counting-game';
import { MAX_SUMMARY_LINES, summarizeEvents } from './event-summary';

const names = ['Ann', 'Bob'];
const seatName = (seat: number) => names[seat];

describe('summarizeEvents', () => {
  it("words the ruleset's events and the server's, leaving the lobby out", () => {
    const lines = summarizeEvents(
      countingGame,
      [
        { type: 'game.seatTaken', payload: { seat: 1, userId: 'u2' }, actorName: 'Bob' },
        { type: 'game.started', payload: {}, actorName: 'Ann' },
        { type: 'added', payload: { seat: 1, amount: 2 }, actorName: 'Bob' },
        { type: 'cardDrawn', payload: { seat: 1 }, actorName: 'Bob' },
        { type: 'game.rolledBack', payload: { toVersion: 4, reason: 'misclick' }, actorName: 'Ann' },
        { type: 'game.deadlinePassed', payload: { seat: 0, userId: 'u1' }, actorName: null },
      ],
      seatName,
    );
    expect(lines).toEqual([
      'Ann started the game.',
      'Bob added 2 to the counter.',
      'Bob drew a card.',
      'Ann rolled the game back to an earlier move: “misclick”.',
      'Ann ran out of time.',
    ]);
  });

  it('keeps only the latest events of a long stretch', () => {
    const events = Array.from({ length: MAX_SUMMARY_LINES + 3 }, (_, i) => ({ type: 'added', payload: { seat: 0, amount: i }, actorName: 'Ann' }));
    const lines = summarizeEvents(countingGame, events, seatName);
    expect(lines).toHaveLength(MAX_SUMMARY_LINES + 1);
    // In the players' words, and where to find the rest.
    expect(lines[0]).toBe("(3 earlier moves and actions are on the game's page.)");
    expect(summarizeEvents(countingGame, events.slice(2), seatName)[0]).toBe("(1 earlier move or action is on the game's page.)");
    expect(lines[lines.length - 1]).toBe(`Ann added ${MAX_SUMMARY_LINES + 2} to the counter.`);
  });
});
