/** How Five Tribes things are named and colored. */
import { DJINNS, type DjinnId } from '../../../../src/games/five-tribes/data/djinns';
import type { MeepleColor } from './view-types';

export const TRIBES: Record<MeepleColor, { name: string; fill: string }> = {
  yellow: { name: 'Vizier', fill: '#f2d022' },
  white: { name: 'Elder', fill: '#fbfbf7' },
  green: { name: 'Merchant', fill: '#3aa655' },
  blue: { name: 'Builder', fill: '#2f6fd0' },
  red: { name: 'Assassin', fill: '#d6342c' },
};

export const MEEPLE_COLORS = Object.keys(TRIBES) as MeepleColor[];

export function djinn(id: string): { name: string; vp: number; power: string } {
  return DJINNS[id as DjinnId] ?? { name: id, vp: 0, power: '' };
}

/** "bullion" is the Gold merchandise card (so that "gold" always means coins). */
export function cardName(kind: string): string {
  if (kind === 'bullion') return 'gold (card)';
  return kind;
}

export function tileName([row, col]: number[]): string {
  return `${String.fromCharCode(65 + row)}${col + 1}`;
}
