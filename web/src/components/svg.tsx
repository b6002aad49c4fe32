/** SVG pieces every board draws with: tokens, meeples, cards and labels. */
import { useLayoutEffect, useRef, useState, type ReactNode, type SVGProps } from 'react';
import { READABLE_TEXT_PX, useBoardZoom, WHOLE_BOARD } from './board-zoom';
import { useStickyBarsHeight } from './sticky-bars';
import { contrastOn, seatColor, seatShape, type SeatShape } from '../games/seat-colors';

/**
 * Text with a light halo so it stays readable on any fill; or several
 * `lines` as one text, each `lineHeight` under the last. A label ends with a space, which
 * SVG does not draw: the words of two labels side by side stay two words
 * when the drawing is read as text (a control's visible text, which its
 * accessible name must contain: WCAG 2.5.3).
 */
export function Label({
  x,
  y,
  children,
  size = 14,
  weight = 600,
  anchor = 'middle',
  color = '#1f1f1f',
  halo = '#ffffffcc',
  lines,
  lineHeight = size * 1.2,
}: {
  x: number;
  y: number;
  children?: ReactNode;
  size?: number;
  weight?: number;
  anchor?: 'start' | 'middle' | 'end';
  color?: string;
  halo?: string | null;
  lines?: string[];
  lineHeight?: number;
}) {
  return (
    <text
      x={x}
      y={y}
      fontSize={size}
      fontWeight={weight}
      textAnchor={anchor}
      dominantBaseline="central"
      fill={color}
      stroke={halo ?? undefined}
      strokeWidth={halo ? size / 4 : undefined}
      paintOrder="stroke"
      style={{ pointerEvents: 'none' }}
    >
      {lines
        ? lines.map((line, i) => (
            <tspan key={i} x={x} y={y + i * lineHeight}>
              {line}{' '}
            </tspan>
          ))
        : children}{' '}
    </text>
  );
}

/** Corners of a regular polygon of `sides` around (x, y), the first one straight up (or rotated by `turn` of a side). */
function polygon(sides: number, x: number, y: number, r: number, turn = 0): string {
  return Array.from({ length: sides }, (_, i) => {
    const angle = ((i + turn) / sides) * 2 * Math.PI - Math.PI / 2;
    return `${(x + r * Math.cos(angle)).toFixed(1)},${(y + r * Math.sin(angle)).toFixed(1)}`;
  }).join(' ');
}

/**
 * A marker's outline: a seat's own shape (seat-colors.ts), about `r` in
 * radius. A dark one (the black seat's, the purple's) is marked so that the
 * dark theme gives it a light edge: on its dark backgrounds, a black marker
 * with a black edge is hardly seen.
 */
export function ShapeOutline({
  shape = 'circle',
  x,
  y,
  r,
  ...paint
}: {
  shape?: SeatShape;
  x: number;
  y: number;
  r: number;
  fill: string;
  stroke: string;
  strokeWidth: number;
}) {
  const drawn = { ...paint, className: contrastOn(paint.fill) === '#ffffff' ? 'dark-marker' : undefined };
  switch (shape) {
    case 'square':
      return <rect x={x - r * 0.88} y={y - r * 0.88} width={r * 1.76} height={r * 1.76} rx={r * 0.15} {...drawn} />;
    case 'triangle':
      return <polygon points={polygon(3, x, y + r * 0.2, r * 1.25)} {...drawn} />;
    case 'diamond':
      return <polygon points={polygon(4, x, y, r * 1.15)} {...drawn} />;
    case 'hexagon':
      return <polygon points={polygon(6, x, y, r * 1.05, 0.5)} {...drawn} />;
    default:
      return <circle cx={x} cy={y} r={r} {...drawn} />;
  }
}

/** A token (round, or in its seat's `shape`); with `count` > 1 the number is written on it. */
export function Token({
  x,
  y,
  r = 10,
  color,
  shape,
  count,
  title,
}: {
  x: number;
  y: number;
  r?: number;
  color: string;
  shape?: SeatShape;
  count?: number;
  title?: string;
}) {
  return (
    <g>
      {title && <title>{title}</title>}
      <ShapeOutline shape={shape} x={x} y={y} r={r} fill={color} stroke={contrastOn(color) === '#ffffff' ? '#00000055' : '#1f1f1f'} strokeWidth={1.5} />
      {count !== undefined && count > 1 && (
        <Label x={x} y={y + 0.5} size={r * 1.1} color={contrastOn(color)} halo={null}>
          {count}
        </Label>
      )}
    </g>
  );
}

/** The classic meeple outline, `size` tall, standing on (x, y). */
export function Meeple({ x, y, size = 24, color, count, title }: { x: number; y: number; size?: number; color: string; count?: number; title?: string }) {
  const s = size / 24;
  const path =
    'M12 0 C15.5 0 17 2.5 17 5 C17 7 16 8.3 15 9 L22 11 C24 11.6 24 14.5 22 15 L17 15.5 L20 23 C20.3 24 19.6 24 19 24 L14 24 L12 19 L10 24 L5 24 C4.4 24 3.7 24 4 23 L7 15.5 L2 15 C0 14.5 0 11.6 2 11 L9 9 C8 8.3 7 7 7 5 C7 2.5 8.5 0 12 0 Z';
  return (
    <g>
      {title && <title>{title}</title>}
      <path
        d={path}
        transform={`translate(${x - 12 * s} ${y - 24 * s}) scale(${s})`}
        fill={color}
        stroke="#1f1f1f"
        strokeWidth={1.5 / s}
        strokeLinejoin="round"
      />
      {count !== undefined && count > 1 && (
        <Label x={x} y={y - size * 0.45} size={size * 0.42} color={contrastOn(color)} halo={null}>
          {count}
        </Label>
      )}
    </g>
  );
}

/** A card: rounded rectangle with a title and up to two lines beneath. */
export function CardShape({
  x,
  y,
  width,
  height,
  fill,
  title,
  lines = [],
  stroke = '#3b2f2a',
  faceDown = false,
  ...rest
}: {
  x: number;
  y: number;
  width: number;
  height: number;
  fill: string;
  title?: string;
  lines?: string[];
  stroke?: string;
  faceDown?: boolean;
} & Omit<SVGProps<SVGRectElement>, 'x' | 'y' | 'width' | 'height' | 'fill' | 'stroke'>) {
  const ink = contrastOn(fill);
  return (
    <g>
      <rect
        x={x}
        y={y}
        width={width}
        height={height}
        rx={Math.min(width, height) * 0.08}
        fill={faceDown ? '#6b4f3f' : fill}
        stroke={stroke}
        strokeWidth={2}
        {...rest}
      />
      {faceDown && <rect x={x + 5} y={y + 5} width={width - 10} height={height - 10} rx={4} fill="none" stroke="#d9c3a5" strokeDasharray="4 3" />}
      {!faceDown && title && (
        <Label x={x + width / 2} y={y + Math.min(18, height * 0.22)} size={Math.min(15, width / 5)} color={ink} halo={null}>
          {title}
        </Label>
      )}
      {!faceDown &&
        lines.map((line, i) => (
          <Label
            key={i}
            x={x + width / 2}
            y={y + height * 0.55 + i * Math.min(16, height * 0.2)}
            size={Math.min(14, width / 6)}
            weight={500}
            color={ink}
            halo={null}
          >
            {line}
          </Label>
        ))}
    </g>
  );
}

/** Lays out `count` items in rows of `perRow`, centred on (cx, cy), `gap` apart. */
export function spread(count: number, cx: number, cy: number, gap: number, perRow = count): Array<[number, number]> {
  const rows = Math.ceil(count / perRow);
  return Array.from({ length: count }, (_, i) => {
    const row = Math.floor(i / perRow);
    const inRow = row === rows - 1 ? count - row * perRow : perRow;
    const col = i % perRow;
    return [cx + (col - (inRow - 1) / 2) * gap, cy + (row - (rows - 1) / 2) * gap];
  });
}

/** Splits text into lines of at most `width` characters, breaking at spaces. */
export function wrapText(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && (line + ' ' + word).length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * An SVG that scales to its container's width, keeping its proportions, but
 * never beyond `maxScale` times its own size (a small drawing would get huge
 * on a wide screen), and never so small that its smallest text reads under
 * READABLE_TEXT_PX: then it is wider than its frame, which pans. The board's
 * zoom (board-zoom.tsx) scales all of that; at the whole board's zoom it
 * fits its frame and the window, whatever its text. Side by side (`.drawings`), two
 * drawings share the width in proportion to their own, and one goes under
 * the other when both cannot be readable on one line.
 */
export function Drawing({
  width,
  height,
  label,
  maxScale = 1.5,
  children,
}: {
  width: number;
  height: number;
  label: string;
  maxScale?: number;
  children: ReactNode;
}) {
  const zoom = useBoardZoom();
  const svg = useRef<SVGSVGElement>(null);
  const [smallestText, setSmallestText] = useState<number | null>(null);
  // After every render: the text drawn may change with any prop, and the state changes only when the smallest size does.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useLayoutEffect(() => {
    const sizes = [...(svg.current?.querySelectorAll('text') ?? [])].map((text) => Number(text.getAttribute('font-size'))).filter((size) => size > 0);
    const smallest = sizes.length > 0 ? Math.min(...sizes) : null;
    if (smallest !== smallestText) setSmallestText(smallest);
  });
  const readable = smallestText === null ? 0 : (width * READABLE_TEXT_PX) / smallestText;
  const pan = usePanKeptCentred(zoom);
  // The whole board: the drawing fits its frame, and the window's height (less what stays over it), its text as small as that makes it.
  const whole = zoom === WHOLE_BOARD;
  const barsHeight = useStickyBarsHeight(whole);
  const smallest = whole ? 0 : Math.ceil(readable * zoom);
  return (
    // Focusable, so that the keyboard can pan it too (its arrows scroll it).
    <div
      className="drawing-pan"
      ref={pan}
      tabIndex={0}
      role="group"
      aria-label={`${label}: scrolls sideways when wider than the screen`}
      style={{ minWidth: `min(100%, ${smallest}px)`, flex: `${width} 1 ${smallest}px` }}
    >
      {/* A group, not an image: the board's offered moves inside it are controls of their own. */}
      <svg
        ref={svg}
        className="drawing"
        viewBox={`0 0 ${width} ${height}`}
        role="group"
        aria-label={label}
        style={{
          aspectRatio: `${width} / ${height}`,
          width: whole ? '100%' : `${zoom * 100}%`,
          minWidth: smallest,
          maxWidth: whole ? width * maxScale : Math.max(width * maxScale, readable) * zoom,
          maxHeight: whole ? wholeDrawingHeight(barsHeight) : undefined,
        }}
      >
        {children}
      </svg>
    </div>
  );
}

/** At the whole board's zoom, a drawing's height at most: the window's, less the bars that stay over the board. */
function wholeDrawingHeight(barsHeight: number): string {
  return `calc(100svh - ${barsHeight + 48}px)`;
}

/** When the zoom changes, a drawing's frame keeps the same part of it in the middle (the page scrolls it up and down). */
function usePanKeptCentred(zoom: number) {
  const frame = useRef<HTMLDivElement>(null);
  const centre = useRef<{ zoom: number; x: number } | null>(null);
  useLayoutEffect(() => {
    const element = frame.current;
    if (!element) return;
    const before = centre.current;
    if (before && before.zoom !== zoom) {
      element.scrollLeft = before.x * element.scrollWidth - element.clientWidth / 2;
    }
    const remember = () => {
      centre.current = { zoom, x: (element.scrollLeft + element.clientWidth / 2) / element.scrollWidth };
    };
    remember();
    element.addEventListener('scroll', remember, { passive: true });
    return () => element.removeEventListener('scroll', remember);
  }, [zoom]);
  return frame;
}

/** A seat's marker beside its player's name (lists, tables): its color and its shape. */
export function SeatSwatch({ seat }: { seat: number }) {
  const color = seatColor(seat);
  return (
    <svg className="swatch" viewBox="0 0 16 16" width={16} height={16} aria-hidden="true">
      <ShapeOutline shape={seatShape(seat)} x={8} y={8} r={6.2} fill={color} stroke="#1f1f1f" strokeWidth={1.2} />
    </svg>
  );
}
