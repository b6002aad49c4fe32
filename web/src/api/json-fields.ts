/**
 * What the API's JSON fields hold. The schema can only call them JSON (each
 * game fills them its own way), so the generated types say `unknown`; their
 * shapes are the rules contract's, and the page narrows them here, once.
 */
import type { OptionSpec, ScoreCategory } from '@shared/rules';

export type { OptionSpec };

/** A move as `legalMoves` lists it: game-specific JSON with a `type` (each game's board reads its own: web/src/games/registry.ts). */
export interface Move {
  type: string;
  [key: string]: unknown;
}

/** `Game.result` once a game is finished. */
export interface GameResult {
  scores?: number[] | null;
  winners?: number[];
  /** The ruleset's `status.detail` at the end: `categories` is its score sheet (absent in games finished before there was one). */
  /** `lateSeat`: the seat whose move deadline passed when the game was ended for it (in games since that is recorded). */
  detail?: { categories?: ScoreCategory[]; endedByHost?: string; lateSeat?: number; endedByAgreement?: boolean; [key: string]: unknown } | null;
  [key: string]: unknown;
}

export const legalMovesOf = (game: { legalMoves: unknown[] }): Move[] => game.legalMoves as Move[];

export const resultOf = (game: { result: unknown }): GameResult | null => (game.result ?? null) as GameResult | null;

export const optionSpecsOf = (ruleset: { options: unknown }): OptionSpec[] => ruleset.options as OptionSpec[];
