/** Where each Mob Town move is offered on the board, and its words. */
import type { Move } from '../../api/json-fields';
import type { NameOf } from '../game-ui';
import { agendaName, cardName, cellKey, lotName, professionalName, roleName } from './names';
import type { Cell, MobTownView } from './view-types';

export const targets = {
  cell: (cell: Cell | string) => `cell:${cellKey(cell)}`,
  handCard: (card: string) => `hand:${card}`,
  lineupCard: (card: string) => `lineup:${card}`,
  openLot: (id: string) => `lot:${id}`,
  professional: (id: string) => `pro:${id}`,
  agenda: (id: string) => `agenda:${id}`,
  deck: 'deck',
};

export function targetsOf(move: Move): string[] {
  const cell = move.cell as Cell | undefined;
  switch (move.type) {
    case 'draw':
      return [targets.deck];
    case 'freeDraw':
    case 'takeOver':
    case 'placePawn':
    case 'move':
      return [targets.cell(cell!)];
    case 'openLot':
      return [targets.openLot(move.property as string), targets.cell(cell!)];
    case 'trade':
      return [targets.handCard(move.give as string)];
    case 'pay':
      return [targets.handCard(move.card as string)];
    case 'pick':
      return [targets.lineupCard(move.card as string)];
    case 'hire':
      return [targets.professional(move.professional as string)];
    case 'swapAgenda':
      return [targets.agenda(move.give as string)];
    default:
      return [];
  }
}

export function describeMove(move: Move, view: MobTownView, _nameOf: NameOf): string {
  const cell = move.cell as Cell | undefined;
  const lotAt = (c: Cell) => view.city.cells.find((lot) => cellKey(lot.cell) === cellKey(c))?.card.name ?? `the lot at ${cellKey(c)}`;
  switch (move.type) {
    case 'chooseAgenda':
      return `Agenda: ${agendaName(move.agenda as string)}`;
    case 'swapAgenda':
      return `Swap ${agendaName(move.give as string)} for ${agendaName(move.take as string)}`;
    case 'draw':
      return 'Draw cards';
    case 'freeDraw':
      return `Free draw from ${lotAt(cell!)}`;
    case 'trade':
      return `Trade ${cardName(move.give as string)} for the lineup's ${move.take}`;
    case 'cashIn':
      return 'Cash in';
    case 'pick':
      return `Take ${cardName(move.card as string)}`;
    case 'takeOver': {
      const via = (move.via as Cell[]).map((c) => lotAt(c));
      const owners = via.length ? ` via ${via.join(', ')}` : '';
      return `Take over ${lotAt(cell!)}${owners}`;
    }
    case 'pay':
      return `Pay ${cardName(move.card as string)}`;
    case 'openLot':
      return `Open ${lotName(move.property as string)} at ${cellKey(cell!)}`;
    case 'hire':
      return `Hire ${professionalName(move.professional as string)}`;
    case 'skip':
      return 'Skip';
    case 'chooseRole':
      return `Role: ${roleName(move.role as string)}`;
    case 'placePawn':
      return `Put your pawn on ${lotAt(cell!)}`;
    case 'move':
      return `Move to ${lotAt(cell!)}`;
    case 'clearOut':
      return 'Clear out';
    case 'shutDown':
      return 'Shut down';
    case 'stop':
      return 'Stop clearing out';
    case 'endTurn':
      return 'End the turn';
    default:
      return move.type;
  }
}
