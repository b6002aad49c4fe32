/** The server's own events (lobby, undo, rollback, deadlines), in words. */
import type { NameOf } from '../games/game-ui';

const JUMPS = new Set(['game.rolledBack', 'game.moveUndone']);

/** Events after which the state equals an earlier one. */
export function isJump(type: string): boolean {
  return JUMPS.has(type);
}

export function isPlatformEvent(type: string): boolean {
  return type.startsWith('game.');
}

export function describePlatformEvent(type: string, payload: Record<string, any>, nameOf: NameOf, actorName: string): string {
  switch (type) {
    case 'game.created':
      return `${actorName} created the game for ${payload.seats} players`;
    case 'game.seatTaken':
      return `${actorName} took seat ${payload.seat + 1}`;
    case 'game.started':
      return `${actorName} started the game`;
    case 'game.moveUndone':
      return `${actorName} took back a step`;
    case 'game.rolledBack':
      return `${actorName} rolled the game back to event ${payload.toVersion}: “${payload.reason}”`;
    case 'game.playerInvited':
      return `${actorName} invited a player`;
    case 'game.deadlinePassed':
      return `${nameOf(payload.seat)} ran out of time`;
    case 'game.deadlineExtended':
      return `The deadline was extended`;
    case 'game.turnSkipped':
      return `${nameOf(payload.seat)} was skipped for running out of time`;
    case 'game.endedByHost':
      return `${actorName} ended the game: “${payload.reason}”`;
    default:
      return type.replace(/^game\./, '').replace(/([A-Z])/g, ' $1').toLowerCase();
  }
}
