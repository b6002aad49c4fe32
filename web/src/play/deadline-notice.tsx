/**
 * The move deadlines of the seats to act; when one has passed and the game
 * asks the host, the host chooses here what happens.
 */
import type { DeadlineAction, GameFragment } from '../api/generated';
import { deadlineText } from '../components/deadline-text';
import type { PlayerInfo } from '../games/game-ui';

export function DeadlineNotice({
  deadlines,
  players,
  isHost,
  onResolve,
}: {
  deadlines: GameFragment['deadlines'];
  players: PlayerInfo[];
  isHost: boolean;
  onResolve: (seat: number, action: DeadlineAction) => void;
}) {
  if (deadlines.length === 0) return null;
  return (
    <ul className="deadlines">
      {deadlines.map(({ seat, deadline, passed }) => (
        <li key={seat} className={passed ? 'passed' : ''}>
          {players[seat]?.isMe ? 'Your' : `${players[seat]?.name ?? `Seat ${seat + 1}`}'s`} move{' '}
          {passed ? `was due ${deadlineText(deadline)}` : `is due ${deadlineText(deadline)}`}
          {passed && isHost && (
            <span className="deadline-actions">
              <button className="secondary" onClick={() => onResolve(seat, 'EXTEND')}>
                Give more time
              </button>
              <button className="secondary" onClick={() => onResolve(seat, 'SKIP')}>
                Skip the turn
              </button>
              <button className="danger" onClick={() => onResolve(seat, 'END')}>
                End the game
              </button>
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}
