/** The city: a grid of colored neighborhoods with their rabble, bosses and buildings. */
import { Label, Meeple, Token, spread } from '../../components/svg';
import type { CardDetail } from '../../play/card-detail';
import { Target } from '../../play/move-offer';
import { count, listOf } from '@shared/rules';
import type { PlayerInfo } from '../game-ui';
import { targets } from './moves';
import { buildingEffect, buildingName, neighborhoodName } from './names';
import type { BuildingView, DistrictColor, NeighborhoodView } from '@shared/five-points';

export const CELL = 140;
const INSET = 4;

export const DISTRICT_FILL: Record<DistrictColor, string> = { blue: '#9cc3ee', green: '#a6d9a0', red: '#f2a7a0', orange: '#f7c991' };
export const DISTRICT_INK: Record<DistrictColor, string> = { blue: '#2d5d9f', green: '#2f7a36', red: '#a3342b', orange: '#a8601a' };

export interface Spot {
  x: number;
  y: number;
}

/** Where the grid starts and how many cells it spans. */
export interface Box {
  minX: number;
  minY: number;
  cols: number;
  rows: number;
}

/** The grid's extent, grown to hold every empty spot a neighborhood may be moved to. */
export function cityBox(cells: NeighborhoodView[], spots: Spot[]): Box {
  const all = [...cells, ...spots];
  if (all.length === 0) return { minX: 0, minY: 0, cols: 1, rows: 1 };
  const xs = all.map((c) => c.x);
  const ys = all.map((c) => c.y);
  const minX = Math.min(...xs);
  const minY = Math.min(...ys);
  return { minX, minY, cols: Math.max(...xs) - minX + 1, rows: Math.max(...ys) - minY + 1 };
}

/** A neighborhood in full: its district, its building and what that does, and whose rabble and bosses are in it. */
function neighborhoodDetail(cell: NeighborhoodView, players: PlayerInfo[]): CardDetail {
  const building = cell.building?.faceDown
    ? 'A face-down building, revealed when round 1 begins.'
    : cell.building?.id
      ? `${buildingName(cell.building.id)}: ${buildingEffect(cell.building.id)}`
      : 'No building.';
  const present = players.flatMap((p) => {
    const rabble = cell.rabble[p.seat] ?? 0;
    const bosses = cell.bosses[p.seat] ?? 0;
    const what = [...(rabble > 0 ? [count(rabble, 'rabble', 'rabble')] : []), ...(bosses > 0 ? [count(bosses, 'boss', 'bosses')] : [])];
    return what.length > 0 ? [`${p.name}: ${listOf(what)}`] : [];
  });
  return {
    title: neighborhoodName(cell.neighborhood),
    lines: [
      `In the ${cell.color} district.${cell.specialElection ? ' A special election is held here this round.' : ''}`,
      building,
      present.length > 0 ? `${present.join('; ')}.` : 'Nobody is here yet.',
    ],
  };
}

function Neighborhood({ cell, box, players }: { cell: NeighborhoodView; box: Box; players: PlayerInfo[] }) {
  const x = (cell.x - box.minX) * CELL + INSET;
  const y = (cell.y - box.minY) * CELL + INSET;
  const size = CELL - 2 * INSET;
  const rabble = players.filter((p) => (cell.rabble[p.seat] ?? 0) > 0);
  const bosses = players.filter((p) => (cell.bosses[p.seat] ?? 0) > 0);
  const name = neighborhoodName(cell.neighborhood);
  return (
    <Target id={targets.neighborhood(cell.neighborhood)} label={name} detail={neighborhoodDetail(cell, players)}>
      <rect x={x} y={y} width={size} height={size} rx={10} fill={DISTRICT_FILL[cell.color]} stroke={DISTRICT_INK[cell.color]} strokeWidth={3} />
      <Label x={x + 10} y={y + 15} anchor="start" size={15} color={DISTRICT_INK[cell.color]}>
        {name}
      </Label>
      {cell.specialElection && (
        <g>
          <title>Special election this round</title>
          <rect x={x + size - 34} y={y + 5} width={28} height={22} rx={4} fill="#fff8e1" stroke="#3b2f2a" />
          <Label x={x + size - 20} y={y + 16} size={13} halo={null}>
            ✉
          </Label>
        </g>
      )}
      {spread(rabble.length, x + size / 2, y + 52, 30, 4).map(([tx, ty], i) => (
        <Token
          key={rabble[i].seat}
          x={tx}
          y={ty}
          r={13}
          color={rabble[i].color}
          shape={rabble[i].shape}
          count={cell.rabble[rabble[i].seat]}
          title={`${rabble[i].name}: ${cell.rabble[rabble[i].seat]} rabble`}
        />
      ))}
      {spread(bosses.length, x + size / 2, y + 100, 30).map(([bx, by], i) => (
        <Meeple
          key={bosses[i].seat}
          x={bx}
          y={by + 12}
          size={28}
          color={bosses[i].color}
          count={cell.bosses[bosses[i].seat]}
          title={`${bosses[i].name}: boss`}
        />
      ))}
      {cell.building && <BuildingTile building={cell.building} x={x} y={y} size={size} />}
    </Target>
  );
}

/** A building along the foot of its neighborhood: its name, or a face-down tile (at setup, before the reveal). */
function BuildingTile({ building, x, y, size }: { building: BuildingView; x: number; y: number; size: number }) {
  const text = building.faceDown ? 'face down' : (building.name ?? '');
  return (
    <g>
      <title>{building.name ?? 'A face-down building'}</title>
      <rect x={x + 4} y={y + size - 26} width={size - 8} height={22} rx={4} fill={building.faceDown ? '#6b4f3f' : '#fffdf7'} stroke="#3b2f2a" />
      <Label x={x + size / 2} y={y + size - 15} size={text.length > 15 ? 11 : 12.5} halo={null} color={building.faceDown ? '#fff' : '#3b2f2a'}>
        {text}
      </Label>
    </g>
  );
}

/** An empty spot a picked-up neighborhood may be put down on. */
function EmptySpot({ x, y, box }: { x: number; y: number; box: Box }) {
  const left = (x - box.minX) * CELL + INSET;
  const top = (y - box.minY) * CELL + INSET;
  return (
    <Target id={targets.emptyCell(x, y)} label={`Empty spot ${x},${y}`}>
      <rect
        x={left}
        y={top}
        width={CELL - 2 * INSET}
        height={CELL - 2 * INSET}
        rx={10}
        fill="#ffffff88"
        stroke="#3b2f2a"
        strokeDasharray="8 6"
        strokeWidth={2}
      />
      <Label x={left + CELL / 2 - INSET} y={top + CELL / 2 - INSET} size={14}>
        put here
      </Label>
    </Target>
  );
}

export function City({ cells, spots, box, players }: { cells: NeighborhoodView[]; spots: Spot[]; box: Box; players: PlayerInfo[] }) {
  return (
    <g>
      {cells.map((cell) => (
        <Neighborhood key={cell.neighborhood} cell={cell} box={box} players={players} />
      ))}
      {spots.map((spot) => (
        <EmptySpot key={`${spot.x},${spot.y}`} x={spot.x} y={spot.y} box={box} />
      ))}
    </g>
  );
}
