/** The server's own events that move a game back (undo, rollback, a takeback all agreed to). */
const JUMPS = new Set(['game.rolledBack', 'game.moveUndone', 'game.takenBack']);

/** Events after which the state equals an earlier one. */
export function isJump(type: string): boolean {
  return JUMPS.has(type);
}
