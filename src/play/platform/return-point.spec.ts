/** The points a takeback or the host's rollback may return to, as one list: exactly those the decider accepts, given events. */
import { DeadlinePassed, GameRolledBack, PlayerResigned, TakebackAnswered, TakebackRequested } from '../platform-events';
import { jumpTarget } from '../platform-events';
import { type EventAfter, returnPointOf, returnPoints } from './return-point';
import { ANN, appended, BOB, CAT, gameAfter, type GivenEvent, HOUR, NOW, playing, turn } from './test-support/specification';

const LATER = new Date(NOW.getTime() + 48 * HOUR).toISOString();
const requested = (toVersion: number): GivenEvent => ({
  type: TakebackRequested,
  payload: { seat: 1, toVersion, reason: 'misclick', expiresAt: LATER },
  actorUserId: BOB,
  actorSeat: 1,
});
const declined = (proposalSeq: number): GivenEvent => ({
  type: TakebackAnswered,
  payload: { seat: 0, accept: false, proposalSeq },
  actorUserId: ANN,
  actorSeat: 0,
});
const deadlinePassed = (seat: number): GivenEvent => ({ type: DeadlinePassed, payload: { seat, userId: [ANN, BOB][seat] } });
const rolledBack = (toVersion: number): GivenEvent => ({ type: GameRolledBack, payload: { toVersion, reason: 'oops' }, actorUserId: ANN, actorSeat: 0 });
const resigned = (seat: number, userId: string): GivenEvent => ({ type: PlayerResigned, payload: { seat, userId }, actorUserId: userId, actorSeat: seat });

/** The events after `from`, as the server reads them. */
function eventsAfter(events: readonly GivenEvent[], from: number): EventAfter[] {
  return events.slice(from).map((event, i) => ({
    seq: from + i + 1,
    type: event.type,
    actorUserId: event.actorUserId ?? null,
    stepStart: event.stepStart ?? false,
    toVersion: jumpTarget(event),
  }));
}

/** The points listed for the game after `events`. */
function listed(events: readonly GivenEvent[]): number[] {
  const { state, version } = gameAfter(events);
  return returnPoints(state, version, eventsAfter(events, 0));
}

/** The versions the host's rollback is accepted to, each decided on its own as the server decides a rollback. */
function accepted(events: readonly GivenEvent[]): number[] {
  const versions = Array.from({ length: events.length }, (_, v) => v);
  return versions.filter((toVersion) => {
    const returnPoint = returnPointOf(eventsAfter(events, toVersion), toVersion, events.length);
    return appended(events, { type: 'rollback', toVersion, reason: 'oops', returnPoint }, ANN).ok;
  });
}

describe('the points to return to', () => {
  /** Ann's turn (versions 6, 7) and Bob's (8, 9), each of two steps. */
  const twoTurns = [...playing(), ...turn(0), ...turn(1)];

  it('are every point between two steps since the start of play, before now', () => {
    expect(listed(twoTurns)).toEqual([5, 6, 7, 8]);
  });

  it('leave out a point followed by nothing played: a deadline passed, or a takeback asked for and declined', () => {
    expect(listed([...twoTurns, deadlinePassed(0)])).toEqual([5, 6, 7, 8]);
    expect(listed([...twoTurns, requested(7), declined(10)])).toEqual([5, 6, 7, 8]);
    // Played since, the point before the deadline is one again.
    expect(listed([...twoTurns, deadlinePassed(0), ...turn(0)])).toEqual([5, 6, 7, 8, 9, 10, 11]);
  });

  it('leave out the play set aside, and start after the last player left', () => {
    expect(listed([...twoTurns, rolledBack(7), ...turn(1)])).toEqual([5, 6, 7, 10, 11]);
    expect(listed([...playing(3), ...turn(0), resigned(2, CAT), ...turn(1)])).toEqual([9, 10]);
  });

  it('are none before anything was played', () => {
    expect(listed(playing())).toEqual([]);
  });

  it.each([
    ['two turns', twoTurns],
    ['a deadline passed since', [...twoTurns, deadlinePassed(0)]],
    ['a takeback declined since', [...twoTurns, requested(7), declined(10)]],
    ['a rollback since', [...twoTurns, rolledBack(7), ...turn(1), deadlinePassed(0)]],
    ['a player gone', [...playing(3), ...turn(0), resigned(2, CAT), ...turn(1), requested(8)]],
  ] as const)('are exactly the versions the decider accepts, after %s', (_what, events) => {
    expect(listed(events)).toEqual(accepted(events));
  });
});
