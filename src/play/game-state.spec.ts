import { countingGame } from '../../test/support/counting-game';
import { commitmentTo } from '../randomness/draw-recipe';
import {
  DeadlinePassed,
  EndedByHost,
  EndProposed,
  GameCreated,
  GameRolledBack,
  GameStarted,
  MoveUndone,
  SeatGivenUp,
  SeatTaken,
  TakenBack,
} from './platform-events';
import { EMPTY_GAME_STATE, foldEvent, FoldableEvent, gameStatus, GameState, stateAfterJump } from './game-state';

const event = (seq: number, type: string, payload: Record<string, unknown> = {}): FoldableEvent => ({
  seq,
  type,
  payload,
  actorSeat: null,
  stepStart: false,
  reversible: false,
});

function startedGame(): GameState {
  return [
    event(1, GameCreated, { seats: 2, options: {}, commitment: 'c', fixedSeed: false }),
    event(2, SeatTaken, { seat: 0, userId: 'ann' }),
    event(3, SeatTaken, { seat: 1, userId: 'bob' }),
    event(4, GameStarted),
  ].reduce((state, e) => foldEvent(countingGame, state, e), EMPTY_GAME_STATE);
}

describe('gameStatus', () => {
  it('asks the rules once per state, however often it is asked, and again for a new state', () => {
    const asked: unknown[] = [];
    const ruleset = { ...countingGame, status: (rules: Parameters<typeof countingGame.status>[0]) => (asked.push(rules), countingGame.status(rules)) };
    const state = startedGame();
    const first = gameStatus(ruleset, state);
    expect(gameStatus(ruleset, state)).toBe(first);
    expect(asked).toHaveLength(1);

    const ended = foldEvent(ruleset, state, event(5, EndedByHost, { reason: 'Bob left' }));
    expect(gameStatus(ruleset, ended)).toMatchObject({ finished: true, activeSeats: [], detail: { endedByHost: 'Bob left' } });
    expect(asked).toHaveLength(2);
  });

  it('is null before the game starts', () => {
    expect(gameStatus(countingGame, EMPTY_GAME_STATE)).toBeNull();
  });
});

describe('what the platform decides from', () => {
  it("holds the host, the game's visibility, and the version play began at: after the setup written with the start", () => {
    const lobby = [
      event(1, GameCreated, { seats: 2, options: {}, commitment: 'c', fixedSeed: false, hostId: 'ann', visibility: 'PRIVATE' }),
      event(2, SeatTaken, { seat: 0, userId: 'ann' }),
    ].reduce((state, e) => foldEvent(countingGame, state, e), EMPTY_GAME_STATE);
    expect(lobby).toMatchObject({ hostId: 'ann', visibility: 'PRIVATE', started: false });
    expect(lobby.startedVersion).toBeUndefined();
    const started = [event(3, SeatTaken, { seat: 1, userId: 'bob' }), event(4, GameStarted), event(5, 'dealt', { firstPlayer: 1 })].reduce(
      (state, e) => foldEvent(countingGame, state, e),
      lobby,
    );
    expect(started.startedVersion).toBe(5);
    const moved = foldEvent(countingGame, started, { ...event(6, 'added', { seat: 1, amount: 1 }), actorSeat: 1, stepStart: true });
    expect(moved.startedVersion).toBe(5);
  });

  it('counts a game stored before visibility as public', () => {
    expect(foldEvent(countingGame, EMPTY_GAME_STATE, event(1, GameCreated, { seats: 2, options: {}, commitment: 'c', hostId: 'ann' })).visibility).toBe(
      'PUBLIC',
    );
  });

  it('frees the seat, and its client seed, of a player who gave it up', () => {
    const state = [
      event(1, GameCreated, { seats: 2, options: {}, commitment: 'c', fixedSeed: false, hostId: 'ann' }),
      event(2, SeatTaken, { seat: 0, userId: 'ann', clientSeed: 'a' }),
      event(3, SeatTaken, { seat: 1, userId: 'bob', clientSeed: 'b' }),
      event(4, SeatGivenUp, { seat: 1, userId: 'bob' }),
    ].reduce((folded, e) => foldEvent(countingGame, folded, e), EMPTY_GAME_STATE);
    expect(state).toMatchObject({ seats: ['ann', null], clientSeeds: ['a', null], linePosition: 4 });
  });
});

describe('the randomness a game folds', () => {
  it("keeps the commitment, each seat's client seed and the line position in force", () => {
    const state = [
      event(1, GameCreated, { seats: 2, options: {}, commitment: 'c0ffee', fixedSeed: false }),
      event(2, SeatTaken, { seat: 1, userId: 'bob', clientSeed: 'from Bob' }),
    ].reduce((folded, e) => foldEvent(countingGame, folded, e), EMPTY_GAME_STATE);
    expect(state).toMatchObject({ commitment: 'c0ffee', fixedSeed: false, clientSeeds: [null, 'from Bob'], linePosition: 2 });
  });

  it('counts a game stored before commitments as a fixed-seed game, committed to the seed it kept, with no client seeds', () => {
    const state = startedGame();
    const legacy = [
      event(1, GameCreated, { seats: 2, options: {}, seed: 'old seed' }),
      event(2, SeatTaken, { seat: 0, userId: 'ann' }),
      event(3, SeatTaken, { seat: 1, userId: 'bob' }),
      event(4, GameStarted),
    ].reduce((folded, e) => foldEvent(countingGame, folded, e), EMPTY_GAME_STATE);
    expect(legacy).toMatchObject({ commitment: commitmentTo('old seed'), fixedSeed: true, clientSeeds: [null, null], linePosition: 4 });
    // Its rules state folds as it always did.
    expect(legacy.rules).toEqual(state.rules);
  });
});

describe('going back to an earlier state', () => {
  /** Both seats overdue, and Bob's proposal to end waiting for Ann. */
  function overdueWithProposal(): GameState {
    return [
      { ...event(5, DeadlinePassed, { seat: 0 }) },
      { ...event(6, DeadlinePassed, { seat: 1 }) },
      { ...event(7, EndProposed, { seat: 1, expiresAt: '2999-01-01T00:00:00.000Z' }), actorSeat: 1 },
    ].reduce((state, e) => foldEvent(countingGame, state, e), startedGame());
  }

  it('after a rollback or an agreed takeback: no seat overdue (every turn starts afresh) and no proposal pending', () => {
    const target = overdueWithProposal();
    expect(target.life).toMatchObject({ overdue: { 0: 5, 1: 6 }, proposal: { kind: 'end' } });
    for (const type of [GameRolledBack, TakenBack]) {
      const after = stateAfterJump({ type, actorSeat: 0 }, target);
      expect(after.life).toMatchObject({ overdue: {}, proposal: null });
      expect(after.rules).toBe(target.rules);
      expect(after.linePosition).toBe(target.linePosition);
    }
  });

  it('after an undo: the undoing seat is no longer overdue, the others still are, and no proposal is pending', () => {
    const after = stateAfterJump({ type: MoveUndone, actorSeat: 0 }, overdueWithProposal());
    expect(after.life).toMatchObject({ overdue: { 1: 6 }, proposal: null });
  });
});
