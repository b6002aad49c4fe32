import type { StoredEvent } from '../event-store/event-store';
import type { GameChange } from '../play/game-change-hooks';
import type { LoadedGame } from '../play/loaded-game';
import { EMPTY_GAME_STATE } from '../play/game-state';
import { statusOf } from '../play/platform/game-at';
import { ANN, BOB, CAT, gameAfter, HOUR, NOW, playing as countingGame } from '../play/platform/test-support/specification';
import { PlayerResigned, TakebackRequested } from '../play/platform-events';
import type { GameStatus } from '../rules/contract';
import { plannedNotifications } from './notification-planner';

const AT = new Date('2026-01-01T00:00:00.000Z');

function change(options: {
  before: { status: 'LOBBY' | 'ACTIVE' | 'FINISHED'; activeSeats: number[] };
  status: GameStatus | null;
  events: Array<Partial<StoredEvent>>;
  deadlineHours?: number;
}): GameChange {
  const before = { row: { id: 'g1', hostId: 'host', ...options.before } } as unknown as LoadedGame;
  const state = {
    ...EMPTY_GAME_STATE,
    started: true,
    seats: ['host', 'guest'],
    ...(options.deadlineHours ? { moveDeadline: { hoursPerMove: options.deadlineHours, reminderHoursBefore: 1, onExpiry: 'ASK_HOST' as const } } : {}),
  };
  const appended = options.events.map((event, i) => ({ seq: 10 + i, at: AT, payload: {}, actorUserId: null, ...event }) as StoredEvent);
  return { before, state, status: options.status, appended };
}

const playing = (activeSeats: number[]): GameStatus => ({ phase: 'playing', activeSeats, finished: false });

describe('plannedNotifications', () => {
  it('tells everyone the game started, and the first player it is their turn (the deadline is read as the mail goes out)', () => {
    const planned = plannedNotifications(
      change({ before: { status: 'LOBBY', activeSeats: [] }, status: playing([1]), events: [{ type: 'game.started' }, { type: 'dealt' }], deadlineHours: 72 }),
    );
    expect(planned).toEqual([
      { userId: 'host', kind: 'GAME_STARTED' },
      { userId: 'guest', kind: 'GAME_STARTED' },
      { userId: 'guest', kind: 'YOUR_TURN', details: { seat: 1 }, grace: true },
    ]);
  });

  it('says nothing while the same seat goes on acting', () => {
    expect(plannedNotifications(change({ before: { status: 'ACTIVE', activeSeats: [0] }, status: playing([0]), events: [{ type: 'added' }] }))).toEqual([]);
  });

  it('tells the others about a rollback, and restarts the turn it lands on', () => {
    const planned = plannedNotifications(
      change({
        before: { status: 'ACTIVE', activeSeats: [0] },
        status: playing([0]),
        events: [{ type: 'game.rolledBack', actorUserId: 'host', payload: { toVersion: 5, reason: 'oops' } }],
      }),
    );
    expect(planned).toEqual([
      { userId: 'guest', kind: 'ROLLBACK', details: { toVersion: 5, reason: 'oops' } },
      { userId: 'host', kind: 'YOUR_TURN', details: { seat: 0 }, grace: true },
    ]);
  });

  it('tells everyone the result once, and the late player and the host that a deadline passed', () => {
    const finished: GameStatus = { phase: 'over', activeSeats: [], finished: true, winners: [0] };
    const planned = plannedNotifications(
      change({
        before: { status: 'ACTIVE', activeSeats: [1] },
        status: finished,
        events: [{ type: 'game.deadlinePassed', payload: { seat: 1, userId: 'guest' } }, { type: 'game.endedByHost' }],
        deadlineHours: 24,
      }),
    );
    const details = { seat: 1, lateUserId: 'guest', onExpiry: 'ASK_HOST' };
    expect(planned).toEqual([
      { userId: 'guest', kind: 'DEADLINE_PASSED', details },
      { userId: 'host', kind: 'DEADLINE_PASSED', details },
      { userId: 'host', kind: 'GAME_FINISHED' },
      { userId: 'guest', kind: 'GAME_FINISHED' },
    ]);
  });

  it('tells, with the result of a game a deadline ended, whose deadline it was and whether the host chose the end', () => {
    const finished: GameStatus = { phase: 'over', activeSeats: [], finished: true, winners: [] };
    const ended = (actorUserId: string | null) =>
      plannedNotifications(
        change({
          before: { status: 'ACTIVE', activeSeats: [1] },
          status: finished,
          events: [{ type: 'game.endedByHost', actorUserId, payload: { reason: 'seat 2 ran out of time', seat: 1 } }],
          deadlineHours: 24,
        }),
      ).filter((planned) => planned.kind === 'GAME_FINISHED');
    expect(ended(null).map((planned) => planned.details)).toEqual([
      { deadlineSeat: 1, endedByHost: false },
      { deadlineSeat: 1, endedByHost: false },
    ]);
    expect(ended('host')[0].details).toEqual({ deadlineSeat: 1, endedByHost: true });
  });

  it('tells the new deadline where the settings extend it at once, and the late player when the host extends it later', () => {
    const dueAt = '2026-01-02T00:00:00.000Z';
    const atOnce = plannedNotifications(
      change({
        before: { status: 'ACTIVE', activeSeats: [1] },
        status: playing([1]),
        events: [
          { type: 'game.deadlinePassed', payload: { seat: 1, userId: 'guest' } },
          { type: 'game.deadlineExtended', payload: { seat: 1, dueAt } },
        ],
        deadlineHours: 24,
      }),
    );
    expect(atOnce.map((planned) => [planned.userId, planned.details])).toEqual([
      ['guest', { seat: 1, lateUserId: 'guest', onExpiry: 'ASK_HOST', extendedTo: dueAt }],
      ['host', { seat: 1, lateUserId: 'guest', onExpiry: 'ASK_HOST', extendedTo: dueAt }],
    ]);
    const byHost = plannedNotifications(
      change({
        before: { status: 'ACTIVE', activeSeats: [1] },
        status: playing([1]),
        events: [{ type: 'game.deadlineExtended', actorUserId: 'host', payload: { seat: 1, dueAt } }],
        deadlineHours: 24,
      }),
    );
    expect(byHost).toEqual([
      { userId: 'guest', kind: 'DEADLINE_PASSED', details: { seat: 1, lateUserId: 'guest', onExpiry: 'ASK_HOST', extendedTo: dueAt, extendedByHost: true } },
    ]);
  });

  it('asks the players a takeback request waits for, as the decider counts answers: not the one asking, nor one who left', () => {
    const catResigned = { type: PlayerResigned, payload: { seat: 2, userId: CAT }, actorUserId: CAT, actorSeat: 2 };
    const expiresAt = new Date(NOW.getTime() + 48 * HOUR).toISOString();
    const request = { type: TakebackRequested, payload: { seat: 1, toVersion: 6, reason: 'misclick', expiresAt }, actorUserId: BOB, actorSeat: 1 };
    const game = gameAfter([...countingGame(3), catResigned, request]);
    const before = { row: { id: 'g1', hostId: ANN, status: 'ACTIVE', activeSeats: [0] }, ruleset: game.ruleset } as unknown as LoadedGame;
    const appended = [{ ...request, seq: game.version, at: NOW } as unknown as StoredEvent];
    expect(plannedNotifications({ before, state: game.state, status: statusOf(game), appended })).toEqual([
      { userId: ANN, kind: 'AGREEMENT_REQUEST', details: { request: 'takeback', seat: 1, expiresAt, reason: 'misclick', toVersion: 6 } },
    ]);
  });
});
