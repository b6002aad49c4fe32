/**
 * The server's side of provably fair randomness (commit, then reveal): a
 * secret server seed per game, committed to in `game.created`; every
 * player's public client seed, given when they sit down; every draw from
 * both (draw-recipe.ts); the seed revealed by `game.seedRevealed` when the
 * game finishes, so that anyone can check every draw afterwards.
 */
import { randomBytes } from 'node:crypto';
import { AppError } from '../common/errors';
import type { Random } from '../rules/random';
import { commitmentTo, drawRandom, fixedSeedClientSeed, seedProblem } from './draw-recipe';

/** A new game's server seed, and what everyone may know of it from the start. */
export interface NewGameSeed {
  serverSeed: string;
  commitment: string;
  fixedSeed: boolean;
}

/** What a draw needs to know of a game. */
export interface GameDrawSource {
  serverSeed: string;
  /** Each seat's client seed (null for a seat without one: only in games stored before there were any). */
  clientSeeds: readonly (string | null)[];
  linePosition: number;
}

export interface RandomnessOptions {
  /** ALLOW_FIXED_SEEDS: `createGame` may be given the seed (tests, benchmarks, reproducing a bug). */
  allowFixedSeeds: boolean;
}

export class GameRandomness {
  constructor(private readonly options: RandomnessOptions) {}

  get fixedSeedsAllowed(): boolean {
    return this.options.allowFixedSeeds;
  }

  /** 256 random bits, or the seed the host gave where fixed seeds are allowed. */
  newGameSeed(fixed: string | null | undefined): NewGameSeed {
    if (fixed === undefined || fixed === null) {
      const serverSeed = randomBytes(32).toString('hex');
      return { serverSeed, commitment: commitmentTo(serverSeed), fixedSeed: false };
    }
    if (!this.options.allowFixedSeeds) {
      throw new AppError(
        'BAD_USER_INPUT',
        'Fixed seeds are off on this server (ALLOW_FIXED_SEEDS): leave seed out, and the server draws a secret one that it reveals when the game ends.',
      );
    }
    const problem = seedProblem('seed', fixed);
    if (problem) throw new AppError('BAD_USER_INPUT', problem);
    const serverSeed = fixed;
    return { serverSeed, commitment: commitmentTo(serverSeed), fixedSeed: true };
  }

  /** The player's own client seed, or one the server makes for them (predictable in a fixed-seed game, so that it replays). */
  clientSeed(given: string | null | undefined, seat: number, fixedSeed: boolean): string {
    if (given !== undefined && given !== null) {
      const problem = seedProblem('clientSeed', given);
      if (problem) throw new AppError('BAD_USER_INPUT', problem);
      return given;
    }
    return fixedSeed ? fixedSeedClientSeed(seat) : this.randomClientSeed();
  }

  /** A client seed made at random, for a player who brings none to a game whose seed is not fixed (src/play/platform/lobby.ts). */
  randomClientSeed(): string {
    return randomBytes(16).toString('hex');
  }

  /** The generator for the append the game is about to make. */
  draws(source: GameDrawSource): Random {
    const clientSeeds = source.clientSeeds.filter((seed): seed is string => seed !== null);
    return drawRandom({ serverSeed: source.serverSeed, clientSeeds }, source.linePosition);
  }
}
