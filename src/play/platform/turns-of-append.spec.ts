/**
 * Which seats' turns an append ends, begins (or begins again) and extends,
 * given/when/then: given the game's events, when this command's append, then
 * these turns. The server's deadlines and turn mail and the verifier's clocks
 * all follow this one rule (turnsOfAppend in clocks.ts).
 */
import { countingGame, type CountingState } from '../../../test/support/counting-game';
import type { AnyRuleset, Ruleset } from '../../rules/contract';
import { gameStatus } from '../game-state';
import { DeadlinePassed, PlayerResigned, SeatOffered } from '../platform-events';
import { seatsToAct, turnsOfAppend } from './clocks';
import type { PlatformCommand } from './commands';
import { added, ANN, appended, BOB, created, EVE, gameAfter, type GivenEvent, playing, seatTaken, startedWith, turn } from './test-support/specification';

const MOVE_DEADLINE = { moveDeadline: { hoursPerMove: 24, reminderHoursBefore: 0, onExpiry: 'ASK_HOST' } };
/** Ann (seat 0) to play, Bob (seat 1) next, each with a day a move. */
const annToPlay = () => playing(2, MOVE_DEADLINE);
const deadlinePassed = (seat: number, userId: string): GivenEvent => ({ type: DeadlinePassed, payload: { seat, userId } });
const move = (played: { type: 'add'; amount: 1 } | { type: 'endTurn' }, expectedVersion: number): PlatformCommand => ({
  type: 'move',
  move: played,
  expectedVersion,
});
const addOne = { type: 'add', amount: 1 } as const;
const endTurn = { type: 'endTurn' } as const;

/** The test game, where a skipped seat's next turn follows at once: passing only clears what it added this turn. */
const passingToItself: Ruleset<CountingState> = {
  ...(countingGame as Ruleset<CountingState>),
  skipTurn: (state, seat) => (seat === state.turn ? [{ type: 'turnPassed', seat }] : null),
  evolve: (state, event) => (event.type === 'turnPassed' ? { ...state, addedThisTurn: 0 } : countingGame.evolve(state, event as never)),
};

function given(events: readonly GivenEvent[], ruleset: AnyRuleset = countingGame) {
  return {
    when(command: PlatformCommand, actor: string | null) {
      const outcome = appended(events, command, actor, undefined, ruleset);
      if (!outcome.ok) throw new Error(`${command.type} by ${actor}: ${outcome.message}`);
      const before = gameAfter(events, ruleset).state;
      const after = gameAfter([...events, ...outcome.events], ruleset).state;
      const turns = turnsOfAppend(ruleset, {
        toActBefore: seatsToAct(gameStatus(ruleset, before)),
        state: after,
        status: gameStatus(ruleset, after),
        events: outcome.events,
      });
      return {
        then(expected: { ended: number[]; started: number[]; extended?: number[]; passed?: number[] }): void {
          expect(turns).toEqual({ extended: [], passed: [], ...expected });
        },
      };
    },
  };
}

describe('the turns an append ends and begins', () => {
  it('a move within the turn: none', () => {
    given(annToPlay()).when(move(addOne, 5), ANN).then({ ended: [], started: [] });
  });

  it("a move that ends the turn: its seat's turn ends, the next seat's begins", () => {
    given([...annToPlay(), added(0)])
      .when(move(endTurn, 6), ANN)
      .then({ ended: [0], started: [1] });
  });

  it("the start: the first player's turn begins (Bob's, as the specifications' seed deals)", () => {
    given([created(MOVE_DEADLINE), seatTaken(0, ANN), seatTaken(1, BOB)])
      .when({ type: 'start' }, ANN)
      .then({ ended: [], started: [1] });
  });

  it('the end of the game: every turn ends, none begins', () => {
    given(annToPlay())
      .when({ type: 'resign' }, BOB)
      .then({ ended: [0], started: [] });
  });

  describe('a seat that changes hands', () => {
    const offeredBy = (seat: number, userId: string): GivenEvent => ({
      type: SeatOffered,
      payload: { seat, invitationId: 'o1' },
      actorUserId: userId,
      actorSeat: seat,
    });

    it('while it is to act: its turn begins again, for its new player', () => {
      given([...annToPlay(), offeredBy(0, ANN)])
        .when({ type: 'takeSeat', invitationId: 'o1' }, EVE)
        .then({ ended: [0], started: [0] });
    });

    it('while another seat is to act: no turn', () => {
      given([...annToPlay(), offeredBy(1, BOB)])
        .when({ type: 'takeSeat', invitationId: 'o1' }, EVE)
        .then({ ended: [], started: [] });
    });
  });

  describe('a deadline', () => {
    const annLate = () => [...annToPlay(), deadlinePassed(0, ANN)];

    it('passing: the same turn, its deadline passed', () => {
      given(annToPlay())
        .when({ type: 'deadlinePassed', seat: 0 }, null)
        .then({ ended: [], started: [], passed: [0] });
    });

    it("passing, where the game's settings skip the turn and the seat's next one follows at once: that turn begins, its deadline running", () => {
      const skipping = playing(2, { moveDeadline: { ...MOVE_DEADLINE.moveDeadline, onExpiry: 'SKIP' } });
      given(skipping, passingToItself)
        .when({ type: 'deadlinePassed', seat: 0 }, null)
        .then({ ended: [0], started: [0] });
    });

    it("passing, where the game's settings extend it: the same turn, with more time, its deadline running", () => {
      const extending = playing(2, { moveDeadline: { ...MOVE_DEADLINE.moveDeadline, onExpiry: 'EXTEND' } });
      given(extending)
        .when({ type: 'deadlinePassed', seat: 0 }, null)
        .then({ ended: [], started: [], extended: [0] });
    });

    it('extended: the same turn, with more time', () => {
      given(annLate())
        .when({ type: 'resolveDeadline', seat: 0, action: 'EXTEND', deadlinePassed: true }, ANN)
        .then({ ended: [], started: [], extended: [0] });
    });

    it("skipped, where the seat's next turn follows at once: that turn begins", () => {
      given(annLate(), passingToItself)
        .when({ type: 'resolveDeadline', seat: 0, action: 'SKIP', deadlinePassed: true }, ANN)
        .then({ ended: [0], started: [0] });
    });
  });

  it("the host's rollback: every turn to act begins again", () => {
    const returnPoint = { setAside: false, insideOneStep: false, playedSince: true };
    given([...annToPlay(), ...turn(0), ...turn(1)])
      // Back to the start (version 5), Ann to play then as now.
      .when({ type: 'rollback', toVersion: 5, reason: 'misclick', returnPoint }, ANN)
      .then({ ended: [0], started: [0] });
  });

  describe('a seat a bot plays', () => {
    /** Ann (seat 0) to play against a bot (seat 1). */
    const againstABot = () => [created({ ...MOVE_DEADLINE, bots: [{ seat: 1, level: 'RANDOM' }] }), seatTaken(0, ANN), ...startedWith(0)];

    it('has no turn of a player to begin: its bot moves in a moment', () => {
      given([...againstABot(), added(0)])
        .when(move(endTurn, 5), ANN)
        .then({ ended: [0], started: [] });
    });

    describe('that a bot takes over as its player leaves', () => {
      /** Ann (seat 0) to play, against Bob and Cat, in a game where bots take the seats of players who leave. */
      const botsTakeOver = () => playing(3, { ...MOVE_DEADLINE, whenPlayerLeaves: 'BOT' });

      it("while it is to act: its player's turn ends there, though the seat is still to act till its bot moves", () => {
        given(botsTakeOver())
          .when({ type: 'resign' }, ANN)
          .then({ ended: [0], started: [] });
      });

      it("taken out by the host after its deadline passed: its player's turn ends there", () => {
        given([...botsTakeOver(), ...turn(0), deadlinePassed(1, BOB)])
          .when({ type: 'remove', seat: 1 }, ANN)
          .then({ ended: [1], started: [] });
      });

      it('while another seat is to act: no turn', () => {
        given(botsTakeOver()).when({ type: 'resign' }, BOB).then({ ended: [], started: [] });
      });

      it('after that: a later append ends no turn of it again (a bank would get its increment again)', () => {
        given([...botsTakeOver(), { type: PlayerResigned, payload: { seat: 0, userId: ANN }, actorUserId: ANN, actorSeat: 0 }])
          .when({ type: 'proposeEnd' }, BOB)
          .then({ ended: [], started: [] });
      });
    });

    it('nor after a rollback to its turn: no deadline runs for a bot', () => {
      const returnPoint = { setAside: false, insideOneStep: false, playedSince: true };
      // Back to the bot's turn (version 6), from Ann's after it.
      given([...againstABot(), ...turn(0), ...turn(1)])
        .when({ type: 'rollback', toVersion: 6, reason: 'misclick', returnPoint }, ANN)
        .then({ ended: [0], started: [] });
    });
  });
});
