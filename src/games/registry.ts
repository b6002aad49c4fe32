/**
 * The rulesets this server hosts, by id. Tests may add their own through
 * the RULESETS provider.
 */
import type { AnyRuleset, GameOptions, OptionSpec } from '../rules/contract';
import { optionApplies, optionValueWords } from '../rules/option-words';
import { AppError } from '../common/errors';

export const RULESETS = Symbol('RULESETS');

export class RulesetRegistry {
  private readonly byId = new Map<string, AnyRuleset>();

  constructor(rulesets: AnyRuleset[]) {
    for (const ruleset of rulesets) this.byId.set(ruleset.id, ruleset);
  }

  list(): AnyRuleset[] {
    return [...this.byId.values()];
  }

  get(id: string): AnyRuleset {
    const ruleset = this.byId.get(id);
    if (!ruleset) throw new AppError('BAD_USER_INPUT', `There is no ruleset "${id}". Known: ${[...this.byId.keys()].join(', ')}.`);
    return ruleset;
  }
}

function checkOption(spec: OptionSpec, value: unknown): string | null {
  switch (spec.type) {
    case 'boolean':
      return typeof value === 'boolean' ? null : `option "${spec.key}" must be true or false`;
    case 'integer':
      return Number.isInteger(value) && (value as number) >= spec.min && (value as number) <= spec.max
        ? null
        : `option "${spec.key}" must be a whole number from ${spec.min} to ${spec.max}`;
    case 'choice':
      return spec.choices.includes(value as string) ? null : `option "${spec.key}" must be one of ${spec.choices.join(', ')}`;
  }
}

/** The options with defaults applied; unknown keys and bad values are refused. */
export function resolveOptions(ruleset: AnyRuleset, given: unknown): GameOptions {
  if (given !== undefined && given !== null && (typeof given !== 'object' || Array.isArray(given))) {
    throw new AppError('BAD_USER_INPUT', 'options must be an object');
  }
  const input = (given ?? {}) as Record<string, unknown>;
  const known = new Set(ruleset.options.map((spec) => spec.key));
  const unknown = Object.keys(input).filter((key) => !known.has(key));
  if (unknown.length > 0) {
    throw new AppError('BAD_USER_INPUT', `${ruleset.name} has no option ${unknown.map((k) => `"${k}"`).join(', ')}`);
  }
  const options: GameOptions = {};
  for (const spec of ruleset.options) {
    const value = input[spec.key] ?? spec.default;
    const problem = checkOption(spec, value);
    if (problem) throw new AppError('BAD_USER_INPUT', problem);
    options[spec.key] = value as boolean | number | string;
  }
  for (const spec of ruleset.options) {
    const problem = notApplying(ruleset, spec, options);
    if (problem) throw new AppError('BAD_USER_INPUT', problem);
  }
  return options;
}

/** Why an option set away from its default does not belong in a game with these options, or null. */
function notApplying(ruleset: AnyRuleset, spec: OptionSpec, options: GameOptions): string | null {
  const condition = spec.onlyWhen;
  if (!condition || options[spec.key] === spec.default || optionApplies(spec, options)) return null;
  const other = ruleset.options.find((candidate) => candidate.key === condition.key)!;
  return `"${spec.label}" is only for games whose "${other.label}" is ${optionValueWords(other, condition.value)}.`;
}
