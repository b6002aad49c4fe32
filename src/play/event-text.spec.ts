import { countingGame } from '../../test/support/counting-game';
import { eventText, seatLabel } from './event-text';
import type { Moment } from './moments';

const seatName = (seat: number) => ['Ann', 'Bob'][seat] ?? seatLabel(seat);
const text = (type: string, payload: Record<string, unknown>, actorName: string | null = 'Ann', target?: Moment) =>
  eventText(countingGame, { type, payload, actorName, target }, seatName);

describe('eventText', () => {
  it("words every one of the server's events", () => {
    expect(text('game.created', { seats: 3 })).toBe('Ann created the game for 3 players.');
    expect(text('game.seatTaken', { seat: 2 }, 'Cy')).toBe('Cy took seat 3.');
    expect(text('game.seatGivenUp', { seat: 2, userId: 'u3' }, 'Cy')).toBe('Cy left seat 3 before the game began.');
    expect(text('game.playerInvited', { userId: 'u3' })).toBe('Ann invited a player.');
    expect(text('game.invitationDeclined', { invitationId: 'i1' }, 'Dan')).toBe('Dan declined the invitation.');
    expect(text('game.invitationDeclined', { invitationId: 'i1' }, null)).toBe('An invited player declined the invitation.');
    expect(text('game.started', {})).toBe('Ann started the game.');
    expect(text('game.moveUndone', { toVersion: 8 }, 'Bob')).toBe('Bob took back a step.');
    expect(text('game.rolledBack', { toVersion: 4, reason: '' }, 'Ann', { round: 2, move: 14, seat: 1 })).toBe(
      'Ann rolled the game back to move 14 (round 2).',
    );
    expect(text('game.rolledBack', { toVersion: 3, reason: '' }, 'Ann', { round: null, move: 0, seat: null })).toBe(
      'Ann rolled the game back to the start of the game.',
    );
    expect(text('game.rolledBack', { toVersion: 4, reason: '' })).toBe('Ann rolled the game back to an earlier move.');
    expect(text('game.deadlinePassed', { seat: 1 }, null)).toBe('Bob ran out of time.');
    expect(text('game.deadlineExtended', { seat: 1, dueAt: '2026-12-01T00:00:00Z' }, null)).toBe(
      "As the game's settings say, Bob's move deadline was extended.",
    );
    expect(text('game.deadlineExtended', { seat: 1, dueAt: '2026-12-01T00:00:00Z' }, 'Ann')).toBe('Ann extended the move deadline of Bob.');
    expect(text('game.turnSkipped', { seat: 2 }, null)).toBe('Seat 3 was passed over for running out of time.');
    expect(text('game.endedByHost', { reason: 'Bob left' })).toBe('Ann ended the game: “Bob left”.');
    // A deadline's outcome names the late player, and says who ended the game: its settings, or its host.
    expect(text('game.endedByHost', { reason: 'seat 2 ran out of time', seat: 1 }, null)).toBe(
      "Bob's move deadline passed, and the game's settings end the game then.",
    );
    expect(text('game.endedByHost', { reason: 'seat 2 ran out of time', seat: 1 }, 'Ann')).toBe("Ann ended the game when Bob's move deadline passed.");
    expect(text('game.seedRevealed', { serverSeed: 'ab12' }, null)).toBe(
      'The game is over: its secret shuffle seed is revealed, so anyone can check every shuffle and roll.',
    );
  });

  it("leaves the ruleset's events to the ruleset", () => {
    expect(text('added', { seat: 1, amount: 2 })).toBe('Bob added 2 to the counter.');
  });

  it('refuses a server event it has no words for, rather than showing its raw type', () => {
    expect(() => text('game.somethingNew', {})).toThrow(/no words/);
  });
});
