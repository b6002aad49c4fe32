/**
 * The move deadlines of the seats to act; when one has passed and the game
 * asks the host, the host chooses here what happens, among the choices the
 * server says they have.
 */
import type { DeadlineAction, GameFragment } from '../api/generated';
import { deadlineText } from '../components/deadline-text';
import type { PlayerInfo } from '../games/game-ui';

/** Each choice's button, in the order the server lists them. */
const CHOICES: Record<DeadlineAction, { label: string; className: string }> = {
  EXTEND: { label: 'Give more time', className: 'secondary' },
  SKIP: { label: 'Skip the turn', className: 'secondary' },
  END: { label: 'End the game', className: 'danger' },
};

export function DeadlineNotice({
  deadlines,
  players,
  onResolve,
}: {
  deadlines: GameFragment['deadlines'];
  players: PlayerInfo[];
  onResolve: (seat: number, action: DeadlineAction) => void;
}) {
  if (deadlines.length === 0) return null;
  return (
    <ul className="deadlines">
      {deadlines.map(({ seat, deadline, passed, actions }) => (
        <li key={seat} className={passed ? 'passed' : ''}>
          {players[seat]?.isMe ? 'Your' : `${players[seat]?.name ?? `Seat ${seat + 1}`}'s`} move{' '}
          {passed ? `was due ${deadlineText(deadline)}` : `is due ${deadlineText(deadline)}`}
          {actions.length > 0 && (
            <span className="deadline-actions">
              {actions.map((action) => (
                <button key={action} className={CHOICES[action].className} onClick={() => onResolve(seat, action)}>
                  {CHOICES[action].label}
                </button>
              ))}
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}
