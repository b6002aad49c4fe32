/**
 * Bots in the platform's rules: which seats a new game may give to bots,
 * which seat a bot plays at a moment (one given at the creation; one whose
 * player left, in a game where bots take over; one whose deadline passed,
 * for that turn), and a bot's step: decided from the seat's `view` and
 * `legalMoves` alone (src/rules/bots.ts), drawn as an append made there,
 * so that the verifier decides it again as any other.
 */
import { type BotLevel, canPlayAt, chooseBotMove, type SeatSight } from '../../rules/bots';
import type { AnyRuleset, RulesEvent, Seat } from '../../rules/contract';
import { leftSeats, seatsInPlay } from '../game-life';
import { gameStatus, type GameState } from '../game-state';
import { BotMoved, type BotMovedPayload, type BotSeat } from '../platform-events';
import { foldDecided } from './completion';
import { type DecidedEvent, type Decision, decided, type Refusal, refuse } from './decision';
import { type GameAt, requireActive, requireServer, rulesEventAs, seatArgument, statusOf } from './game-at';
import { versionRefusal } from './moves';

/** The most steps a bot plays for one seat's turn in one append (a turn of more would be a ruleset that never ends it). */
const MAX_STEPS_PER_TURN = 1000;

/** Why these bots cannot sit in a new game of `seatCount` seats whose host sits at `hostSeat` (null: the host watches), or null. */
export function botSeatsRefusal(ruleset: AnyRuleset, seatCount: number, bots: readonly BotSeat[], hostSeat: number | null): Refusal | null {
  const taken = new Set<number>();
  for (const { seat, level } of bots) {
    const badSeat = seatArgument(seat, seatCount);
    if (badSeat) return badSeat;
    if (taken.has(seat)) return refuse('BAD_USER_INPUT', `Seat ${seat + 1} is given to two bots.`);
    taken.add(seat);
    if (seat === hostSeat) return refuse('BAD_USER_INPUT', `Seat ${seat + 1} is yours: give the bots the other seats.`);
    if (!canPlayAt(ruleset, level)) return refuse('BAD_USER_INPUT', `${ruleset.name} has no ${level.toLowerCase()} bots: choose RANDOM.`);
  }
  return null;
}

/** Whether every seat of a new game goes to a bot: a game of bots alone, which its host watches. */
export function botsAlone(seatCount: number, bots: readonly BotSeat[]): boolean {
  return new Set(bots.map((bot) => bot.seat)).size === seatCount;
}

/** The level of a bot that takes over a seat during play: the best the ruleset has. */
export function takeoverLevel(ruleset: AnyRuleset): BotLevel {
  return canPlayAt(ruleset, 'GREEDY') ? 'GREEDY' : 'RANDOM';
}

/** Whether `seat` is a bot's for good: given at the creation, or left by its player where bots take over. */
export function botSeatLevel(ruleset: AnyRuleset, state: GameState, seat: Seat): BotLevel | null {
  const given = state.bots?.[seat] ?? null;
  if (given) return given;
  return state.botsTakeOver && leftSeats(state).includes(seat) ? takeoverLevel(ruleset) : null;
}

/** Whether a player still plays in the game (seated, and not left): then bots move a moment after their turn begins, so that it can be followed. */
export function anyPlayerInPlay(state: GameState): boolean {
  return seatsInPlay(state).length > 0;
}

/** Seats nobody holds that a bot plays from the start: they wait for no player. */
export function isBotSeat(state: GameState, seat: Seat): boolean {
  return (state.bots?.[seat] ?? null) !== null;
}

/** The first seat to act now that a bot plays for good, and its bot's level; null when the game waits on no bot. */
export function botToAct(ruleset: AnyRuleset, state: GameState): { seat: Seat; level: BotLevel } | null {
  if (!state.bots && !state.botsTakeOver) return null;
  const status = gameStatus(ruleset, state);
  if (!status || status.finished) return null;
  for (const seat of status.activeSeats) {
    const level = botSeatLevel(ruleset, state, seat);
    if (level) return { seat, level };
  }
  return null;
}

/** What a bot of `seat` may know: its seat's view and listed moves, built here so the state itself never reaches the bot. */
export function sightOf(ruleset: AnyRuleset, state: GameState, seat: Seat): SeatSight {
  return { seat, view: ruleset.view(state.rules, seat), legalMoves: ruleset.legalMoves(state.rules, seat) as unknown[] };
}

/**
 * One step by a bot of `level` for `seat` at `state` (version `version`):
 * `game.botMoved`, then the ruleset's events of the move it chose, that move
 * recorded on the first of them as a player's is. The bot's choice and the
 * rules draw, in that order, from the draws of an append made there.
 */
function botStep(game: GameAt, state: GameState, seat: Seat, level: BotLevel): DecidedEvent[] {
  const random = game.draws(state);
  const move = chooseBotMove(game.ruleset, level, sightOf(game.ruleset, state, seat), random);
  const decision = game.ruleset.decide(state.rules, move, seat, random);
  if (!decision.ok) throw new Error(`${game.ruleset.id} refused a move it listed for seat ${seat}: ${decision.message}`);
  const moved: BotMovedPayload = { seat, level };
  return [
    { type: BotMoved, payload: { ...moved }, actorSeat: seat },
    ...decision.events.map((event: RulesEvent, i: number) => ({ ...rulesEventAs(event, null, seat), stepStart: i === 0, ...(i === 0 ? { move } : {}) })),
  ];
}

/** The server has the bot of `seat` make one move, at the version the server saw it to act at. */
export function decideBotMove(game: GameAt, seat: number, expectedVersion: number, actor: string | null): Decision {
  const refused = requireServer(actor, 'Only the server moves for a bot.') ?? requireActive(game) ?? versionRefusal(game.version, expectedVersion);
  if (refused) return refused;
  const level = botSeatLevel(game.ruleset, game.state, seat);
  if (!level) return refuse('FORBIDDEN', `No bot plays seat ${seat + 1}.`);
  if (!statusOf(game)!.activeSeats.includes(seat)) return refuse('NOT_YOUR_TURN', `Seat ${seat + 1} is not to act.`);
  return decided(botStep(game, game.state, seat, level));
}

/**
 * A bot's moves for `seat` until its turn is over (a deadline that passed,
 * in a game whose settings say a bot then plays), appended after `version`
 * at `state`; null where the seat has no listed move to play.
 */
export function botTurn(game: GameAt, state: GameState, version: number, seat: Seat): DecidedEvent[] | null {
  const level = takeoverLevel(game.ruleset);
  const events: DecidedEvent[] = [];
  let current = state;
  while (statusOf(game, current)?.activeSeats.includes(seat) && !statusOf(game, current)!.finished) {
    if (events.length > MAX_STEPS_PER_TURN) throw new Error(`a bot's turn for seat ${seat} did not end`);
    if (game.ruleset.legalMoves(current.rules, seat).length === 0) return null;
    const step = botStep(game, current, seat, level);
    current = foldDecided(game.ruleset, current, step, version + events.length);
    events.push(...step);
  }
  return events;
}
