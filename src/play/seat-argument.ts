/**
 * Seats in the API's arguments count from 0 (the host takes seat 0), as
 * players never do: the page, the history and every message name index 0
 * "seat 1". A refusal of a seat argument says both.
 */
import { AppError } from '../common/errors';

/** Refuses a seat argument that is not one of the game's `seatCount` seats. */
export function checkSeatArgument(seat: number, seatCount: number): void {
  if (!Number.isInteger(seat) || seat < 0 || seat >= seatCount) {
    throw new AppError('BAD_USER_INPUT', `seat must be from 0 to ${seatCount - 1} (0 is the seat players call seat 1).`);
  }
}
