/**
 * What the server adds to every append, after the events a command decided:
 * the turns of seats that left the game, played whenever they are to act,
 * and the server seed's reveal when the append finishes the game.
 */
import type { AnyRuleset, RulesEvent, Seat } from '../../rules/contract';
import { passOver } from '../../rules/pass-over';
import type { Random } from '../../rules/random';
import { leftSeats } from '../game-life';
import { foldEvent, type GameState } from '../game-state';
import { SeedRevealed, SeedRevealedPayload, TurnSkipped } from '../platform-events';
import type { DecidedEvent } from './decision';
import { type GameAt, phaseOf, rulesEventAs, statusOf } from './game-at';

/** Events appended to a game, and the state they lead to. */
export interface Appended {
  events: DecidedEvent[];
  state: GameState;
}

/** `state` with `events`, appended after version `after`, folded in. */
export function foldDecided(ruleset: AnyRuleset, state: GameState, events: readonly DecidedEvent[], after: number): GameState {
  let folded = state;
  events.forEach((event, i) => {
    folded = foldEvent(ruleset, folded, {
      seq: after + i + 1,
      type: event.type,
      payload: event.payload,
      actorSeat: event.actorSeat ?? null,
      actorUserId: event.actorUserId ?? null,
      stepStart: event.stepStart ?? false,
      reversible: event.reversible ?? false,
    });
  });
  return folded;
}

/** A seat that left and would keep a game that is still going waiting (where bots take over left seats, a bot plays it: src/bots/). */
function leftSeatToAct(game: GameAt, state: GameState): Seat | undefined {
  const status = statusOf(game, state);
  if (!status || status.finished || state.botsTakeOver) return undefined;
  const left = leftSeats(state);
  return status.activeSeats.find((seat) => left.includes(seat));
}

/** A left seat's turn where the ruleset cannot skip it: its first listed move at each decision. */
function firstListedMoves(ruleset: AnyRuleset, rules: unknown, seat: Seat, random: Random): RulesEvent[] {
  const passed = passOver(
    {
      decide: (state, move, toAct, draws) => ruleset.decide(state, move, toAct, draws),
      evolve: (state, event) => ruleset.evolve(state, event),
      toAct: (state, toAct) => ruleset.status(state).activeSeats.includes(toAct),
      leastMove: (state, toAct) => ruleset.legalMoves(state, toAct)[0] ?? null,
    },
    rules,
    seat,
    random,
  );
  if (!passed) throw new Error(`seat ${seat} left and is to act, but has no listed move`);
  return passed;
}

/**
 * The events that pass over every seat that left whenever it is to act, as
 * Board Game Arena does: the ruleset's `skipTurn` where it has one that
 * applies, else the first of the seat's listed moves, until a seat still
 * playing is to act or the game is over. Each seat's turn starts with
 * `game.turnSkipped { seat, resigned: true }`, and draws as an append made
 * there would. `state` is at version `version`.
 */
function passOverLeftSeats(game: GameAt, state: GameState, version: number): Appended {
  const events: DecidedEvent[] = [];
  let current = state;
  for (let seat = leftSeatToAct(game, current); seat !== undefined; seat = leftSeatToAct(game, current)) {
    if (events.length > 10_000) throw new Error(`passing over seats that left did not reach a seat still playing`);
    const random = game.draws(current);
    const moves = game.ruleset.skipTurn?.(current.rules, seat, random) ?? firstListedMoves(game.ruleset, current.rules, seat, random);
    const turn: DecidedEvent[] = [
      { type: TurnSkipped, payload: { seat, resigned: true } },
      ...moves.map((event, i) => ({ ...rulesEventAs(event, null, seat), stepStart: i === 0 })),
    ];
    current = foldDecided(game.ruleset, current, turn, version + events.length);
    events.push(...turn);
  }
  return { events, state: current };
}

/**
 * The events the server adds to an append decided on `before`, which left
 * the game in `after` at `version`: seats that left are passed over (worked
 * out at no cost to a game nobody left), and a game that finishes with them
 * reveals its server seed, so that every draw can be checked.
 */
export function completeAppend(before: GameAt, after: GameState, version: number, serverSeed: string): Appended {
  const passed = after.life?.left.length ? passOverLeftSeats(before, after, version) : { events: [], state: after };
  if (!statusOf(before, passed.state)?.finished || phaseOf(before) === 'FINISHED') return passed;
  const revealed: SeedRevealedPayload = { serverSeed };
  const reveal: DecidedEvent[] = [{ type: SeedRevealed, payload: { ...revealed } }];
  return { events: [...passed.events, ...reveal], state: foldDecided(before.ruleset, passed.state, reveal, version + passed.events.length) };
}
