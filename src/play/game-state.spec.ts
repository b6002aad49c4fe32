import { countingGame } from '../../test/support/counting-game';
import { commitmentTo } from '../randomness/draw-recipe';
import { EndedByHost, GameCreated, GameStarted, SeatTaken } from './platform-events';
import { EMPTY_GAME_STATE, foldEvent, FoldableEvent, gameStatus, GameState } from './game-state';

const event = (seq: number, type: string, payload: Record<string, unknown> = {}): FoldableEvent => ({ seq, type, payload, actorSeat: null, stepStart: false, reversible: false });

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

describe('the randomness a game folds', () => {
  it('keeps the commitment, each seat\'s client seed and the line position in force', () => {
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
