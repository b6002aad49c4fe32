/**
 * Correspondence play: a seat's move deadline passing, and what follows it:
 * at once, as the game's settings say, or later, as its host decides
 * (extend the deadline, skip the seat's turn, or end the game). The server
 * knows when a deadline is due (vacations pause it: src/deadlines/); the
 * decider knows what may happen then.
 */
import { DeadlineAction, DeadlineExtended, DeadlinePassed, EndedByHost, MoveDeadlineSettings, ServerCause, TurnSkipped } from '../platform-events';
import { type DecidedEvent, type Decision, decided, isRefusal, type Refusal, refuse } from './decision';
import { type GameAt, requireActive, requireHost, requireServer, rulesEventAs, seatArgument, statusOf } from './game-at';
import { runsOutAt } from './clock-time';
import { extensionMs, recordedPauses } from './clocks';
import { botTurn } from './bots';
import { foldDecided } from './completion';

function requireDeadlines(game: GameAt): MoveDeadlineSettings | Refusal {
  return game.state.moveDeadline ?? refuse('BAD_USER_INPUT', 'The game has no move deadlines.');
}

/**
 * The events of a deadline's outcome for `seat`, by `actor` (null: the
 * game's settings, as the deadline passed); null where the seat's turn cannot
 * be skipped now (the ruleset's `skipTurn`), drawn for the append.
 */
function outcome(game: GameAt, settings: MoveDeadlineSettings, seat: number, action: DeadlineAction, actor: string | null, now: Date): DecidedEvent[] | null {
  switch (action) {
    case 'EXTEND':
      return [
        {
          type: DeadlineExtended,
          payload: { seat, dueAt: runsOutAt(now, extensionMs(settings), recordedPauses(game.state, seat)).toISOString() },
          actorUserId: actor,
        },
      ];
    case 'SKIP': {
      const skip = game.ruleset.skipTurn?.(game.state.rules, seat, game.draws(game.state)) ?? null;
      // An irreversible step: nothing before a skip can be taken back.
      const turn = skip?.map((event, i) => ({ ...rulesEventAs(event, null, seat), stepStart: i === 0 }));
      return turn ? [{ type: TurnSkipped, payload: { seat }, actorUserId: actor }, ...turn] : null;
    }
    case 'END':
      // `seat` names whose deadline it was (history and mail name its player); `reason` is kept for readers from before it.
      return [{ type: EndedByHost, payload: { reason: `seat ${seat + 1} ran out of time`, seat }, actorUserId: actor }];
  }
}

/**
 * The server records that `seat`'s move deadline passed, with what the
 * game's settings say happens then; a skip the ruleset cannot make now is
 * left to the host.
 */
export function decideDeadlinePassed(game: GameAt, seat: number, actor: string | null, now: Date): Decision {
  const refused = requireServer(actor, 'Only the server records that a deadline passed.');
  if (refused) return refused;
  const settings = requireDeadlines(game);
  if (isRefusal(settings)) return settings;
  const inactive = requireActive(game);
  if (inactive) return inactive;
  if (!statusOf(game)!.activeSeats.includes(seat)) return refuse('BAD_USER_INPUT', `Seat ${seat + 1} is not to act: no deadline of theirs is running.`);
  const cause: ServerCause = { cause: 'deadlinePassed', seat, onExpiry: settings.onExpiry };
  const passed: DecidedEvent = { type: DeadlinePassed, payload: { seat, userId: game.state.seats[seat]! }, move: cause };
  return decided([passed, ...(expiryOutcome(game, settings, passed, now) ?? [])]);
}

/** What the game's settings say follows a deadline that passed (`passed`): nothing yet where the host decides, or a bot cannot play the turn. */
function expiryOutcome(game: GameAt, settings: MoveDeadlineSettings, passed: DecidedEvent, now: Date): DecidedEvent[] | null {
  const seat = passed.payload.seat as number;
  switch (settings.onExpiry) {
    case 'ASK_HOST':
      return null;
    case 'BOT':
      return botTurn(game, foldDecided(game.ruleset, game.state, [passed], game.version), game.version + 1, seat);
    default:
      return outcome(game, settings, seat, settings.onExpiry, null, now);
  }
}

export interface DeadlineResolution {
  seat: number;
  action: DeadlineAction;
  /** Whether the seat's deadline has passed and is still the one it has (src/deadlines/ keeps them, with vacations). */
  deadlinePassed: boolean;
}

/** The host decides what happens to a seat whose deadline passed. */
export function decideResolveDeadline(game: GameAt, resolution: DeadlineResolution, actor: string, now: Date): Decision {
  const { seat, action } = resolution;
  const notHost = requireHost(game.state, actor, 'Only the host decides what happens after a deadline.');
  if (notHost) return notHost;
  if (requireActive(game)) return refuse('GAME_NOT_ACTIVE', 'The game is not being played.');
  const refused = seatArgument(seat, game.state.seats.length);
  if (refused) return refused;
  if (!resolution.deadlinePassed) return refuse('BAD_USER_INPUT', `Seat ${seat + 1} has no deadline that has passed.`);
  const settings = requireDeadlines(game);
  if (isRefusal(settings)) return settings;
  const events = outcome(game, settings, seat, action, actor, now);
  if (!events) return refuse('BAD_USER_INPUT', `${game.ruleset.name} cannot skip seat ${seat + 1} now: extend the deadline or end the game.`);
  const cause: ServerCause = { cause: 'resolveDeadline', seat, action };
  return decided([{ ...events[0], move: cause }, ...events.slice(1)]);
}

/** Every choice a host has after a deadline, in the order they are offered. */
const DEADLINE_ACTIONS: readonly DeadlineAction[] = ['EXTEND', 'SKIP', 'END'];

/**
 * The choices `actor` may make now for `seat` (whether its deadline passed
 * as in DeadlineResolution), each exactly as resolving with it would be
 * decided: none but to the host of a game being played, once the deadline
 * passed, and a skip only where the ruleset can skip the seat now. What the
 * page offers; the skip is drawn as its append would draw it.
 */
export function deadlineActions(game: GameAt, seat: number, deadlinePassed: boolean, actor: string, now: Date): DeadlineAction[] {
  return DEADLINE_ACTIONS.filter((action) => !isRefusal(decideResolveDeadline(game, { seat, action, deadlinePassed }, actor, now)));
}
