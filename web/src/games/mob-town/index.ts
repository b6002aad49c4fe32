import type { GameUi } from '../game-ui';
import { MobTownBoard } from './board';
import { describeMove, targetsOf } from './moves';
import type { MobTownMove, MobTownView } from '@shared/mob-town';

/** What the active player is asked, by phase and step. */
function prompt(view: MobTownView): string | null {
  switch (view.phase) {
    case 'agendas':
      return 'choose your agendas for this round';
    case 'roles':
      return 'choose a role';
    case 'pawns':
      return 'put your pawn on a property';
    case 'play':
      switch (view.turn?.step.kind) {
        case 'chooseAction':
          return 'choose an action: draw from the deck, trade or pay with a hand card, open a lot, take over a property';
        case 'pick':
          return 'take cards from the lineup';
        case 'pay':
          return 'pay with cards from your hand';
        case 'takeOver':
          return 'take over a property, or skip';
        case 'clearOut':
          return 'pay cards to clear out tokens, or stop';
        default:
          return null;
      }
    default:
      return null;
  }
}

export const mobTownUi: GameUi<MobTownView, MobTownMove> = {
  Board: MobTownBoard,
  targetsOf,
  describeMove,
  prompt,
};
