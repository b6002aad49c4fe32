/** The game's life: leaving, takebacks, ending by agreement, lapses; given/when/then over events, every refusal included. */
import {
  DeadlinePassed,
  EndAnswered,
  EndedByAgreement,
  EndedByHost,
  EndProposed,
  PlayerRemoved,
  PlayerResigned,
  ProposalLapsed,
  ProposalWithdrawn,
  SeedRevealed,
  TakebackAnswered,
  TakebackRequested,
  TakenBack,
  TurnSkipped,
} from '../platform-events';
import { resignationEndsGame } from './life';
import type { ReturnPoint } from './return-point';
import { ANN, BOB, CAT, created, EVE, gameAfter, given, type GivenEvent, HOUR, NOW, playing, SERVER_SEED, seatTaken, turn } from './test-support/specification';

const LATER = new Date(NOW.getTime() + 48 * HOUR).toISOString();
const ended: GivenEvent = { type: EndedByHost, payload: { reason: 'enough' }, actorUserId: ANN };
const resigned = (seat: number, userId: string): GivenEvent => ({ type: PlayerResigned, payload: { seat, userId }, actorUserId: userId, actorSeat: seat });
const requested = (seat: number, userId: string, toVersion = 7): GivenEvent => ({
  type: TakebackRequested,
  payload: { seat, toVersion, reason: 'misclick', expiresAt: LATER },
  actorUserId: userId,
  actorSeat: seat,
});
const endProposed = (seat: number, userId: string): GivenEvent => ({
  type: EndProposed,
  payload: { seat, expiresAt: LATER },
  actorUserId: userId,
  actorSeat: seat,
});
const agreed = (type: string, seat: number, userId: string, proposalSeq: number): GivenEvent => ({
  type,
  payload: { seat, accept: true, proposalSeq },
  actorUserId: userId,
  actorSeat: seat,
});
const deadlinePassed = (seat: number, userId: string): GivenEvent => ({ type: DeadlinePassed, payload: { seat, userId } });

/** Ann's turn (versions 6, 7) and Bob's (8, 9), in a game of `seats`. */
const twoTurns = (seats = 2) => [...playing(seats), ...turn(0), ...turn(1)];
const fine: ReturnPoint = { setAside: false, insideOneStep: false, playedSince: true };
const takeback = (toVersion: number, point: Partial<ReturnPoint> = {}, reason = 'misclick') =>
  ({ type: 'requestTakeback', toVersion, reason, returnPoint: { ...fine, ...point } }) as const;
const answer = (kind: 'takeback' | 'end', accept: boolean) => ({ type: 'answer', kind, accept }) as const;

describe('whether resigning would end the game', () => {
  const endsIt = (events: readonly GivenEvent[], actor: string) => resignationEndsGame(gameAfter(events), actor);

  it('in a game of two, where the seat is passed over: yes, the other player wins', () => {
    expect(endsIt(twoTurns(), BOB)).toBe(true);
  });

  it('in a game of two, where a bot takes over the seat: no, the bot plays on', () => {
    expect(endsIt([...playing(2, { whenPlayerLeaves: 'BOT' }), ...turn(0), ...turn(1)], BOB)).toBe(false);
  });

  it('in a game of three: no, until only two are left', () => {
    expect(endsIt(twoTurns(3), BOB)).toBe(false);
    expect(endsIt([...twoTurns(3), resigned(2, CAT)], BOB)).toBe(true);
  });

  it('where the turns passed over for the seat reach the end: yes', () => {
    // Target 3: Ann, to act, leaves; the server adds for her until the counter reaches it.
    expect(endsIt(playing(3, { options: { target: 3 } }), ANN)).toBe(true);
  });

  it('where the player may not resign (no seat, left already, the game over): no', () => {
    expect(endsIt(twoTurns(), EVE)).toBe(false);
    expect(endsIt([...twoTurns(3), resigned(2, CAT)], CAT)).toBe(false);
    expect(endsIt([...twoTurns(), ended], BOB)).toBe(false);
  });
});

describe('resigning', () => {
  it('in a game of two: the other player wins, and the server seed is revealed with it', () => {
    given(twoTurns())
      .when({ type: 'resign' }, BOB)
      .then([
        { type: PlayerResigned, payload: { seat: 1, userId: BOB }, actorUserId: BOB, actorSeat: 1 },
        { type: SeedRevealed, payload: { serverSeed: SERVER_SEED } },
      ]);
  });

  it('in a game of three, by the seat to act: the game goes on, the seat passed over by its first listed moves', () => {
    given(playing(3))
      .when({ type: 'resign' }, ANN)
      .thenMatching([
        { type: PlayerResigned, payload: { seat: 0 } },
        { type: TurnSkipped, payload: { seat: 0, resigned: true }, actorUserId: null },
        { type: 'added', payload: { seat: 0, amount: 1 }, actorSeat: 0, stepStart: true },
        { type: 'added', actorSeat: 0, stepStart: false },
        { type: 'added', actorSeat: 0, stepStart: false },
        { type: 'cardDrawn', payload: { seat: 0 }, actorSeat: 0, stepStart: false },
      ]);
  });

  it.each([
    ['by someone without a seat', twoTurns(), EVE, 'FORBIDDEN', 'You do not have a seat in this game.'],
    ['before the start', [created(), seatTaken(0, ANN)], ANN, 'GAME_NOT_ACTIVE', 'The game has not started yet.'],
    ['after the end', [...twoTurns(), ended], BOB, 'GAME_NOT_ACTIVE', 'The game is over.'],
    ['twice', [...twoTurns(3), resigned(2, CAT)], CAT, 'ALREADY_DONE', 'You have already left this game.'],
  ] as const)('is refused %s', (_what, events, actor, code, words) => {
    given(events).when({ type: 'resign' }, actor).thenRefused(code, words);
  });
});

describe('the host removing a seat whose deadline passed', () => {
  const late = [...twoTurns(3), deadlinePassed(0, ANN)];

  it('takes it out as if its player had resigned, naming the deadline it rests on', () => {
    given([...twoTurns(), deadlinePassed(0, ANN)])
      .when({ type: 'remove', seat: 0 }, ANN)
      .thenMatching([
        { type: PlayerRemoved, payload: { seat: 0, userId: ANN, deadlinePassedSeq: 10 }, actorUserId: ANN, actorSeat: 0 },
        { type: SeedRevealed },
      ]);
  });

  it.each([
    ['by anyone but the host', late, BOB, 0, 'FORBIDDEN', 'Only the host can remove a player.'],
    ['after the end', [...late, ended], ANN, 0, 'GAME_NOT_ACTIVE', 'The game is over.'],
    ['of a seat the game does not have', late, ANN, 3, 'BAD_USER_INPUT', 'seat must be from 0 to 2'],
    ['of a seat that left', [...twoTurns(3), resigned(2, CAT)], ANN, 2, 'ALREADY_DONE', 'That player has already left the game.'],
    ['before its deadline passed', late, ANN, 1, 'DEADLINE_NOT_PASSED', "seat 2's has not"],
  ] as const)('is refused %s', (_what, events, actor, seat, code, words) => {
    given(events).when({ type: 'remove', seat }, actor).thenRefused(code, words);
  });
});

describe('takebacks by consent', () => {
  it('a request asks everyone else, for 48 hours', () => {
    given(twoTurns())
      .when(takeback(7, {}, ' misclick '), ANN)
      .then([{ type: TakebackRequested, payload: { seat: 0, toVersion: 7, reason: 'misclick', expiresAt: LATER }, actorUserId: ANN, actorSeat: 0 }]);
  });

  it('the last agreement takes the game back to the version asked; a decline ends the request', () => {
    given([...twoTurns(), requested(0, ANN)])
      .when(answer('takeback', true), BOB)
      .then([
        { type: TakebackAnswered, payload: { seat: 1, accept: true, proposalSeq: 10 }, actorUserId: BOB, actorSeat: 1 },
        { type: TakenBack, payload: { toVersion: 7, requestSeq: 10 } },
      ]);
    given([...twoTurns(), requested(0, ANN)])
      .when(answer('takeback', false), BOB)
      .then([{ type: TakebackAnswered, payload: { seat: 1, accept: false, proposalSeq: 10 }, actorUserId: BOB, actorSeat: 1 }]);
  });

  it('an agreement while others still have to answer waits for them', () => {
    given([...twoTurns(3), requested(0, ANN)])
      .when(answer('takeback', true), BOB)
      .thenMatching([{ type: TakebackAnswered, payload: { seat: 1, accept: true } }]);
  });

  it.each([
    ['by someone without a seat', twoTurns(), takeback(7), EVE, 'FORBIDDEN', 'You do not have a seat in this game.'],
    ['after the end', [...twoTurns(), ended], takeback(7), ANN, 'GAME_NOT_ACTIVE', 'The game is over.'],
    ['by a player who left', [...twoTurns(3), resigned(2, CAT)], takeback(7), CAT, 'FORBIDDEN', 'You have left this game.'],
    ['while a takeback waits', [...twoTurns(), requested(1, BOB)], takeback(7), ANN, 'PROPOSAL_PENDING', 'A takeback is already waiting for answers.'],
    ['while a proposal to end waits', [...twoTurns(), endProposed(1, BOB)], takeback(7), ANN, 'PROPOSAL_PENDING', 'A proposal to end the game is already'],
    ['with nothing played', playing(), takeback(4), ANN, 'BAD_USER_INPUT', 'There is nothing to take back yet.'],
    ['to before the start', twoTurns(), takeback(3), ANN, 'BAD_USER_INPUT', 'toVersion must be from 5 to 8.'],
    ['without a reason', twoTurns(), takeback(7, {}, ''), ANN, 'BAD_USER_INPUT', 'The reason for a takeback must be 1 to 500 characters long.'],
    ['to a point set aside since', twoTurns(), takeback(7, { setAside: true }), ANN, 'BAD_USER_INPUT', 'was rolled back or taken back since'],
    ['into one step', twoTurns(), takeback(7, { insideOneStep: true }), ANN, 'BAD_USER_INPUT', "inside one move's events"],
    ['to where the game stands', twoTurns(), takeback(7, { playedSince: false }), ANN, 'BAD_USER_INPUT', 'Nothing was played since that point'],
  ] as const)('a request is refused %s', (_what, events, command, actor, code, words) => {
    given(events).when(command, actor).thenRefused(code, words);
  });

  const waiting = [...twoTurns(3), requested(0, ANN)];
  it.each([
    ['by someone without a seat', waiting, EVE, NOW, 'FORBIDDEN', 'You do not have a seat in this game.'],
    ['after the end', [...waiting, ended], BOB, NOW, 'GAME_NOT_ACTIVE', 'The game is over.'],
    ['with none asked', twoTurns(3), BOB, NOW, 'NOTHING_PENDING', 'There is no takeback waiting for an answer.'],
    ['of a proposal to end', [...twoTurns(3), endProposed(0, ANN)], BOB, NOW, 'NOTHING_PENDING', 'There is no takeback waiting for an answer.'],
    ['once it lapsed', waiting, BOB, new Date(NOW.getTime() + 49 * HOUR), 'NOTHING_PENDING', 'There is no takeback waiting'],
    ['by a player who left', [...twoTurns(3), resigned(2, CAT), requested(0, ANN, 8)], CAT, NOW, 'FORBIDDEN', 'You have left this game.'],
    ['by the player who asked', waiting, ANN, NOW, 'ALREADY_DONE', 'You made this takeback: the others answer it.'],
    ['twice', [...waiting, agreed(TakebackAnswered, 1, BOB, 10)], BOB, NOW, 'ALREADY_DONE', 'You have already agreed to this takeback.'],
  ] as const)('an answer is refused %s', (_what, events, actor, now, code, words) => {
    given(events).when(answer('takeback', true), actor, now).thenRefused(code, words);
  });
});

describe('ending by agreement', () => {
  it('a proposal asks everyone else, for 48 hours', () => {
    given(twoTurns())
      .when({ type: 'proposeEnd' }, BOB)
      .then([{ type: EndProposed, payload: { seat: 1, expiresAt: LATER }, actorUserId: BOB, actorSeat: 1 }]);
  });

  it('the last agreement ends the game with its current result, revealing the seed', () => {
    given([...twoTurns(), endProposed(1, BOB)])
      .when(answer('end', true), ANN)
      .then([
        { type: EndAnswered, payload: { seat: 0, accept: true, proposalSeq: 10 }, actorUserId: ANN, actorSeat: 0 },
        { type: EndedByAgreement, payload: { proposalSeq: 10 } },
        { type: SeedRevealed, payload: { serverSeed: SERVER_SEED } },
      ]);
  });

  it.each([
    ['by someone without a seat', twoTurns(), EVE, 'FORBIDDEN', 'You do not have a seat in this game.'],
    ['before the start', [created(), seatTaken(0, ANN)], ANN, 'GAME_NOT_ACTIVE', 'The game has not started yet.'],
    ['by a player who left', [...twoTurns(3), resigned(2, CAT)], CAT, 'FORBIDDEN', 'You have left this game.'],
    ['while another waits', [...twoTurns(), endProposed(0, ANN)], BOB, 'PROPOSAL_PENDING', 'A proposal to end the game is already waiting'],
  ] as const)('a proposal is refused %s', (_what, events, actor, code, words) => {
    given(events).when({ type: 'proposeEnd' }, actor).thenRefused(code, words);
  });

  it('an answer by the player who proposed is refused', () => {
    given([...twoTurns(), endProposed(1, BOB)])
      .when(answer('end', true), BOB)
      .thenRefused('ALREADY_DONE', 'You made this proposal to end the game: the others answer it.');
  });
});

describe('withdrawing a request', () => {
  const waiting = [...twoTurns(), requested(0, ANN)];

  it('by whoever made it, before everyone answered', () => {
    given(waiting)
      .when({ type: 'withdraw' }, ANN)
      .then([{ type: ProposalWithdrawn, payload: { seat: 0, proposalSeq: 10 }, actorUserId: ANN, actorSeat: 0 }]);
  });

  it.each([
    ['by someone without a seat', waiting, EVE, 'FORBIDDEN', 'You do not have a seat in this game.'],
    ['after the end', [...waiting, ended], ANN, 'GAME_NOT_ACTIVE', 'The game is over.'],
    ['with none waiting', twoTurns(), ANN, 'NOTHING_PENDING', 'There is no takeback or proposal to end the game waiting for answers.'],
    ['by another player', waiting, BOB, 'FORBIDDEN', 'Only the player who asked can withdraw it; you may decline it.'],
  ] as const)('is refused %s', (_what, events, actor, code, words) => {
    given(events).when({ type: 'withdraw' }, actor).thenRefused(code, words);
  });
});

describe('a request nobody answered in time', () => {
  const waiting = [...twoTurns(), requested(0, ANN)];
  const expired = new Date(NOW.getTime() + 48 * HOUR);

  it('lapses when the server says so, once it expired', () => {
    given(waiting)
      .when({ type: 'lapse' }, null, expired)
      .then([{ type: ProposalLapsed, payload: { proposalSeq: 10 } }]);
  });

  it.each([
    ['by a player', waiting, ANN, expired, 'FORBIDDEN', 'Only the server records that a request lapsed.'],
    ['after the end', [...waiting, ended], null, expired, 'GAME_NOT_ACTIVE', 'The game is over.'],
    ['with none waiting', twoTurns(), null, expired, 'NOTHING_PENDING', 'No takeback or proposal to end the game has lapsed.'],
    ['before it expired', waiting, null, NOW, 'NOTHING_PENDING', 'No takeback or proposal to end the game has lapsed.'],
  ] as const)('is refused %s', (_what, events, actor, now, code, words) => {
    given(events).when({ type: 'lapse' }, actor, now).thenRefused(code, words);
  });
});
