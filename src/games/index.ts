/** Every ruleset this server hosts. */
import type { AnyRuleset } from '../rules/contract';
import { fivePoints, type FivePointsMove, type FivePointsView } from './five-points';
import { fiveTribes, type FiveTribesMove, type FiveTribesView } from './five-tribes';
import { mobTown, type MobTownMove, type MobTownView } from './mob-town';

export const RULESETS_HOSTED: AnyRuleset[] = [fivePoints, fiveTribes, mobTown];

/**
 * What a hosted game's view and listed moves are, by ruleset id. The API
 * sends them as JSON; the page reads them as these (src/shared/games.ts).
 */
export interface HostedGameTypes {
  'five-points': { view: FivePointsView; move: FivePointsMove };
  'five-tribes': { view: FiveTribesView; move: FiveTribesMove };
  'mob-town': { view: MobTownView; move: MobTownMove };
}
