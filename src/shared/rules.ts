/**
 * The rules contract as the page shares it: the types of a game's options
 * and results, and the words for options. Everything under src/shared/ is
 * pure (no framework, database or I/O) and is the one part of the server's
 * code the page may import, as `@shared/...` (web/tsconfig.json,
 * web/vite.config.mts; checked by .dependency-cruiser.cjs).
 */
export type { GameOptions, OptionSpec, ScoreCategory, Seat } from '../rules/contract';
export { optionApplies, optionValueWords } from '../rules/option-words';
export { count, listOf } from '../rules/text';
