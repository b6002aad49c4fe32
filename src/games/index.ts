/** Every ruleset this server hosts. */
import type { AnyRuleset } from '../rules/contract';

export const RULESETS_HOSTED: AnyRuleset[] = [];
