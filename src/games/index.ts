/** Every ruleset this server hosts. */
import type { AnyRuleset } from '../rules/contract';
import { fivePoints } from './five-points';

export const RULESETS_HOSTED: AnyRuleset[] = [fivePoints];
