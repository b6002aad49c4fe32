/** The board and words of each game, by ruleset id. */
import type { HostedGameTypes } from '@shared/games';
import type { GameUi } from './game-ui';
import { fivePointsUi } from './five-points';
import { fiveTribesUi } from './five-tribes';
import { genericUi } from './generic';
import { mobTownUi } from './mob-town';

type Hosted = keyof HostedGameTypes;

/** Each typed with its game's own view and moves, as the server declares them. */
const GAME_UIS: { [Id in Hosted]: GameUi<HostedGameTypes[Id]['view'], HostedGameTypes[Id]['move']> } = {
  'five-points': fivePointsUi,
  'five-tribes': fiveTribesUi,
  'mob-town': mobTownUi,
};

/**
 * The board and words for a game of `ruleset`, taking the API's `view` and
 * `legalMoves` as they come: JSON, which the schema cannot type. A hosted
 * game's are its own view and moves (the server built them as such), and
 * this is the one place the page takes them to be.
 */
export function gameUiFor(ruleset: string): GameUi<unknown> {
  return Object.hasOwn(GAME_UIS, ruleset) ? (GAME_UIS[ruleset as Hosted] as GameUi<any, any>) : genericUi;
}
