/**
 * The option sets the cross-game specs play each hosted ruleset with: its
 * defaults, then its variants (each with the defaults applied, as a game
 * created through the API gets them: src/play/platform/options.spec.ts
 * checks that the server's rule gives the same).
 */
import type { AnyRuleset, GameOptions } from '../../rules/contract';
import { ALL_VARIANTS } from '../mob-town/test-support';

const VARIANTS: Record<string, GameOptions[]> = {
  'mob-town': [
    ALL_VARIANTS,
    { mode: 'coop' },
    { mode: 'coop', bigMoney: true, coopStartingCity: 'hardest', coopMoreMobActivity: true },
    { mode: 'coop', coopStartingCity: 'easier', coopNoMasterCrimes: true },
  ],
};

export interface OptionSet {
  /** What differs from the defaults, e.g. "mode coop, bigMoney"; "defaults" when nothing does. */
  label: string;
  options: GameOptions;
}

function label(ruleset: AnyRuleset, options: GameOptions): string {
  const changed = ruleset.options.filter((spec) => options[spec.key] !== spec.default);
  return changed.map((spec) => (options[spec.key] === true ? spec.key : `${spec.key} ${options[spec.key]}`)).join(', ') || 'defaults';
}

export function optionSets(ruleset: AnyRuleset): OptionSet[] {
  return [{}, ...(VARIANTS[ruleset.id] ?? [])].map((given) => {
    const options: GameOptions = Object.fromEntries(ruleset.options.map((spec) => [spec.key, given[spec.key] ?? spec.default]));
    return { label: label(ruleset, options), options };
  });
}
