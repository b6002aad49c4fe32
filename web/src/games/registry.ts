/** The board and words of each game, by ruleset id. */
import type { GameUi } from './game-ui';
import { fivePointsUi } from './five-points';
import { fiveTribesUi } from './five-tribes';
import { genericUi } from './generic';
import { mobTownUi } from './mob-town';

const GAME_UIS: Record<string, GameUi> = {
  'five-points': fivePointsUi,
  'five-tribes': fiveTribesUi,
  'mob-town': mobTownUi,
};

export function gameUiFor(ruleset: string): GameUi {
  return GAME_UIS[ruleset] ?? genericUi;
}
