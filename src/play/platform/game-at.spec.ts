/** What of a game is public to everyone, given its events: everything once it is over, and not before. */
import { PlayerResigned, TableExpired } from '../platform-events';
import { type GameAt, phaseOf, revealedToAll, statusOf, storedPhase } from './game-at';
import { BOB, gameAfter, type GivenEvent, playing, turn } from './test-support/specification';

const bobResigned: GivenEvent = { type: PlayerResigned, payload: { seat: 1, userId: BOB }, actorUserId: BOB, actorSeat: 1 };

describe('a game revealed to all', () => {
  it('is one that is over', () => {
    expect(revealedToAll(phaseOf(gameAfter([...playing(2), ...turn(0), bobResigned])))).toBe(true);
  });

  it('is not one waiting for players, being played, or a table that expired unstarted', () => {
    expect(revealedToAll(phaseOf(gameAfter(playing(2).slice(0, 2))))).toBe(false);
    expect(revealedToAll(phaseOf(gameAfter([...playing(2), ...turn(0)])))).toBe(false);
    expect(revealedToAll('EXPIRED')).toBe(false);
  });
});

describe('the phase a game is stored in', () => {
  const stored = (game: GameAt) => storedPhase(statusOf(game), game.state);
  const waiting = playing(2).slice(0, 2);

  it('is its phase while it waits for players, is played, and once it is over', () => {
    expect(stored(gameAfter(waiting))).toBe('LOBBY');
    expect(stored(gameAfter([...playing(2), ...turn(0)]))).toBe('ACTIVE');
    expect(stored(gameAfter([...playing(2), ...turn(0), bobResigned]))).toBe('FINISHED');
  });

  it('is EXPIRED for a table closed unstarted, which phaseOf, knowing only waiting, played and over, calls waiting', () => {
    const expired = gameAfter([...waiting, { type: TableExpired, payload: { afterDays: 14 } }]);
    expect(stored(expired)).toBe('EXPIRED');
    expect(phaseOf(expired)).toBe('LOBBY');
    expect(revealedToAll(stored(expired))).toBe(false);
  });
});
