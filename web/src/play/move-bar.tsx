/** Moves that are not a click on the board (pass, skip, end turn), and taking back a step. */
import type { Move } from '../api/json-fields';

export function MoveBar({ moves, describe, onMove, canUndo, onUndo, busy }: {
  moves: Move[];
  describe: (move: Move) => string;
  onMove: (move: Move) => void;
  canUndo: boolean;
  onUndo: () => void;
  busy: boolean;
}) {
  if (moves.length === 0 && !canUndo) return null;
  return (
    <div className="move-bar" aria-label="Moves">
      {moves.map((move, i) => (
        <button key={i} className="move" disabled={busy} onClick={() => onMove(move)}>
          {describe(move)}
        </button>
      ))}
      {canUndo && (
        <button className="secondary undo" disabled={busy} onClick={onUndo}>
          ↶ Take back
        </button>
      )}
    </div>
  );
}
