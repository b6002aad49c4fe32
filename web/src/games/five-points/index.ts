import type { GameUi } from '../game-ui';
import { FivePointsBoard } from './board';
import { describeMove, targetsOf } from './moves';
import type { FivePointsMove, FivePointsView } from '@shared/five-points';

export const fivePointsUi: GameUi<FivePointsView, FivePointsMove> = {
  Board: FivePointsBoard,
  targetsOf,
  describeMove,
  prompt: (view) => (view.decision && view.decision !== 'nothing' ? view.decision : null),
};
