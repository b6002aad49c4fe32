/** Seats as the boards and sentences name them. */
import type { GameSummaryFragment } from '../api/generated';
import type { NameOf, PlayerInfo } from '../games/game-ui';
import { seatColor, seatShape } from '../games/seat-colors';

type Seat = GameSummaryFragment['seats'][number];

/** A bot as players read it: "Bot (greedy)". */
export function botName(level: NonNullable<Seat['bot']>): string {
  return `Bot (${level.toLowerCase()})`;
}

/** Who plays a seat: its player ("Ann", "Ann (bot)" once a bot took over), its bot, or its number. */
export function seatHolderName(seat: Seat): string {
  if (seat.user) return seat.bot ? `${seat.user.displayName} (bot)` : seat.user.displayName;
  return seat.bot ? botName(seat.bot) : `Seat ${seat.index + 1}`;
}

/** Whether a player may still take the seat: nobody holds it, and no bot plays it. */
export function isFreeSeat(seat: Seat): boolean {
  return !seat.user && !seat.bot;
}

export function playersOf(game: Pick<GameSummaryFragment, 'seats' | 'mySeat' | 'activeSeats'>): PlayerInfo[] {
  return game.seats.map((seat) => ({
    seat: seat.index,
    name: seatHolderName(seat),
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
