import type { GameUi } from '../game-ui';
import { FiveTribesBoard } from './board';
import { describeMove, targetsOf } from './moves';
import { SaleForm } from './sale-form';
import type { FiveTribesMove, FiveTribesView } from '@shared/five-tribes';

/** What the active player is asked, by step of the turn. */
const PROMPTS: Record<string, string> = {
  start: 'pick up all the meeples of a tile (or use a Djinn)',
  moving: 'drop a meeple on the next tile',
  builders: 'collect for the Builders',
  assassins: 'choose a meeple for the Assassins',
  placement: 'place the palm tree or palace',
  market: 'buy resource cards, or skip',
  sacred: 'take a Djinn, or skip',
  sibittis: 'keep one of the drawn Djinns',
  end: 'sell merchandise, use a Djinn, or end your turn',
};

export const fiveTribesUi: GameUi<FiveTribesView, FiveTribesMove> = {
  Board: FiveTribesBoard,
  targetsOf,
  describeMove,
  prompt: (view) => (view.phase === 'bidding' ? 'bid for turn order on the track' : view.turn ? (PROMPTS[view.turn.step.name] ?? null) : null),
  MoveForm: SaleForm,
  usesForm: (move) => move.type === 'sell',
};
