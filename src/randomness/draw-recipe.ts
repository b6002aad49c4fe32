/**
 * How every random draw of a game is made: the recipe README.md spells out
 * ("Checking a game's randomness"), so that anyone holding a finished game's
 * revealed server seed and its players' client seeds can recompute every
 * shuffle and roll. Pure (node:crypto only, no NestJS, no database), so a
 * verifier can import it.
 *
 * A draw's seed is HMAC-SHA-256, keyed by the server seed, over the client
 * seeds and the draw's position; the hex digest seeds the generator of
 * src/rules/random.ts, which the ruleset draws from.
 */
import { createHash, createHmac } from 'node:crypto';
import { Random, seededRandom } from '../rules/random';

export interface DrawSeeds {
  /** Secret until the game ends. */
  serverSeed: string;
  /** The players' contributions, in seat order. */
  clientSeeds: readonly string[];
}

/** The public commitment to a server seed: its SHA-256, hex. */
export function commitmentTo(serverSeed: string): string {
  return createHash('sha256').update(serverSeed, 'utf8').digest('hex');
}

/**
 * The seed of the draws at `position`: the number of events in the game's
 * line of play in force when the append they belong to is decided (see
 * `linePosition` in src/play/game-state.ts).
 */
export function drawSeed(seeds: DrawSeeds, position: number): string {
  return createHmac('sha256', Buffer.from(seeds.serverSeed, 'utf8'))
    .update(JSON.stringify([seeds.clientSeeds, position]), 'utf8')
    .digest('hex');
}

/** The generator a ruleset draws from for the append at `position`. */
export function drawRandom(seeds: DrawSeeds, position: number): Random {
  return seededRandom(drawSeed(seeds, position));
}

/**
 * The client seed the server gives a seat whose player brought none, in a
 * game with a fixed seed: predictable, so that such a game is reproduced
 * from its seed alone. (In any other game the server draws one at random.)
 */
export function fixedSeedClientSeed(seat: number): string {
  return `seat ${seat + 1}`;
}
