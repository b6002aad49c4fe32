/** How Five Tribes things are named and colored. */
import { DJINNS, type DjinnId } from '../../../../src/games/five-tribes/data/djinns';
import { TRIBE_NAMES } from '../../../../src/games/five-tribes/data/meeples';
import { squareName, toIndex } from '../../../../src/games/five-tribes/grid';
import type { MeepleColor } from './view-types';

export const TRIBES: Record<MeepleColor, { name: string; fill: string }> = {
  yellow: { name: TRIBE_NAMES.yellow, fill: '#f2d022' },
  white: { name: TRIBE_NAMES.white, fill: '#fbfbf7' },
  green: { name: TRIBE_NAMES.green, fill: '#3aa655' },
  blue: { name: TRIBE_NAMES.blue, fill: '#2f6fd0' },
  red: { name: TRIBE_NAMES.red, fill: '#d6342c' },
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
  return squareName(toIndex([row, col]));
}
