/**
 * One color per seat, the same in every game, chosen to stand out against
 * all the boards' own colors (Five Points' blue/green/red/orange districts,
 * Five Tribes' meeple colors).
 */
export const SEAT_COLORS = ['#7b2cbf', '#1f1f1f', '#f5f0e6', '#e0218a', '#8a5a2b'] as const;

export function seatColor(seat: number): string {
  return SEAT_COLORS[seat % SEAT_COLORS.length];
}

/** One shape per seat too, so that players tell their markers apart without telling colors apart. */
export const SEAT_SHAPES = ['circle', 'square', 'triangle', 'diamond', 'hexagon'] as const;
export type SeatShape = (typeof SEAT_SHAPES)[number];

export function seatShape(seat: number): SeatShape {
  return SEAT_SHAPES[seat % SEAT_SHAPES.length];
}

/** A dark or light outline/text color that reads well on `fill`. */
export function contrastOn(fill: string): string {
  const hex = fill.replace('#', '');
  if (hex.length !== 6) return '#1f1f1f';
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return 0.299 * r + 0.587 * g + 0.114 * b > 150 ? '#1f1f1f' : '#ffffff';
}
