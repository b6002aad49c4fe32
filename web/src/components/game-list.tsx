/** Games as lines: what it is, who plays, whose turn, and a link to open it. */
import type { GameSummaryFragment } from '../api/generated';
import { UnreadBadge } from '../chat/unread-badge';
import type { Ruleset } from './use-rulesets';
import { Link } from '../router';
import { deadlineText } from './deadline-text';

function whoseTurn(game: GameSummaryFragment): string {
  if (game.status === 'LOBBY') return `${game.seats.filter((s) => s.user).length} of ${game.seats.length} seats taken`;
  if (game.status === 'FINISHED') return 'finished';
  if (game.mySeat !== null && game.activeSeats.includes(game.mySeat)) return 'your turn';
  const names = game.activeSeats.map((seat) => game.seats[seat]?.user?.displayName ?? `seat ${seat + 1}`);
  return names.length ? `waiting for ${names.join(', ')}` : 'in play';
}

export function GameList({ games, rulesets, empty, label, deadlines }: {
  /** Rows of the player's own games also count their unread chat lines. */
  games: Array<GameSummaryFragment & { unreadChat?: number }>;
  rulesets: Ruleset[];
  empty: string;
  label: string;
  /** For "my turns": each game's deadline for the viewer, if it has one. */
  deadlines?: (string | null)[];
}) {
  if (games.length === 0) return <p className="muted">{empty}</p>;
  return (
    <ul className="game-list" aria-label={label}>
      {games.map((game, i) => (
        <li key={game.id} data-game={game.id}>
          <Link to={`/games/${game.id}`}>
            <strong>
              {rulesets.find((r) => r.id === game.ruleset)?.name ?? game.ruleset} <UnreadBadge count={game.unreadChat} />
            </strong>
            <span className="players">{game.seats.map((s) => s.user?.displayName ?? '…').join(', ')}</span>
            <span className="turn">
              {whoseTurn(game)}
              {deadlines?.[i] && <span className="deadline"> · due {deadlineText(deadlines[i]!)}</span>}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
