/**
 * Playing: a player's move (the platform's checks around the ruleset's own
 * `decide`: seat, turn, version), taking back one's own last step, and the
 * host's rollback.
 */
import type { RulesEvent } from '../../rules/contract';
import { lifeOf } from '../game-life';
import { seatOf } from '../game-state';
import { GameRolledBack, MoveUndone } from '../platform-events';
import { type Decision, decided, isRefusal, type Refusal, refuse } from './decision';
import { actorSeat, cleanedText, type GameAt, phaseOf, requireActive, requireHost, rulesEventAs, seatInPlay, statusOf } from './game-at';
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

/** The move exactly as submitted opens its step, so that history shows it and a verifier can decide it again. */
export function decideMove(game: GameAt, command: MoveCommand, actor: string): Decision {
  const seat = actorSeat(game.state, actor);
  if (isRefusal(seat)) return seat;
  const refused = requireActive(game) ?? versionRefusal(game.version, command.expectedVersion);
  if (refused) return refused;
  if (!statusOf(game)!.activeSeats.includes(seat)) return refuse('NOT_YOUR_TURN', 'It is not your turn.');
  const decision = game.ruleset.decide(game.state.rules, command.move, seat, game.draws(game.state));
  if (!decision.ok) return refuse(decision.code, decision.message);
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
