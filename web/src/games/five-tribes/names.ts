/** How Five Tribes things are named and colored. */
import { DJINNS, TRIBE_NAMES, squareName, toIndex, type Coord, type DjinnId, type MeepleColor } from '@shared/five-tribes';

export { MEEPLE_COLORS } from '@shared/five-tribes';

export const TRIBES: Record<MeepleColor, { name: string; fill: string }> = {
  yellow: { name: TRIBE_NAMES.yellow, fill: '#f2d022' },
  white: { name: TRIBE_NAMES.white, fill: '#fbfbf7' },
  green: { name: TRIBE_NAMES.green, fill: '#3aa655' },
  blue: { name: TRIBE_NAMES.blue, fill: '#2f6fd0' },
  red: { name: TRIBE_NAMES.red, fill: '#d6342c' },
};

export function djinn(id: DjinnId): { name: string; vp: number; power: string } {
  return DJINNS[id];
}

/** "bullion" is the Gold merchandise card (so that "gold" always means coins). */
export function cardName(kind: string): string {
  if (kind === 'bullion') return 'gold (card)';
  return kind;
}

export function tileName(at: Coord): string {
  return squareName(toIndex(at));
}
