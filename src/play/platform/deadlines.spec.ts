/** Move deadlines: passing, and what follows, at once or by the host's choice; given/when/then over events, every refusal included. */
import { countingGame, type CountingState } from '../../../test/support/counting-game';
import type { Ruleset } from '../../rules/contract';
import { type DeadlineAction, DeadlineExtended, DeadlinePassed, EndedByHost, SeedRevealed, TurnSkipped } from '../platform-events';
import { deadlineActions } from './deadlines';
import { ANN, appended, BOB, created, gameAfter, given, type GivenEvent, HOUR, NOW, playing, seatTaken, turn } from './test-support/specification';

/** The test game, but a player who runs out of time can be passed over (as test/deadlines.e2e-spec.ts plays it). */
const skippable: Ruleset<CountingState> = {
  ...(countingGame as Ruleset<CountingState>),
  skipTurn: (state, seat) => (seat === state.turn ? [{ type: 'turnPassed', seat }] : null),
  evolve: (state, event) =>
    event.type === 'turnPassed' ? { ...state, turn: (state.turn + 1) % state.seats, addedThisTurn: 0 } : countingGame.evolve(state, event as never),
};

const withDeadlines = (onExpiry: string) => playing(2, { moveDeadline: { hoursPerMove: 24, reminderHoursBefore: 12, onExpiry } });
const passed = (seat: number, onExpiry: string) => ({
  type: DeadlinePassed,
  payload: { seat, userId: [ANN, BOB][seat] },
  move: { cause: 'deadlinePassed', seat, onExpiry },
});
const IN_A_DAY = new Date(NOW.getTime() + 24 * HOUR).toISOString();

describe('a move deadline passing', () => {
  it('is only recorded, when the game leaves it to the host', () => {
    given(withDeadlines('ASK_HOST'))
      .when({ type: 'deadlinePassed', seat: 0 }, null)
      .then([passed(0, 'ASK_HOST')]);
  });

  it('brings what the game says: a new deadline, or the end of the game', () => {
    given(withDeadlines('EXTEND'))
      .when({ type: 'deadlinePassed', seat: 0 }, null)
      .then([passed(0, 'EXTEND'), { type: DeadlineExtended, payload: { seat: 0, dueAt: IN_A_DAY } }]);
    given(withDeadlines('END'))
      .when({ type: 'deadlinePassed', seat: 0 }, null)
      .then([
        passed(0, 'END'),
        { type: EndedByHost, payload: { reason: 'seat 1 ran out of time', seat: 0 } },
        { type: SeedRevealed, payload: expect.any(Object) },
      ]);
  });

  it('passes the seat over where the rules can, and leaves it to the host where they cannot', () => {
    given(withDeadlines('SKIP'), skippable)
      .when({ type: 'deadlinePassed', seat: 0 }, null)
      .then([passed(0, 'SKIP'), { type: TurnSkipped, payload: { seat: 0 } }, { type: 'turnPassed', payload: { seat: 0 }, actorSeat: 0, stepStart: true }]);
    given(withDeadlines('SKIP'))
      .when({ type: 'deadlinePassed', seat: 0 }, null)
      .then([passed(0, 'SKIP')]);
  });

  it.each([
    ['by a player', withDeadlines('ASK_HOST'), ANN, 0, 'FORBIDDEN', 'Only the server records that a deadline passed.'],
    ['in a game without deadlines', playing(), null, 0, 'BAD_USER_INPUT', 'The game has no move deadlines.'],
    [
      'before the start',
      [created({ moveDeadline: { hoursPerMove: 24, reminderHoursBefore: 0, onExpiry: 'END' } }), seatTaken(0, ANN)],
      null,
      0,
      'GAME_NOT_ACTIVE',
      'The game has not started yet.',
    ],
    ['of a seat not to act', withDeadlines('ASK_HOST'), null, 1, 'BAD_USER_INPUT', 'Seat 2 is not to act'],
  ] as const)('is refused %s', (_what, events, actor, seat, code, words) => {
    given(events).when({ type: 'deadlinePassed', seat }, actor).thenRefused(code, words);
  });
});

describe("the host's decision after a deadline", () => {
  const late = [...withDeadlines('ASK_HOST'), ...turn(0), passed(1, 'ASK_HOST')];
  const resolve = (action: 'EXTEND' | 'SKIP' | 'END', seat = 1, deadlinePassed = true) => ({ type: 'resolveDeadline', seat, action, deadlinePassed }) as const;

  it('extends the deadline, skips the seat or ends the game, naming its cause', () => {
    given(late)
      .when(resolve('EXTEND'), ANN)
      .then([
        { type: DeadlineExtended, payload: { seat: 1, dueAt: IN_A_DAY }, actorUserId: ANN, move: { cause: 'resolveDeadline', seat: 1, action: 'EXTEND' } },
      ]);
    given(late, skippable)
      .when(resolve('SKIP'), ANN)
      .then([
        { type: TurnSkipped, payload: { seat: 1 }, actorUserId: ANN, move: { cause: 'resolveDeadline', seat: 1, action: 'SKIP' } },
        { type: 'turnPassed', payload: { seat: 1 }, actorSeat: 1, stepStart: true },
      ]);
    given(late)
      .when(resolve('END'), ANN)
      .thenMatching([{ type: EndedByHost, payload: { seat: 1 }, actorUserId: ANN }, { type: SeedRevealed }]);
  });

  it.each([
    ['by anyone but the host', late, resolve('EXTEND'), BOB, 'FORBIDDEN', 'Only the host decides what happens after a deadline.'],
    ['before the start', [created(), seatTaken(0, ANN)], resolve('EXTEND'), ANN, 'GAME_NOT_ACTIVE', 'The game is not being played.'],
    ['for a seat the game does not have', late, resolve('EXTEND', 2), ANN, 'BAD_USER_INPUT', 'seat must be from 0 to 1'],
    ['for a seat whose deadline has not passed', late, resolve('EXTEND', 1, false), ANN, 'BAD_USER_INPUT', 'Seat 2 has no deadline that has passed.'],
    ['in a game without deadlines', [...playing(), ...turn(0)], resolve('EXTEND'), ANN, 'BAD_USER_INPUT', 'The game has no move deadlines.'],
    ['to skip where the rules cannot', late, resolve('SKIP'), ANN, 'BAD_USER_INPUT', 'Counting (test game) cannot skip seat 2 now'],
  ] as const)('is refused %s', (_what, events, command, actor, code, words) => {
    given(events).when(command, actor).thenRefused(code, words);
  });
});

describe("the host's choices offered after a deadline", () => {
  const late = [...withDeadlines('ASK_HOST'), ...turn(0), passed(1, 'ASK_HOST')];

  it.each<[string, GivenEvent[], Ruleset<CountingState>, string, boolean, DeadlineAction[]]>([
    ['to the host, where the rules can skip the seat', late, skippable, ANN, true, ['EXTEND', 'SKIP', 'END']],
    ['to the host, where the rules cannot skip the seat', late, countingGame as Ruleset<CountingState>, ANN, true, ['EXTEND', 'END']],
    ['to a player who is not the host', late, skippable, BOB, true, []],
    ['to the host, before the deadline passed', late, skippable, ANN, false, []],
    ['to the host, once the game is over', [...late, { type: EndedByHost, payload: { reason: 'seat 2 ran out of time', seat: 1 } }], skippable, ANN, true, []],
  ])('are %s: exactly what the decider accepts', (_what, events, ruleset, actor, deadlinePassed, actions) => {
    const offered = deadlineActions(gameAfter(events, ruleset), 1, deadlinePassed, actor, NOW);
    expect(offered).toEqual(actions);
    const accepted = (action: DeadlineAction) => appended(events, { type: 'resolveDeadline', seat: 1, action, deadlinePassed }, actor, NOW, ruleset).ok;
    expect(offered).toEqual((['EXTEND', 'SKIP', 'END'] as const).filter(accepted));
  });
});
