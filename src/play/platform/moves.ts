/**
 * Playing: a player's move (the platform's checks around the ruleset's own
 * `decide`: seat, version, turn, and that the rules list the move), taking
 * back one's own last step, and the host's rollback.
 */
import type { RulesEvent } from '../../rules/contract';
import { findListedMove } from '../../rules/moves';
import { lifeOf } from '../game-life';
import { seatOf } from '../game-state';
import { GameRolledBack, MoveUndone } from '../platform-events';
import { type Decision, decided, isRefusal, type Refusal, refuse } from './decision';
import { cleanedText, type GameAt, phaseOf, requireHost, requireInPlay, rulesEventAs, seatInPlay, statusOf } from './game-at';
import { type ReturnPoint, returnPointRefusal, returnRange } from './return-point';

export interface MoveCommand {
  move: unknown;
  /** The version the player saw when they moved. */
  expectedVersion: number;
}

/** A move made at another version than the game's: the page catches up from its details. */
export function versionRefusal(version: number, expectedVersion: number): Refusal | null {
  if (expectedVersion === version) return null;
  return refuse(
    'VERSION_CONFLICT',
    `The game has moved on (it is at version ${version}, your move was made at version ${expectedVersion}). Reload and try again.`,
    { currentVersion: version, expectedVersion },
  );
}

/** Why `seat`, held in a game being played, may not move now: its player left, or it is not to act. */
function turnRefusal(game: GameAt, seat: number): Refusal | null {
  return requireInPlay(game.state, seat) ?? (statusOf(game)!.activeSeats.includes(seat) ? null : refuse('NOT_YOUR_TURN', 'It is not your turn.'));
}

/** The seat `actor` may move from now, whatever version they saw, or why they may not: what the API lists moves for. */
export function seatToMove(game: GameAt, actor: string | null): number | Refusal {
  const seat = seatInPlay(game, actor);
  return isRefusal(seat) ? seat : (turnRefusal(game, seat) ?? seat);
}

/**
 * Why `move` is not one the rules list for `seat` now, or null. A ruleset's
 * `decide` accepts no other (src/rules/contract.ts); this holds the server,
 * and the verifier deciding a record again, to it whatever `decide` accepts.
 */
export function unlistedMoveRefusal(game: GameAt, seat: number, move: unknown): Refusal | null {
  const listed = game.ruleset.legalMoves(game.state.rules, seat) as unknown[];
  return findListedMove(listed, move) === undefined ? refuse('ILLEGAL_MOVE', 'That move is not one of the moves allowed now.') : null;
}

/** The move exactly as submitted opens its step, so that history shows it and a verifier can decide it again. */
export function decideMove(game: GameAt, command: MoveCommand, actor: string): Decision {
  const seat = seatInPlay(game, actor);
  if (isRefusal(seat)) return seat;
  // A move made at another version is answered as such first: the page catches up, and may find it is the player's turn after all.
  const refused = versionRefusal(game.version, command.expectedVersion) ?? turnRefusal(game, seat);
  if (refused) return refused;
  const decision = game.ruleset.decide(game.state.rules, command.move, seat, game.draws(game.state));
  // The ruleset's own refusal comes first: it says, in the game's words, what is wrong with the move.
  if (!decision.ok) return refuse(decision.code, decision.message);
  const unlisted = unlistedMoveRefusal(game, seat, command.move);
  if (unlisted) return unlisted;
  return decided(
    decision.events.map((event: RulesEvent, i: number) => ({
      ...rulesEventAs(event, actor, seat),
      stepStart: i === 0,
      reversible: decision.reversible,
      ...(i === 0 ? { move: command.move } : {}),
    })),
  );
}

/** The player takes back their own last step, where the ruleset allows it. */
export function decideUndo(game: GameAt, actor: string): Decision {
  const seat = seatInPlay(game, actor);
  if (isRefusal(seat)) return seat;
  const left = requireInPlay(game.state, seat);
  if (left) return left;
  const last = game.state.undoable.at(-1);
  if (!last || last.seat !== seat) {
    return refuse('ILLEGAL_MOVE', 'You have no step to take back: your last step revealed something or ended your turn, or another player has acted since.');
  }
  return decided([{ type: MoveUndone, payload: { toVersion: last.before }, actorUserId: actor, actorSeat: seat }]);
}

export interface RollbackCommand {
  toVersion: number;
  reason: string;
  /** What the events after `toVersion` say of going back there. */
  returnPoint: ReturnPoint;
}

/** Why `actor` may not roll the game back now, to any point, or null: only its host may, while it is being played. */
export function rollbackRefusal(game: GameAt, actor: string | null): Refusal | null {
  const { state } = game;
  const notHost = requireHost(state, actor, 'Only the host can roll the game back.');
  if (notHost) return notHost;
  if (!state.started || state.startedVersion === undefined) return refuse('GAME_NOT_ACTIVE', 'The game has not started yet.');
  // Its server seed is public now: played again from an earlier point, every draw would be known in advance.
  if (phaseOf(game) === 'FINISHED') {
    return refuse('GAME_NOT_ACTIVE', 'The game is over and its shuffles have been revealed: it can no longer be rolled back.');
  }
  return null;
}

/** The host returns the game to an earlier version, while it is being played. */
export function decideRollback(game: GameAt, command: RollbackCommand, actor: string): Decision {
  const { state } = game;
  const refused = rollbackRefusal(game, actor);
  if (refused) return refused;
  // A player's leaving is for good: going back stops there, as a takeback does.
  const { from, to } = returnRange(state, game.version);
  const { toVersion } = command;
  if (!Number.isInteger(toVersion) || toVersion < from || toVersion > to) {
    const start =
      from === state.startedVersion
        ? 'the start of play'
        : from === lifeOf(state).seatsChangedAt
          ? 'when a seat was last offered or taken over'
          : 'when the last player left';
    return refuse('BAD_USER_INPUT', from > to ? 'There is nothing to roll back yet.' : `toVersion must be from ${from} (${start}) to ${to}.`);
  }
  const reason = cleanedText(command.reason, 'The reason for a rollback', [1, 500]);
  if (isRefusal(reason)) return reason;
  const badPoint = returnPointRefusal(toVersion, command.returnPoint);
  if (badPoint) return badPoint;
  return decided([{ type: GameRolledBack, payload: { toVersion, reason }, actorUserId: actor, actorSeat: seatOf(state, actor) }]);
}
