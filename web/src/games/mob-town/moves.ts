/** Where each Mob Town move is offered on the board, and its words. */
import type { Cell, MobTownMove, MobTownView } from '@shared/mob-town';
import type { NameOf } from '../game-ui';
import { agendaName, cardName, cellKey, lotName, professionalName, roleName } from './names';

export const targets = {
  cell: (cell: Cell) => `cell:${cellKey(cell)}`,
  handCard: (card: string) => `hand:${card}`,
  lineupCard: (card: string) => `lineup:${card}`,
  openLot: (id: string) => `lot:${id}`,
  professional: (id: string) => `pro:${id}`,
  agenda: (id: string) => `agenda:${id}`,
  deck: 'deck',
};

export function targetsOf(move: MobTownMove): string[] {
  switch (move.type) {
    case 'draw':
      return [targets.deck];
    case 'freeDraw':
    case 'takeOver':
    case 'placePawn':
    case 'move':
      return [targets.cell(move.cell)];
    case 'openLot':
      return [targets.openLot(move.property), targets.cell(move.cell)];
    case 'trade':
      return [targets.handCard(move.give)];
    case 'pay':
      return [targets.handCard(move.card)];
    case 'pick':
      return [targets.lineupCard(move.card)];
    case 'hire':
      return [targets.professional(move.professional)];
    case 'swapAgenda':
      return [targets.agenda(move.give)];
    default:
      return [];
  }
}

export function describeMove(move: MobTownMove, view: MobTownView, _nameOf: NameOf): string {
  const lotAt = (c: Cell) => view.city.cells.find((lot) => cellKey(lot.cell) === cellKey(c))?.card.name ?? `the lot at ${cellKey(c)}`;
  switch (move.type) {
    case 'chooseAgenda':
      return `Agenda: ${agendaName(move.agenda)}`;
    case 'swapAgenda':
      return `Swap ${agendaName(move.give)} for ${agendaName(move.take)}`;
    case 'draw':
      return 'Draw cards';
    case 'freeDraw':
      return `Free draw from ${lotAt(move.cell)}`;
    case 'trade':
      return `Trade ${cardName(move.give)} for the lineup's ${move.take}`;
    case 'cashIn':
      return 'Cash in';
    case 'pick':
      return `Take ${cardName(move.card)}`;
    case 'takeOver': {
      const via = move.via.map((c) => lotAt(c));
      const owners = via.length ? ` via ${via.join(', ')}` : '';
      return `Take over ${lotAt(move.cell)}${owners}`;
    }
    case 'pay':
      return `Pay ${cardName(move.card)}`;
    case 'openLot':
      return `Open ${lotName(move.property)} at ${cellKey(move.cell)}`;
    case 'hire':
      return `Hire ${professionalName(move.professional)}`;
    case 'skip':
      return 'Skip';
    case 'chooseRole':
      return `Role: ${roleName(move.role)}`;
    case 'placePawn':
      return `Put your pawn on ${lotAt(move.cell)}`;
    case 'move':
      return `Move to ${lotAt(move.cell)}`;
    case 'clearOut':
      return 'Clear out';
    case 'shutDown':
      return 'Shut down';
    case 'stop':
      return 'Stop clearing out';
    case 'endTurn':
      return 'End the turn';
  }
}
