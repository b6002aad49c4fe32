/** Who plays which color, and who is to act. */
import type { PlayerInfo } from '../games/game-ui';
import { SeatSwatch } from '../components/svg';

export function PlayerStrip({ players }: { players: PlayerInfo[] }) {
  return (
    <ul className="player-strip">
      {players.map((player) => (
        <li key={player.seat} className={player.active ? 'active' : ''}>
          <SeatSwatch seat={player.seat} />
          {player.name}
          {player.isMe && ' (you)'}
        </li>
      ))}
    </ul>
  );
}
