/**
 * Moves that are not a click on the board (pass, skip, end turn), and taking
 * back a step. The bar sticks to the bottom of the window at every width, so
 * that the board and the moves offered are seen together; the page keeps
 * clear of it when it scrolls something into view (a board target the
 * player tabs or is taken to never ends up under the bar:
 * components/sticky-bars.ts).
 */
import { useRef } from 'react';
import type { Move } from '../api/json-fields';
import { useStickyBar } from '../components/sticky-bars';

export function MoveBar({
  moves,
  describe,
  onMove,
  canUndo,
  onUndo,
  busy,
}: {
  moves: Move[];
  describe: (move: Move) => string;
  onMove: (move: Move) => void;
  canUndo: boolean;
  onUndo: () => void;
  busy: boolean;
}) {
  const bar = useRef<HTMLDivElement>(null);
  const shown = moves.length > 0 || canUndo;
  useStickyBar(bar, 'bottom', shown);
  if (!shown) return null;
  return (
    <div className="move-bar" role="group" aria-label="Moves" ref={bar}>
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
