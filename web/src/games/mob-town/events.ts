/** Mob Town events in words for the timeline. Cells are "row,col" strings in events. */
import type { NameOf } from '../game-ui';
import { agendaName, cardName, lotName, professionalName, roleName } from './names';

type Payload = Record<string, any>;

const cards = (list: string[]) => list.map(cardName).join(', ');

const DESCRIBE: Record<string, (p: Payload, nameOf: NameOf) => string | null> = {
  roundStarted: (p, nameOf) => `round ${p.round} was dealt; ${nameOf(p.firstSeat)} starts`,
  professionalsRevealed: (p) => `professionals for hire: ${p.professionals.map(professionalName).join(', ')}`,
  professionalsReshuffled: () => 'the professionals were reshuffled',
  agendaChosen: (p, nameOf) => `${nameOf(p.seat)} chose ${p.agenda ? agendaName(p.agenda) : 'an agenda'}`,
  agendaSwapped: (p, nameOf) => `${nameOf(p.seat)} swapped an agenda${p.chosen ? ` for ${agendaName(p.chosen)}` : ''}`,
  turnStarted: () => null,
  stepBegan: () => null,
  grantTaken: () => null,
  actionDone: () => null,
  turnEnded: (p, nameOf) => `${nameOf(p.seat)} ended the turn`,
  cardsDrawn: (p, nameOf) => `${nameOf(p.seat)} drew ${p.cards ? cards(p.cards) : `${p.count} card${p.count === 1 ? '' : 's'}`}`,
  lawDrawn: (p, nameOf) => `${nameOf(p.seat)} drew the Law: the round ends`,
  traded: (p, nameOf) => `${nameOf(p.seat)} traded ${cardName(p.gave)} for ${cards(p.took)}`,
  cashedIn: (p, nameOf) => `${nameOf(p.seat)} cashed in`,
  lineupCardTaken: (p, nameOf) => `${nameOf(p.seat)} took ${cardName(p.card)} from the lineup`,
  lineupRefilled: () => null,
  cardPaid: (p, nameOf) => `${nameOf(p.seat)} paid ${cardName(p.card)}${p.to === null ? '' : ` to ${nameOf(p.to)}`}`,
  tokenPlaced: (p, nameOf) => `${nameOf(p.seat)} put a family token on ${p.cell}`,
  briefcaseSpent: (p, nameOf) => `${nameOf(p.seat)} spent a briefcase`,
  lotPlaced: (p, nameOf) => `${nameOf(p.seat)} opened ${lotName(p.card)} at ${p.cell}`,
  openLotRefilled: (p) => `${lotName(p.card)} came into the open lot`,
  professionalHired: (p, nameOf) => `${nameOf(p.seat)} hired ${professionalName(p.professional)}`,
  freeDrawUsed: (p, nameOf) => `${nameOf(p.seat)} used the free draw`,
  stepSkipped: (p, nameOf) => `${nameOf(p.seat)} skipped`,
  roundScored: (p, nameOf) => `round ${p.round} was scored: ${p.results.map((r: Payload) => `${nameOf(r.seat)} +${r.total}`).join(', ')}`,
  gameEnded: (p, nameOf) => `the game ended: ${p.result.winners.length ? p.result.winners.map(nameOf).join(' and ') : 'nobody'} won`,
  roleChosen: (p, nameOf) => `${nameOf(p.seat)} became the ${roleName(p.role)}`,
  pawnPlaced: (p, nameOf) => `${nameOf(p.seat)} put a pawn on ${p.cell}`,
  pawnMoved: (p, nameOf) => `${nameOf(p.seat)} moved to ${p.cell}`,
  tokensCleared: (p, nameOf) => `${nameOf(p.seat)} cleared ${p.count} mob token${p.count === 1 ? '' : 's'} at ${p.cell}`,
  propertyShutDown: (p, nameOf) => `${nameOf(p.seat)} shut down the property at ${p.cell} (+${p.points})`,
  businessExpanded: (p) => `the mob opened ${lotName(p.card)} at ${p.cell}`,
  mobActivityDrawn: () => 'mob activity',
  mobDeckReshuffled: () => 'the mob deck was reshuffled',
  masterCrimesShuffledIn: () => 'master crimes were shuffled in',
  mobTokenPlaced: (p) => `the mob put a token on ${p.cell}`,
  mobBossAdvanced: (p) => `the mob boss advanced ${p.spaces}`,
};

export function describeEvent(type: string, payload: Payload, nameOf: NameOf): string | null {
  const describe = DESCRIBE[type];
  return describe ? describe(payload, nameOf) : type;
}
