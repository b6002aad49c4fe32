/** Every ruleset this server hosts. */
import type { AnyRuleset } from '../rules/contract';
import { fivePoints } from './five-points';
import { fiveTribes } from './five-tribes';
import { mobTown } from './mob-town';

export const RULESETS_HOSTED: AnyRuleset[] = [fivePoints, fiveTribes, mobTown];
