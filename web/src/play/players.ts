/** Seats as the boards and sentences name them. */
import type { GameSummaryFragment } from '../api/generated';
import type { NameOf, PlayerInfo } from '../games/game-ui';
import { seatColor, seatShape } from '../games/seat-colors';

export function playersOf(game: Pick<GameSummaryFragment, 'seats' | 'mySeat' | 'activeSeats'>): PlayerInfo[] {
  return game.seats.map((seat) => ({
    seat: seat.index,
    name: seat.user?.displayName ?? `Seat ${seat.index + 1}`,
    color: seatColor(seat.index),
    shape: seatShape(seat.index),
    isMe: seat.index === game.mySeat,
    active: game.activeSeats.includes(seat.index),
  }));
}

export function nameOfSeat(players: PlayerInfo[]): NameOf {
  return (seat) => {
    if (seat === null || seat === undefined) return 'nobody';
    const player = players[seat];
    if (!player) return `seat ${seat + 1}`;
    return player.isMe ? 'you' : player.name;
  };
}

/** "Ann", "Ann and Bob", "Ann, Bob and Cy". */
export function listNames(names: string[]): string {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}
