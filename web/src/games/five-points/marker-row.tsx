/** The four face-up manipulation markers with each player's bid, and the control-marker supply. */
import { CardShape, Label, Token, wrapText } from '../../components/svg';
import { Target } from '../../play/move-offer';
import type { PlayerInfo } from '../game-ui';
import { DISTRICT_FILL, DISTRICT_INK } from './city';
import { targets } from './moves';
import type { DistrictColor, MarkerView } from '@shared/five-points';

export const MARKER_WIDTH = 180;
export const MARKER_HEIGHT = 128;
export const MARKER_GAP = 12;
/** Two by two, so that the markers stay legible on a phone. */
export const MARKERS_PER_ROW = 2;

export function markerRowsHeight(count: number): number {
  return Math.ceil(count / MARKERS_PER_ROW) * (MARKER_HEIGHT + MARKER_GAP);
}

export function MarkerRow({ markers, players }: { markers: MarkerView[]; players: PlayerInfo[] }) {
  return (
    <g>
      {markers.map((marker, i) => {
        const x = (i % MARKERS_PER_ROW) * (MARKER_WIDTH + MARKER_GAP);
        const y = Math.floor(i / MARKERS_PER_ROW) * (MARKER_HEIGHT + MARKER_GAP);
        const bidders = players.filter((p) => (marker.bids[p.seat] ?? 0) > 0);
        const winner = marker.winner === null ? null : players[marker.winner];
        return (
          <Target key={marker.index} id={targets.marker(marker.index)} label={`Marker ${i + 1}: ${marker.name}`}>
            <CardShape
              x={x}
              y={y}
              width={MARKER_WIDTH}
              height={MARKER_HEIGHT}
              fill={winner ? '#e9dcc0' : '#fbf3df'}
              stroke={winner ? winner.color : '#3b2f2a'}
            />
            {wrapText(marker.name, 17).map((line, l) => (
              <Label key={l} x={x + MARKER_WIDTH / 2} y={y + 20 + l * 17} size={14} halo={null}>
                {line}
              </Label>
            ))}
            {bidders.map((p, b) => (
              <Token
                key={p.seat}
                x={x + 22 + b * 32}
                y={y + MARKER_HEIGHT - 40}
                r={13}
                color={p.color}
                shape={p.shape}
                count={marker.bids[p.seat]}
                title={`${p.name} bid ${marker.bids[p.seat]}`}
              />
            ))}
            {bidders.length > 0 && (
              <Label x={x + MARKER_WIDTH - 10} y={y + MARKER_HEIGHT - 40} anchor="end" size={12} weight={500} halo={null}>
                bids
              </Label>
            )}
            {winner && (
              <Label x={x + MARKER_WIDTH / 2} y={y + MARKER_HEIGHT - 14} size={12} halo={null}>
                won by {winner.name}
              </Label>
            )}
          </Target>
        );
      })}
    </g>
  );
}

export function ControlSupply({ supply, y }: { supply: Record<DistrictColor, number>; y: number }) {
  const colors = Object.keys(supply) as DistrictColor[];
  return (
    <g>
      <Label x={0} y={y + 12} anchor="start" size={15}>
        Control markers left
      </Label>
      {colors.map((color, i) => (
        <Target key={color} id={targets.supply(color)} label={`${color} control marker`}>
          <rect x={i * 94} y={y + 30} width={80} height={36} rx={5} fill={DISTRICT_FILL[color]} stroke={DISTRICT_INK[color]} strokeWidth={2.5} />
          <Label x={i * 94 + 40} y={y + 48} size={17} color={DISTRICT_INK[color]}>
            {supply[color]}
          </Label>
        </Target>
      ))}
    </g>
  );
}
