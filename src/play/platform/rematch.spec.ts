/** Asking for a finished game's rematch, given the game's events: who sits where, and every refusal. */
import { PlayerResigned } from '../platform-events';
import { decideRematch, rematchRefusal } from './rematch';
import { ANN, BOB, CAT, EVE, gameAfter, type GivenEvent, playing, turn } from './test-support/specification';

const resigned = (seat: number, userId: string): GivenEvent => ({ type: PlayerResigned, payload: { seat, userId }, actorUserId: userId, actorSeat: seat });
/** Ann, Bob and Cat played; Bob then Cat resigned, so Ann won and the game is over. */
const finished = gameAfter([...playing(3), ...turn(0), resigned(1, BOB), resigned(2, CAT)]);

describe('asking for a rematch', () => {
  it('of a finished game, first: a new game hosted by the asker, everyone one seat further round', () => {
    expect(decideRematch(finished, BOB, null)).toEqual({
      ok: true,
      kind: 'create',
      hostSeat: 0,
      others: [
        { playerId: ANN, seat: 2 },
        { playerId: CAT, seat: 1 },
      ],
    });
    expect(decideRematch(finished, ANN, null)).toMatchObject({ ok: true, kind: 'create', hostSeat: 2 });
  });

  it('of a game someone asked a rematch of already: the asker takes their seat in that one, as often as they ask', () => {
    expect(decideRematch(finished, CAT, 'the rematch')).toEqual({ ok: true, kind: 'join', rematchId: 'the rematch' });
    expect(decideRematch(finished, BOB, 'the rematch')).toEqual({ ok: true, kind: 'join', rematchId: 'the rematch' });
  });

  it('is refused to anyone not seated in the game, and to a visitor who is not logged in', () => {
    for (const actor of [EVE, null]) {
      expect(decideRematch(finished, actor, null)).toMatchObject({
        ok: false,
        code: 'FORBIDDEN',
        message: 'Only the players of a game can ask for its rematch.',
      });
      expect(decideRematch(finished, actor, 'the rematch')).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    }
  });

  it('is refused while the game waits for players or is being played', () => {
    const waiting = gameAfter(playing(3).slice(0, 3));
    const beingPlayed = gameAfter([...playing(3), ...turn(0), resigned(1, BOB)]);
    for (const game of [waiting, beingPlayed]) {
      expect(decideRematch(game, ANN, null)).toMatchObject({
        ok: false,
        code: 'GAME_NOT_ACTIVE',
        message: 'A rematch can be asked for once the game is over.',
      });
    }
  });

  it('is open, as the page shows it, to exactly those it is not refused', () => {
    expect([ANN, BOB, CAT, EVE, null].map((actor) => rematchRefusal(finished, actor) === null)).toEqual([true, true, true, false, false]);
  });
});
