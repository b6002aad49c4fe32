/** Small Five Tribes pieces: camel, palm tree, palace. Each is drawn about 24 units tall around (x, y). */
import { Label } from '../../components/svg';

export function Camel({ x, y, color, title }: { x: number; y: number; color: string; title: string }) {
  return (
    <g transform={`translate(${x - 14} ${y - 12})`}>
      <title>{title}</title>
      <circle cx={14} cy={12} r={15} fill="#fff8e7" stroke="#3b2f2a" strokeWidth={1.5} />
      <path
        d="M3 15 Q5 7 9 10 Q11 4 14 10 Q16 5 18 9 L21 6 L24 7 L21 11 L21 20 L19 20 L19 14 L8 14 L8 20 L6 20 L6 14 Z"
        fill={color}
        stroke="#1f1f1f"
        strokeWidth={1}
        strokeLinejoin="round"
      />
    </g>
  );
}

export function PalmTree({ x, y, count }: { x: number; y: number; count: number }) {
  return (
    <g>
      <title>
        {count} palm tree{count === 1 ? '' : 's'}
      </title>
      <path d={`M${x} ${y + 12} Q${x + 2} ${y} ${x} ${y - 6}`} stroke="#7a5230" strokeWidth={3} fill="none" />
      {[-40, 0, 40, 180 - 40, 180 + 40].map((angle) => (
        <ellipse key={angle} cx={x} cy={y - 6} rx={9} ry={3.5} fill="#2e8b3a" transform={`rotate(${angle} ${x} ${y - 6}) translate(7 0)`} />
      ))}
      {count > 1 && (
        <Label x={x + 14} y={y + 8} size={12}>
          ×{count}
        </Label>
      )}
    </g>
  );
}

export function Palace({ x, y, count }: { x: number; y: number; count: number }) {
  return (
    <g>
      <title>
        {count} palace{count === 1 ? '' : 's'}
      </title>
      <rect x={x - 10} y={y - 2} width={20} height={14} fill="#fffdf5" stroke="#3b2f2a" />
      <path d={`M${x - 8} ${y - 2} Q${x} ${y - 16} ${x + 8} ${y - 2} Z`} fill="#f0d36b" stroke="#3b2f2a" />
      <rect x={x - 3} y={y + 5} width={6} height={7} fill="#3b2f2a" />
      {count > 1 && (
        <Label x={x + 16} y={y + 8} size={12}>
          ×{count}
        </Label>
      )}
    </g>
  );
}
