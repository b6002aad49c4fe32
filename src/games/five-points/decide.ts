/**
 * Turns an untrusted move into events. A move is accepted only if it is
 * exactly one of the listed legal moves; then the automatic steps that
 * follow it are run and recorded too.
 */
import { accept, refuse, type Decision, type Seat } from '../../rules/contract';
import { EventLog } from '../../rules/event-log';
import { findListedMove, jsonEqual } from '../../rules/moves';
import type { Random } from '../../rules/random';
import type { Event } from './events';
import { evolve } from './evolve';
import { advance } from './flow';
import type { Move } from './moves';
import { placementEvents } from './placement';
import { buildingSetupEvents } from './setup';
import { taskEvents } from './tasks';
import { activeSeats, describeDecision, legalMoves } from './turn';
import type { State } from './state';

function moveEvents(state: State, move: Move): Event[] {
  if (state.task) return taskEvents(state, state.task, move);
  if (state.stage.phase === 'buildingSetup' && move.type === 'placeBuilding') return buildingSetupEvents(state.stage, move);
  if (state.stage.phase !== 'placement') throw new Error(`no move expected in phase ${state.stage.phase}`);
  if (move.type === 'place' || move.type === 'bid' || move.type === 'skipBid' || move.type === 'pass') {
    return placementEvents(state, state.stage, move);
  }
  throw new Error(`move ${move.type} is not a placement move`);
}

/**
 * A step may be taken back when it is the first half of one decision:
 * the same player faces the rest of it, and nothing else happened.
 */
function continuesDecision(before: State, after: State, seat: Seat): boolean {
  if (before.task && after.task) {
    const { task } = after;
    return task.seat === seat && task.kind === before.task.kind && jsonEqual(task.source, before.task.source);
  }
  if (before.task || after.task) return false;
  const stage = after.stage;
  if (stage.phase === 'buildingSetup') return stage.seat === seat && stage.faceDown.length > 0;
  return stage.phase === 'placement' && stage.seat === seat && stage.placed;
}

function refusalMessage(state: State, move: unknown): string {
  const hint = `Now you may ${describeDecision(state)}.`;
  if (typeof move !== 'object' || move === null || typeof (move as { type?: unknown }).type !== 'string') {
    return `A move must be an object with a "type". ${hint}`;
  }
  return `That move is not allowed now. ${hint}`;
}

export function decide(state: State, move: unknown, seat: Seat, random: Random): Decision<Event> {
  if (state.stage.phase === 'finished') return refuse('The game is over.', 'NOT_YOUR_TURN');
  const active = activeSeats(state);
  if (!active.includes(seat)) {
    const waiting = active.length > 0 ? `waiting for seat ${active.join(', ')}` : 'the game has not started';
    return refuse(`It is not your turn: ${waiting}.`, 'NOT_YOUR_TURN');
  }
  const listed = findListedMove(legalMoves(state, seat), move);
  if (!listed) return refuse(refusalMessage(state, move), 'ILLEGAL_MOVE');
  const own = moveEvents(state, listed);
  const log = new EventLog(state, evolve);
  log.push(...own);
  const afterMove = log.state;
  advance(log, random);
  const reversible = log.events.length === own.length && continuesDecision(state, afterMove, seat);
  return accept(log.events, reversible);
}
