/** Five Points from the viewer's side: city, marker row, supply, and what each player holds. */
import { HoldingsTable, type HoldingsColumn } from '../../components/holdings-table';
import { Drawing } from '../../components/svg';
import type { BoardProps } from '../game-ui';
import { CELL, City, cityBox } from './city';
import { ControlSupply, MARKER_GAP, MARKER_WIDTH, MarkerRow, markerRowsHeight, MARKERS_PER_ROW } from './marker-row';
import { neighborhoodName } from './names';
import type { DistrictColor, FivePointsHoldings, FivePointsMove, FivePointsView, NeighborhoodView } from '@shared/five-points';

const COLUMNS: HoldingsColumn<FivePointsHoldings>[] = [
  { label: 'HQ', title: 'Rabble on the HQ, ready to place or bid', value: (p) => p.hq },
  { label: 'Boroughs', title: 'Rabble waiting in the boroughs', value: (p) => p.boroughs.rabble },
  { label: 'Bosses', title: 'Bosses on the board / in hand', value: (p) => `${p.bossesOnBoard} / ${p.boroughs.bosses}` },
  {
    label: 'Control',
    title: 'Control markers by color',
    value: (p) =>
      (Object.entries(p.controlMarkers) as [DistrictColor, number][])
        .map(([color, n]) => (n > 0 ? `${n} ${color}` : null))
        .filter(Boolean)
        .join(', ') || '–',
  },
  { label: 'VP', value: (p) => p.vp },
  { label: 'Score', value: (p) => p.score.total },
];

export function FivePointsBoard({ view, players, legalMoves }: BoardProps<FivePointsView, FivePointsMove>) {
  const cells = view.grid.rows.flat().filter((c): c is NeighborhoodView => c !== null);
  // While a neighborhood is being moved, the empty spots it may go to are drawn too.
  const spots = legalMoves.flatMap((m) => (m.type === 'placeNeighborhood' ? [{ x: m.x, y: m.y }] : []));
  const box = cityBox(cells, spots);
  const sideWidth = MARKERS_PER_ROW * (MARKER_WIDTH + MARKER_GAP);
  const supplyY = markerRowsHeight(view.markers.length);
  // Before round 1 the starting player places the face-down buildings.
  const when = view.round > 0 ? `round ${view.round}` : 'setup';
  // Two pictures: the city fills a phone's width; markers and supply beneath (or beside, on a wide screen).
  return (
    <div className="board five-points">
      <div className="drawings">
        <Drawing width={box.cols * CELL} height={box.rows * CELL} label={`The city of Five Points, ${when}`}>
          <City cells={cells} spots={spots} box={box} players={players} />
        </Drawing>
        <Drawing width={sideWidth} height={supplyY + 70} label="Manipulation markers and control markers" maxScale={1.2}>
          <MarkerRow markers={view.markers} players={players} />
          <ControlSupply supply={view.controlSupply} y={supplyY} />
        </Drawing>
      </div>
      <p className="board-facts">
        {view.round > 0 ? `Round ${view.round} · ${view.phase}` : 'Setup'}
        {view.passOrder.length > 0 && <> · passed: {view.passOrder.map((seat) => players[seat]?.name).join(', ')}</>}
        {view.electionQueue.length > 0 && <> · elections to come: {view.electionQueue.map(neighborhoodName).join(', ')}</>}
      </p>
      <HoldingsTable caption="Players" players={players} holdings={view.players} columns={COLUMNS} />
    </div>
  );
}
