/**
 * The game after one's own move. The move's answer selects only what a move
 * can change (`MoveOutcome`, operations/game.graphql); the rest is the game
 * the move was made on, at whose version the server took it, so nothing
 * else happened in between.
 */
import type { GameFragment, MoveOutcomeFragment } from './generated';

export function afterMove(game: GameFragment, outcome: MoveOutcomeFragment): GameFragment {
  return { ...game, ...outcome, randomness: { ...game.randomness, ...outcome.randomness } };
}
