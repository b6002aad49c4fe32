/** What of a game is public to everyone, given its events: everything once it is over, and not before. */
import { PlayerResigned } from '../platform-events';
import { phaseOf, revealedToAll } from './game-at';
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
