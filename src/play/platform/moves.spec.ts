/** Playing: moves, undo and the host's rollback, given/when/then over events, every refusal included. */
import { countingAcceptingUnlisted } from '../../../test/support/counting-game';
import { EndedByHost, GameRolledBack, MoveUndone, PlayerResigned, SeedRevealed, TakebackRequested } from '../platform-events';
import { type EventAfter, type ReturnPoint, returnPointOf } from './return-point';
import { added, ANN, appended, BOB, CAT, created, endedTurn, EVE, given, playing, SERVER_SEED, seatTaken, turn } from './test-support/specification';

const move = (amount: 1 | 2 | 3, expectedVersion = 5) => ({ type: 'move', move: { type: 'add', amount }, expectedVersion }) as const;
const ended = { type: EndedByHost, payload: { reason: 'enough' }, actorUserId: ANN };
const resigned = (seat: number, userId: string) => ({ type: PlayerResigned, payload: { seat, userId }, actorUserId: userId, actorSeat: seat });

describe('a move', () => {
  it("is the ruleset's events, opened by the move as submitted, reversible as the rules say", () => {
    given(playing())
      .when(move(1), ANN)
      .then([
        { type: 'added', payload: { seat: 0, amount: 1 }, actorUserId: ANN, actorSeat: 0, stepStart: true, reversible: true, move: { type: 'add', amount: 1 } },
      ]);
  });

  it('that finishes the game is followed by the server seed, revealed', () => {
    given([...playing(2, { options: { target: 3 } }), added(0, 2)])
      .when(move(1, 6), ANN)
      .thenMatching([{ type: 'added' }, { type: SeedRevealed, payload: { serverSeed: SERVER_SEED }, actorUserId: null }]);
  });

  it.each([
    ['by someone without a seat', playing(), move(1), EVE, 'FORBIDDEN', 'You do not have a seat in this game.'],
    ['before the start', [created(), seatTaken(0, ANN), seatTaken(1, BOB)], move(1, 3), ANN, 'GAME_NOT_ACTIVE', 'The game has not started yet.'],
    ['after the end', [...playing(), ended], move(1, 6), ANN, 'GAME_NOT_ACTIVE', 'The game is over.'],
    ['made at another version', playing(), move(1, 4), ANN, 'VERSION_CONFLICT', 'it is at version 5, your move was made at version 4'],
    ['out of turn', playing(), move(1), BOB, 'NOT_YOUR_TURN', 'It is not your turn.'],
    ['the rules refuse', playing(), move(3), ANN, 'ILLEGAL_MOVE', 'That move is not allowed now.'],
  ] as const)('is refused %s', (_what, events, command, actor, code, words) => {
    given(events).when(command, actor).thenRefused(code, words);
  });

  it('is refused when the rules accept it but do not list it, which they must not', () => {
    given(playing(), countingAcceptingUnlisted).when(move(2), ANN).thenRefused('ILLEGAL_MOVE', 'That move is not one of the moves allowed now.');
    given(playing(), countingAcceptingUnlisted)
      .when(move(1), ANN)
      .thenMatching([{ type: 'added' }]);
  });

  it('is refused by a player who left, though bots take over their seat and it is to act until the bot has moved', () => {
    const bobsTurn = [...playing(3, { whenPlayerLeaves: 'BOT' }), resigned(1, BOB), ...turn(0)];
    given(bobsTurn)
      .when({ type: 'move', move: { type: 'add', amount: 1 }, expectedVersion: bobsTurn.length }, BOB)
      .thenRefused('FORBIDDEN', 'You have left this game.');
  });

  it('made at another version says which, for the page to catch up', () => {
    expect(appended(playing(), move(1, 4), ANN)).toMatchObject({ ok: false, details: { currentVersion: 5, expectedVersion: 4 } });
  });
});

describe('taking back one’s own step', () => {
  it('returns the game to just before it', () => {
    given([...playing(), added(0)])
      .when({ type: 'undo' }, ANN)
      .then([{ type: MoveUndone, payload: { toVersion: 5 }, actorUserId: ANN, actorSeat: 0 }]);
  });

  it.each([
    ['by someone without a seat', [...playing(), added(0)], EVE, 'FORBIDDEN', 'You do not have a seat in this game.'],
    ['after the end', [...playing(), added(0), ended], ANN, 'GAME_NOT_ACTIVE', 'The game is over.'],
    ['of a step that drew a card', [...playing(), ...turn(0)], ANN, 'ILLEGAL_MOVE', 'You have no step to take back'],
    ["of another player's step", [...playing(), added(0)], BOB, 'ILLEGAL_MOVE', 'You have no step to take back'],
    ['by a player who left', [...playing(3, { whenPlayerLeaves: 'BOT' }), added(0), resigned(1, BOB)], BOB, 'FORBIDDEN', 'You have left this game.'],
  ] as const)('is refused %s', (_what, events, actor, code, words) => {
    given(events).when({ type: 'undo' }, actor).thenRefused(code, words);
  });
});

describe("the host's rollback", () => {
  /** Ann's turn (versions 6, 7), then Bob's (8, 9). */
  const twoTurns = [...playing(), ...turn(0), ...turn(1)];
  const fine: ReturnPoint = { setAside: false, insideOneStep: false, playedSince: true };
  const rollback = (toVersion: number, point: Partial<ReturnPoint> = {}, reason = 'misclick') =>
    ({ type: 'rollback', toVersion, reason, returnPoint: { ...fine, ...point } }) as const;

  it('returns the game to the version asked, with the reason', () => {
    given(twoTurns)
      .when(rollback(7, {}, '  misclick '), ANN)
      .then([{ type: GameRolledBack, payload: { toVersion: 7, reason: 'misclick' }, actorUserId: ANN, actorSeat: 0 }]);
  });

  const catLeft = [...playing(3), ...turn(0), resigned(2, CAT), ...turn(1)];

  it.each([
    ['by anyone but the host', twoTurns, rollback(7), BOB, 'FORBIDDEN', 'Only the host can roll the game back.'],
    ['before the start', [created(), seatTaken(0, ANN)], rollback(1), ANN, 'GAME_NOT_ACTIVE', 'The game has not started yet.'],
    ['after the end', [...twoTurns, ended], rollback(7), ANN, 'GAME_NOT_ACTIVE', 'it can no longer be rolled back'],
    ['with nothing played', playing(), rollback(4), ANN, 'BAD_USER_INPUT', 'There is nothing to roll back yet.'],
    ['to before the start', twoTurns, rollback(4), ANN, 'BAD_USER_INPUT', 'toVersion must be from 5 (the start of play) to 8.'],
    ['to now', twoTurns, rollback(9), ANN, 'BAD_USER_INPUT', 'toVersion must be from 5 (the start of play) to 8.'],
    ['to before a player left', catLeft, rollback(7), ANN, 'BAD_USER_INPUT', 'toVersion must be from 9 (when the last player left) to 10.'],
    ['without a reason', twoTurns, rollback(7, {}, ' '), ANN, 'BAD_USER_INPUT', 'The reason for a rollback must be 1 to 500 characters long.'],
    ['to a point set aside since', twoTurns, rollback(7, { setAside: true }), ANN, 'BAD_USER_INPUT', 'Version 7 was rolled back or taken back since'],
    ['into one step', twoTurns, rollback(7, { insideOneStep: true }), ANN, 'BAD_USER_INPUT', "Version 7 is inside one move's events"],
    ['to where the game stands', twoTurns, rollback(7, { playedSince: false }), ANN, 'BAD_USER_INPUT', 'Nothing was played since that point'],
  ] as const)('is refused %s', (_what, events, command, actor, code, words) => {
    given(events).when(command, actor).thenRefused(code, words);
  });
});

describe('what the events after a point say of going back to it', () => {
  const after = (seq: number, type: string, extra: Partial<EventAfter> = {}): EventAfter => ({
    seq,
    type,
    actorUserId: ANN,
    stepStart: !type.startsWith('game.'),
    toVersion: null,
    ...extra,
  });

  it('a point before a move, on the line in force, is fine', () => {
    expect(returnPointOf([after(8, 'added'), after(9, 'cardDrawn')], 7, 9)).toEqual({ setAside: false, insideOneStep: false, playedSince: true });
  });

  it('a point undone or rolled back since is set aside', () => {
    const events = [after(8, 'added'), after(9, GameRolledBack, { toVersion: 6 }), after(10, 'added')];
    expect(returnPointOf(events, 7, 10)).toMatchObject({ setAside: true });
    expect(returnPointOf(events, 6, 10)).toMatchObject({ setAside: false, playedSince: true });
  });

  it('a point followed by the rest of a step is inside it', () => {
    expect(returnPointOf([after(8, 'cardDrawn', { actorUserId: null, stepStart: false })], 7, 8)).toMatchObject({ insideOneStep: true });
  });

  it('a point followed by nothing but requests, answers and play set aside is where the game stands', () => {
    const events = [after(8, 'added'), after(9, GameRolledBack, { toVersion: 7 }), after(10, TakebackRequested)];
    expect(returnPointOf(events, 7, 10)).toMatchObject({ setAside: false, playedSince: false });
  });
});

describe('a move by the server', () => {
  it('is refused: the server plays for nobody', () => {
    given(playing()).when(move(1), null).thenRefused('FORBIDDEN');
    given([...playing(), endedTurn(0)])
      .when({ type: 'undo' }, null)
      .thenRefused('FORBIDDEN');
  });
});
