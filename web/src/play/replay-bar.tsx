/** Shown while the board is a replay: where we are, step through, back to now, the host's rollback and a player's takeback request. */
import type { TimelineItem } from './timeline';

export function ReplayBar({
  item,
  note,
  onPrevious,
  onNext,
  onNow,
  onRollback,
  onTakeback,
  offersPending,
}: {
  item: TimelineItem;
  /** What this point is to the player, where the page opened on it for them ("where you last moved"). */
  note: string | null;
  onPrevious: (() => void) | null;
  onNext: (() => void) | null;
  onNow: () => void;
  /** Offered to the host only, for the points the server lists (Game.returnPoints). */
  onRollback: (() => void) | null;
  /** Offered to players still in the game, for the points the server lists (Game.returnPoints). */
  onTakeback: (() => void) | null;
  /** Whether this point may be gone back to is still being asked of the server. */
  offersPending: boolean;
}) {
  return (
    <div className="replay-bar" role="status">
      <div className="replay-what">
        Replay — the board just after {item.label}: <strong>{item.text}</strong>
        {item.rolledBack && <em className="tag"> (rolled back)</em>}
        {note && <p className="replay-note">{note}</p>}
      </div>
      <div className="replay-controls" aria-busy={offersPending}>
        <button className="secondary" onClick={onPrevious ?? undefined} disabled={!onPrevious} aria-label="Earlier event">
          ◀ Earlier
        </button>
        <button className="secondary" onClick={onNext ?? undefined} disabled={!onNext} aria-label="Later event">
          Later ▶
        </button>
        <button onClick={onNow}>Back to now</button>
        {onRollback && (
          <button className="danger" onClick={onRollback}>
            Roll back to here…
          </button>
        )}
        {onTakeback && (
          <button className="secondary" onClick={onTakeback}>
            Ask to take back to here…
          </button>
        )}
      </div>
    </div>
  );
}
