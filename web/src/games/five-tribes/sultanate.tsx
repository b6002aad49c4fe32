/** The 5 x 6 Sultanate: tiles with their value, meeples, camel, palm trees and palaces; the move under way is traced. */
import { Label, Meeple, spread } from '../../components/svg';
import type { CardDetail } from '../../play/card-detail';
import { Target } from '../../play/move-offer';
import { count, listOf } from '@shared/rules';
import type { PlayerInfo } from '../game-ui';
import { Camel, Palace, PalmTree } from './icons';
import { targets } from './moves';
import { MEEPLE_COLORS, tileName, TRIBES } from './names';
import type { Coord, TileView } from '@shared/five-tribes';

export const TILE = 120;
/** Room left and above the tiles for the row letters and column numbers the history uses ("C3"). */
export const RULER = 26;

const KIND_FILL: Record<TileView['kind'], string> = {
  largeMarket: '#f0cf8f',
  smallMarket: '#f6e2b8',
  oasis: '#bfe3a5',
  village: '#e4cfae',
  sacredPlace: '#d4c4ec',
};
const VALUE_FILL = { blue: '#2f6fd0', red: '#c0392b' };
/** Short enough to read on a phone, where a tile is about 60 pixels wide. */
const SHORT_NAME: Record<TileView['kind'], string> = {
  largeMarket: 'Big market',
  smallMarket: 'Market',
  oasis: 'Oasis',
  village: 'Village',
  sacredPlace: 'Sacred',
};

/** A tile in full: its square, action and value, and what stands on it. */
function tileDetail(tile: TileView, at: Coord, camelOwner: PlayerInfo | null): CardDetail {
  const meeples = MEEPLE_COLORS.filter((color) => tile.meeples[color] > 0).map((color) => count(tile.meeples[color], TRIBES[color].name));
  const on = [...meeples, ...(tile.palms > 0 ? [count(tile.palms, 'palm tree')] : []), ...(tile.palaces > 0 ? [count(tile.palaces, 'palace')] : [])];
  return {
    title: `${tileName(at)}: ${tile.name}`,
    lines: [
      `Worth ${tile.vp} victory points (a ${tile.valueColor} value). Action: ${tile.action}.`,
      on.length > 0 ? `On it: ${listOf(on)}.` : 'No meeples on it.',
      camelOwner ? `${camelOwner.name}'s camel: ${camelOwner.name} scores it.` : 'No camel: nobody owns it yet.',
    ],
  };
}

function TileSquare({
  tile,
  row,
  col,
  players,
  trace,
}: {
  tile: TileView;
  row: number;
  col: number;
  players: PlayerInfo[];
  trace: { order: number | null; origin: boolean; final: boolean };
}) {
  const x = col * TILE;
  const y = row * TILE;
  const meeples = MEEPLE_COLORS.filter((color) => tile.meeples[color] > 0);
  const camelOwner = tile.camel === null ? null : players[tile.camel];
  return (
    <Target id={targets.tile([row, col])} label={`${tileName([row, col])} ${tile.name}`} detail={tileDetail(tile, [row, col], camelOwner)}>
      <rect
        x={x + 3}
        y={y + 3}
        width={TILE - 6}
        height={TILE - 6}
        rx={8}
        fill={KIND_FILL[tile.kind]}
        stroke={trace.final ? '#1f1f1f' : '#7a5f45'}
        strokeWidth={trace.final ? 4 : 2}
      />
      {trace.origin && (
        <rect x={x + 8} y={y + 8} width={TILE - 16} height={TILE - 16} rx={6} fill="none" stroke="#1f1f1f" strokeDasharray="6 4" strokeWidth={2} />
      )}
      <title>{`${tile.name}, ${tile.vp} VP: ${tile.action}`}</title>
      <circle cx={x + 21} cy={y + 21} r={15} fill={VALUE_FILL[tile.valueColor]} stroke="#fff" strokeWidth={2} />
      <Label x={x + 21} y={y + 21.5} size={16} color="#fff" halo={null}>
        {tile.vp}
      </Label>
      <Label x={x + 40} y={y + 21} anchor="start" size={SHORT_NAME[tile.kind].length > 8 ? 12.5 : 15} weight={700}>
        {SHORT_NAME[tile.kind]}
      </Label>
      {spread(meeples.length, x + TILE / 2, y + 60, 34, 3).map(([mx, my], i) => (
        <Meeple
          key={meeples[i]}
          x={mx}
          y={my + 14}
          size={30}
          color={TRIBES[meeples[i]].fill}
          count={tile.meeples[meeples[i]]}
          title={`${tile.meeples[meeples[i]]} ${TRIBES[meeples[i]].name}s`}
        />
      ))}
      {camelOwner && <Camel x={x + 24} y={y + TILE - 24} color={camelOwner.color} title={`${camelOwner.name}'s tile`} />}
      {tile.palms > 0 && <PalmTree x={x + 58} y={y + TILE - 24} count={tile.palms} />}
      {tile.palaces > 0 && <Palace x={x + 84} y={y + TILE - 24} count={tile.palaces} />}
      {trace.order !== null && (
        <g>
          <circle cx={x + TILE - 19} cy={y + TILE - 19} r={12} fill="#1f1f1f" />
          <Label x={x + TILE - 19} y={y + TILE - 18.5} size={13} color="#fff" halo={null}>
            {trace.order}
          </Label>
        </g>
      )}
    </Target>
  );
}

/** `path` and `origin` trace the meeples being moved; `finalTile` is where the move ended. */
export function Sultanate({
  board,
  players,
  origin,
  path,
  finalTile,
}: {
  board: (TileView | null)[][];
  players: PlayerInfo[];
  origin: Coord | null;
  path: Coord[];
  finalTile: Coord | null;
}) {
  const same = (a: Coord | null, row: number, col: number) => a !== null && a[0] === row && a[1] === col;
  return (
    <g>
      <Rulers rows={board.length} cols={board[0]?.length ?? 0} />
      <g transform={`translate(${RULER} ${RULER})`}>
        {board.map((cells, row) =>
          cells.map((tile, col) => {
            if (!tile) return null;
            const step = path.findIndex((c) => same(c, row, col));
            return (
              <TileSquare
                key={`${row},${col}`}
                tile={tile}
                row={row}
                col={col}
                players={players}
                trace={{ order: step >= 0 ? step + 1 : null, origin: same(origin, row, col), final: same(finalTile, row, col) }}
              />
            );
          }),
        )}
      </g>
    </g>
  );
}

/** Row letters down the left and column numbers along the top, as the history names squares. */
function Rulers({ rows, cols }: { rows: number; cols: number }) {
  return (
    <g className="rulers" aria-hidden="true">
      {Array.from({ length: cols }, (_, col) => (
        <Label key={`c${col}`} x={RULER + col * TILE + TILE / 2} y={RULER / 2} size={20} weight={700} halo={null}>
          {String(col + 1)}
        </Label>
      ))}
      {Array.from({ length: rows }, (_, row) => (
        <Label key={`r${row}`} x={RULER / 2} y={RULER + row * TILE + TILE / 2} size={20} weight={700} halo={null}>
          {String.fromCharCode(65 + row)}
        </Label>
      ))}
    </g>
  );
}
