/** Whether a finished game is rated, and how its seats are ranked: every reason it is not, ties, seats that left, agreed ends. */
import * as platform from '../platform-events';
import { type RatedGameEvent, type RatingVerdict, ratingVerdict, type RecordedResult } from './rated-games';

const { DeadlinePassed, EndedByHost, GameCreated, GameStarted, PlayerRemoved, PlayerResigned, SeatGivenUp, SeatReassigned, SeatTaken, SeedRevealed } = platform;

const PLAYERS = ['ann', 'bob', 'cat', 'dan'];
const T0 = Date.parse('2026-11-01T10:00:00.000Z');

function event(type: string, payload: Record<string, unknown>, extra: Partial<RatedGameEvent> = {}): RatedGameEvent {
  return { type, payload, actorSeat: null, actorUserId: null, stepStart: false, at: new Date(T0).toISOString(), ...extra };
}

/** A move of `seat`'s own, at `minutes` after the start. */
const move = (seat: number, minutes = 1) =>
  event('add', { amount: 1 }, { actorSeat: seat, actorUserId: PLAYERS[seat], stepStart: true, at: new Date(T0 + minutes * 60_000).toISOString() });

/** A game of `seats` players, created with `created`, each of whom made a move; `then` follows, and the seed's reveal at `endMinutes`. */
function game(seats: number, created: Record<string, unknown> = {}, then: RatedGameEvent[] = [], endMinutes = 30): RatedGameEvent[] {
  return [
    event(GameCreated, { ruleset: 'counting', seats, options: {}, hostId: 'ann', fixedSeed: false, commitment: 'c', ...created }),
    ...PLAYERS.slice(0, seats).map((userId, seat) => event(SeatTaken, { seat, userId })),
    event(GameStarted, {}),
    ...PLAYERS.slice(0, seats).map((_, seat) => move(seat)),
    ...then,
    event(SeedRevealed, { serverSeed: 's' }, { at: new Date(T0 + endMinutes * 60_000).toISOString() }),
  ];
}

/** A rated game's ranking as "player:place" words, best first. */
const places = (verdict: RatingVerdict) => (verdict.rated ? verdict.ranking.map(({ userId, rank }) => `${userId}:${rank}`) : verdict.reason);

const result = (winners: number[], scores: number[] | null = null, detail: Record<string, unknown> | null = null): RecordedResult => ({
  scores,
  winners,
  detail,
});

describe('a finished game is rated', () => {
  it('with its players ranked: the winner first, the others by score, ties sharing a place; ordered by when it ended', () => {
    expect(ratingVerdict('g1', game(4), result([2], [5, 7, 9, 5]))).toEqual({
      rated: true,
      gameId: 'g1',
      ruleset: 'counting',
      groupId: null,
      endedAt: '2026-11-01T10:30:00.000Z',
      ranking: [
        { userId: 'cat', rank: 1 },
        { userId: 'bob', rank: 2 },
        { userId: 'ann', rank: 3 },
        { userId: 'dan', rank: 3 },
      ],
    });
  });

  it('in its group; records without `rated` are rated, as the default is', () => {
    expect(ratingVerdict('g1', game(2, { groupId: 'club' }), result([0]))).toMatchObject({ rated: true, groupId: 'club' });
    expect(ratingVerdict('g1', game(2, { rated: true }), result([0]))).toMatchObject({ rated: true });
  });

  it('as a draw when every seat scored the same: a real result, unlike a shared fate with no scores', () => {
    expect(ratingVerdict('g1', game(2), result([0, 1], [4, 4]))).toMatchObject({ rated: true, ranking: [{ rank: 1 }, { rank: 1 }] });
  });

  it('with seats that left ranked last, the first to leave lowest, after those still playing', () => {
    const left = [event(PlayerResigned, { seat: 1, userId: 'bob' }), event(PlayerResigned, { seat: 3, userId: 'dan' })];
    expect(places(ratingVerdict('g1', game(4, {}, left), result([0], [1, 9, 2, 9], { resigned: [1, 3] })))).toEqual(['ann:1', 'cat:2', 'dan:3', 'bob:4']);
  });

  it('as the game recorded an agreed end: its result as it stood', () => {
    expect(places(ratingVerdict('g1', game(3), result([1], [3, 8, 3], { endedByAgreement: true })))).toEqual(['bob:1', 'ann:2', 'cat:2']);
  });

  it('as a draw when its players agreed to end it where it ranks nobody', () => {
    expect(ratingVerdict('g1', game(2), result([], null, { endedByAgreement: true }))).toMatchObject({ rated: true, ranking: [{ rank: 1 }, { rank: 1 }] });
  });

  it("for the seat's player at the end, when it changed hands", () => {
    const handed = [event(SeatReassigned, { seat: 1, userId: 'eve', previousUserId: 'bob', offerSeq: 9 })];
    expect(places(ratingVerdict('g1', game(2, {}, handed), result([1])))).toEqual(['eve:1', 'ann:2']);
  });

  it('when a deadline ended it after every seat had moved', () => {
    const ended = [event(DeadlinePassed, { seat: 0, userId: 'ann' }), event(EndedByHost, { reason: 'seat 1 ran out of time', seat: 0 })];
    expect(ratingVerdict('g1', game(2, {}, ended), result([1], [0, 1]))).toMatchObject({ rated: true });
  });

  it("when a bot played the turn of a player who ran out of time: else letting one's clock run out would void a lost game", () => {
    const botTurn = [event(DeadlinePassed, { seat: 0, userId: 'ann' }), event('game.botMoved', { seat: 0, level: 'GREEDY' })];
    expect(ratingVerdict('g1', game(2, { moveDeadline: { onExpiry: 'BOT' } }, botTurn), result([1]))).toMatchObject({ rated: true });
  });
});

describe('a finished game is never rated', () => {
  const noMoveYet = (events: RatedGameEvent[]) => events.filter((e) => !(e.stepStart && e.actorSeat === 1));

  it.each([
    ['its host made it unrated', game(2, { rated: false }), result([0]), 'NOT_RATED_BY_HOST'],
    ['bots had seats from the start', game(2, { bots: [{ seat: 1, level: 'RANDOM' }] }), result([0]), 'BOTS'],
    ['its seed was fixed', game(2, { fixedSeed: true }), result([0]), 'FIXED_SEED'],
    ['it was stored before commitments (its seed in the creation)', game(2, { fixedSeed: undefined, seed: 'old' }), result([0]), 'FIXED_SEED'],
    [
      'one player held every seat',
      game(2).map((e) => (e.type === SeatTaken ? { ...e, payload: { ...e.payload, userId: 'ann' } } : e)),
      result([0]),
      'FEWER_THAN_TWO_PLAYERS',
    ],
    [
      'a seat was given up and never taken again',
      [...game(2).slice(0, 3), event(SeatGivenUp, { seat: 1, userId: 'bob' }), ...game(2).slice(3)],
      result([0]),
      'FEWER_THAN_TWO_PLAYERS',
    ],
    [
      "a deadline's end came before every seat had moved",
      noMoveYet(game(2, {}, [event(EndedByHost, { reason: 'seat 2 ran out of time', seat: 1 })])),
      result([0]),
      'DEADLINE_BEFORE_FIRST_ROUND',
    ],
    [
      'the host removed a late player, the last but one, before every seat had moved',
      noMoveYet(game(2, {}, [event(PlayerRemoved, { seat: 1, userId: 'bob', deadlinePassedSeq: 5 })])),
      result([0], null, { resigned: [1], endedByResignation: true }),
      'DEADLINE_BEFORE_FIRST_ROUND',
    ],
    ['everyone shared one fate with no scores (a cooperative game)', game(3), result([]), 'NO_RANKING'],
  ])('when %s', (_, events, recorded, reason) => {
    expect(ratingVerdict('g1', events, recorded)).toEqual({ rated: false, reason });
  });

  it('but a player resigning before every seat moved ends no game by a deadline: it is rated', () => {
    const resigned = noMoveYet(game(2, {}, [event(PlayerResigned, { seat: 1, userId: 'bob' })]));
    expect(ratingVerdict('g1', resigned, result([0], null, { resigned: [1], endedByResignation: true }))).toMatchObject({ rated: true });
  });
});
