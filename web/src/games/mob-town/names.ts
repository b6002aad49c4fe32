/** How Mob Town things are named and colored. */
import { AGENDAS, LANDMARKS, PROFESSIONALS, PROPERTIES, ROLES } from '@shared/mob-town';

export { cellKey } from '@shared/mob-town';

const byId = (list: readonly { id: string; name: string }[]) => (id: string) => list.find((item) => item.id === id)?.name ?? id;

export const agendaName = byId(AGENDAS);
export const professionalName = byId(PROFESSIONALS);
export const roleName = byId(ROLES);
export const lotName = byId([...PROPERTIES, ...LANDMARKS]);

export const SUIT_FILL: Record<string, string> = {
  snakes: '#7cb85f',
  sharks: '#5b9bd5',
  foxes: '#ee9a45',
  rats: '#a8a8a8',
  weasels: '#b56a93',
  cash: '#dff0c8',
  law: '#1f1f1f',
};

export const BUSINESS_FILL: Record<string, string> = {
  factory: '#c9c3b6',
  gamblingDen: '#a3d6ad',
  theater: '#f0aaaa',
  hotel: '#aac6ee',
  restaurant: '#f4dd9a',
};
export const LANDMARK_FILL = '#dccbf2';
export const MOB_COLOR = '#5a0f0f';

/** `rats-2` → "2 of rats"; cash and the Law by name. */
export function cardName(card: string): string {
  if (card === 'cash') return 'cash';
  if (card === 'law') return 'the Law';
  const [suit, value] = card.split('-');
  return `${value} of ${suit}`;
}
