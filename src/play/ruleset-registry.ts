/** The rulesets this server hosts, by id (tests build it with their own). */
import { AppError } from '../common/errors';
import type { AnyRuleset } from '../rules/contract';

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
