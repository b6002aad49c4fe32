import { MAX_SUMMARY_LINES, summarizeEvents } from './event-summary';

describe('summarizeEvents', () => {
  it('spells out ruleset events with their plain fields, and the platform events a player cares about', () => {
    const lines = summarizeEvents([
      { type: 'game.seatTaken', payload: { seat: 1, userId: 'u2' }, actorName: 'Bob' },
      { type: 'game.started', payload: {}, actorName: 'Ann' },
      { type: 'cardDrawn', payload: { seat: 1, card: 7, hand: [1, 2] }, actorName: 'Bob' },
      { type: 'game.rolledBack', payload: { toVersion: 4, reason: 'misclick' }, actorName: 'Ann' },
    ]);
    expect(lines).toEqual(['The game started', 'Bob: card drawn (seat 1, card 7)', 'Ann rolled the game back to version 4: misclick']);
  });

  it('keeps only the latest events of a long stretch', () => {
    const events = Array.from({ length: MAX_SUMMARY_LINES + 3 }, (_, i) => ({ type: 'added', payload: { amount: i }, actorName: 'Ann' }));
    const lines = summarizeEvents(events);
    expect(lines).toHaveLength(MAX_SUMMARY_LINES + 1);
    expect(lines[0]).toBe('(3 earlier events not shown)');
    expect(lines[lines.length - 1]).toBe(`Ann: added (amount ${MAX_SUMMARY_LINES + 2})`);
  });
});
