/**
 * Decider specifications, as Emmett writes them: given these events, when
 * this command by this actor, then these events are appended (the decided
 * ones and what the server adds to them: completion.ts), or this refusal.
 * No database: the events are folded here, as the loader would.
 */
import { drawRandom } from '../../../randomness/draw-recipe';
import type { AnyRuleset } from '../../../rules/contract';
import { countingGame } from '../../../../test/support/counting-game';
import { EMPTY_GAME_STATE, foldEvent, type GameState, stateAfterJump } from '../../game-state';
import { GameCreated, GameStarted, jumpTarget, SeatTaken } from '../../platform-events';
import { decide, type PlatformCommand } from '../commands';
import { completeAppend, foldDecided } from '../completion';
import type { DecidedEvent, RefusalCode } from '../decision';
import type { GameAt } from '../game-at';
import type { CreateCommand } from '../lobby';

export const SERVER_SEED = 'the server seed of every specification';
export const NOW = new Date('2026-05-04T09:00:00.000Z');
export const HOUR = 60 * 60 * 1000;
export const [ANN, BOB, CAT, EVE] = ['ann', 'bob', 'cat', 'eve'];

/** An event as a specification gives it: what is left out is the server's, opens no step, and cannot be taken back. */
export type GivenEvent = DecidedEvent;

function normalised(event: DecidedEvent): Required<Omit<DecidedEvent, 'move'>> & { move?: unknown } {
  const { type, payload, actorUserId = null, actorSeat = null, stepStart = false, reversible = false, move } = event;
  return { type, payload, actorUserId, actorSeat, stepStart, reversible, ...(move === undefined ? {} : { move }) };
}

/** The game after `events`, each folded as the loader does (a jump takes the state at its target). */
export function gameAfter(events: readonly GivenEvent[], ruleset: AnyRuleset = countingGame): GameAt {
  const states: GameState[] = [EMPTY_GAME_STATE];
  events.forEach((given, i) => {
    const event = { ...normalised(given), seq: i + 1 };
    const target = jumpTarget(event);
    states.push(target === null ? foldEvent(ruleset, states[i], event) : stateAfterJump(event, states[target]));
  });
  return {
    ruleset,
    state: states[events.length],
    version: events.length,
    draws: (state) =>
      drawRandom({ serverSeed: SERVER_SEED, clientSeeds: state.clientSeeds.filter((seed): seed is string => seed !== null) }, state.linePosition),
  };
}

/** What the server appends for `command` on the game after `given`, or the refusal it gives. */
export function appended(given: readonly GivenEvent[], command: PlatformCommand, actor: string | null, now = NOW, ruleset: AnyRuleset = countingGame) {
  const game = gameAfter(given, ruleset);
  const decision = decide(game, command, actor, now);
  if (!decision.ok) return decision;
  const last = decision.events.at(-1)!;
  const target = jumpTarget(last);
  const after =
    target === null
      ? foldDecided(ruleset, game.state, decision.events, game.version)
      : stateAfterJump({ type: last.type, actorSeat: last.actorSeat ?? null }, gameAfter(given.slice(0, target), ruleset).state);
  const completion = completeAppend(game, after, game.version + decision.events.length, SERVER_SEED);
  return { ok: true as const, events: [...decision.events, ...completion.events].map(normalised) };
}

/** given(...).when(...).then(...) / .thenRefused(...). */
export function given(events: readonly GivenEvent[], ruleset: AnyRuleset = countingGame) {
  return {
    when(command: PlatformCommand, actor: string | null, now = NOW) {
      const outcome = () => appended(events, command, actor, now, ruleset);
      return {
        /** Exactly these events are appended (asymmetric matchers welcome). */
        then(expected: readonly GivenEvent[]): void {
          expect(outcome()).toEqual({ ok: true, events: expected.map(normalised) });
        },
        /** As many events as `expected`, each holding what it gives. */
        thenMatching(expected: ReadonlyArray<Record<string, unknown>>): void {
          const answer = outcome();
          expect(answer).toMatchObject({ ok: true, events: expected });
          expect(answer.ok && answer.events).toHaveLength(expected.length);
        },
        /** Refused with `code`, and with words containing `words` where given. */
        thenRefused(code: RefusalCode, words?: string): void {
          const answer = outcome();
          expect(answer).toMatchObject({ ok: false, code });
          if (words !== undefined) expect(answer).toMatchObject({ message: expect.stringContaining(words) });
        },
      };
    },
  };
}

// ---- the events of a counting game (test/support/counting-game.ts), as specifications give them ----

export function created(payload: Record<string, unknown> = {}): GivenEvent {
  return {
    type: GameCreated,
    payload: {
      ruleset: 'counting',
      rulesetVersion: 1,
      seats: 2,
      options: { target: 10 },
      commitment: 'c',
      drawRecipe: 2,
      fixedSeed: false,
      hostId: ANN,
      ...payload,
    },
    actorUserId: (payload.hostId as string | undefined) ?? ANN,
  };
}

export function seatTaken(seat: number, userId: string, clientSeed = `seed of ${userId}`): GivenEvent {
  return { type: SeatTaken, payload: { seat, userId, clientSeed }, actorUserId: userId, actorSeat: seat };
}

/** Started by Ann, the host, with `firstPlayer` to play. */
export function startedWith(firstPlayer: number): GivenEvent[] {
  return [
    { type: GameStarted, payload: {}, actorUserId: ANN, actorSeat: 0 },
    { type: 'dealt', payload: { firstPlayer } },
  ];
}

/** A counting game of Ann (host, seat 0) and Bob, and Cat when `seats` is 3, Ann to play: play began at its last event. */
export function playing(seats = 2, payload: Record<string, unknown> = {}): GivenEvent[] {
  const players = [ANN, BOB, CAT].slice(0, seats);
  return [created({ seats, ...payload }), ...players.map((userId, seat) => seatTaken(seat, userId)), ...startedWith(0)];
}

/** `seat`'s player adds `amount`: a step that can be taken back. */
export function added(seat: number, amount: 1 | 2 = 1): GivenEvent {
  const userId = [ANN, BOB, CAT][seat];
  return { type: 'added', payload: { seat, amount }, actorUserId: userId, actorSeat: seat, stepStart: true, reversible: true, move: { type: 'add', amount } };
}

/** `seat`'s player ends their turn, drawing `card`: a step that cannot be taken back. */
export function endedTurn(seat: number, card = 5): GivenEvent {
  const userId = [ANN, BOB, CAT][seat];
  return { type: 'cardDrawn', payload: { seat, card }, actorUserId: userId, actorSeat: seat, stepStart: true, move: { type: 'endTurn' } };
}

/** A turn of `seat`: add 1, end the turn. */
export function turn(seat: number, card = 5): GivenEvent[] {
  return [added(seat), endedTurn(seat, card)];
}

/** A two-seat counting game, with every choice left to its default: what each spec of creating a game changes one thing of. */
export const CREATE_COUNTING: CreateCommand = {
  ruleset: countingGame,
  seats: 2,
  options: {},
  name: null,
  visibility: null,
  moveDeadline: null,
  clientSeed: null,
  hostSeat: 0,
  rematchOf: null,
  autoStart: null,
};
