import type { GameUi } from '../game-ui';
import { FivePointsBoard } from './board';
import { describeMove, targetsOf } from './moves';
import type { FivePointsView } from './view-types';

export const fivePointsUi: GameUi<FivePointsView> = {
  Board: FivePointsBoard,
  targetsOf,
  describeMove,
  prompt: (view) => (view.decision && view.decision !== 'nothing' ? view.decision : null),
};
