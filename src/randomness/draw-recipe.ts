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
 * How a game created today counts draw positions (`drawRecipe` in its
 * `game.created`). 2: the events that change nothing of the play (a
 * proposal, its answers, its lapse or withdrawal, a deadline passing or
 * extended: `changesNothingOfPlay` in src/play/game-life.ts) do not move the
 * position, so that none of them, added after a rollback, draws anew what
 * was already seen. Games created before (no `drawRecipe`) count every
 * event of the line.
 */
export const DRAW_RECIPE = 2;

/**
 * The seed of the draws at `position`: the game's draw position when the
 * append they belong to is decided (see `linePosition` in
 * src/play/game-state.ts).
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

/** A seed's length, server or client: 1 to 200 characters. */
const SEED_LENGTH = { min: 1, max: 200 };

/** What is wrong with a seed given as `name` (a fixed server seed, a player's client seed), or null. */
export function seedProblem(name: string, value: unknown): string | null {
  if (typeof value === 'string' && value.length >= SEED_LENGTH.min && value.length <= SEED_LENGTH.max) return null;
  return `${name} must be ${SEED_LENGTH.min} to ${SEED_LENGTH.max} characters.`;
}

/**
 * The client seed the server gives a seat whose player brought none, in a
 * game with a fixed seed: predictable, so that such a game is reproduced
 * from its seed alone. (In any other game the server draws one at random.)
 */
export function fixedSeedClientSeed(seat: number): string {
  return `seat ${seat + 1}`;
}
