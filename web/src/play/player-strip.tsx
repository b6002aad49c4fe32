/** Who plays which color, who is to act, and who left the game. */
import type { PlayerInfo } from '../games/game-ui';
import { SeatSwatch } from '../components/svg';

export function PlayerStrip({ players, leftSeats = [] }: { players: PlayerInfo[]; leftSeats?: number[] }) {
  return (
    <ul className="player-strip">
      {players.map((player) => (
        <li key={player.seat} className={[player.active ? 'active' : '', leftSeats.includes(player.seat) ? 'left' : ''].join(' ')}>
          <SeatSwatch seat={player.seat} />
          {player.name}
          {player.isMe && ' (you)'}
          {leftSeats.includes(player.seat) && <em className="tag"> left the game</em>}
        </li>
      ))}
    </ul>
  );
}
