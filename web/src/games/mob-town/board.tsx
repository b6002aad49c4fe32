/** Mob Town from the viewer's side: the city, the viewer's hand, lineup, open lot, and what each player holds. */
import { HoldingsTable, type HoldingsColumn } from '../../components/holdings-table';
import { Drawing } from '../../components/svg';
import type { BoardProps } from '../game-ui';
import {
  AGENDA_HEIGHT,
  AGENDA_WIDTH,
  AgendaRow,
  CARD_WIDTH,
  CardRow,
  cardsPerLine,
  Deck,
  LOT_GAP,
  OpenLot,
  perLine,
  PRO_HEIGHT,
  PRO_WIDTH,
  ProfessionalRow,
  rowHeight,
} from './cards';
import { City, cityBox, cityHeight, cityWidth, LOT_HEIGHT, LOT_WIDTH } from './city';
import { targets } from './moves';
import { cellKey } from './names';
import type { Cell, MobTownHoldings, MobTownMove, MobTownView } from '@shared/mob-town';

const COLUMNS: HoldingsColumn<MobTownHoldings>[] = [
  { label: 'Score', value: (p) => p.score },
  { label: 'Briefcases', value: (p) => p.briefcases },
  { label: 'Tokens', title: 'Family tokens left this round', value: (p) => p.tokens },
  { label: 'Cards', title: 'Cards in hand', value: (p) => p.handCount },
  {
    label: 'Agendas',
    title: 'Secret until scored, except your own',
    value: (p) => (p.agendas ? p.agendas.map((a) => a.name).join(', ') || '–' : `${p.agendaCount} hidden`),
  },
  { label: 'Extras', title: 'Professionals kept, co-op role', value: (p) => [...p.kept.map((k) => k.name), p.role?.name].filter(Boolean).join(', ') || '–' },
];

const ROW_GAP = 20;

export function MobTownBoard({ view, players, mySeat, legalMoves }: BoardProps<MobTownView, MobTownMove>) {
  const occupied = new Set(view.city.cells.map((lot) => cellKey(lot.cell)));
  // Lots that may be opened or walked onto are drawn as empty cards.
  const emptyCells = new Map<string, Cell>();
  for (const move of legalMoves) {
    const cell = 'cell' in move ? move.cell : undefined;
    if (cell && !occupied.has(cellKey(cell))) emptyCells.set(cellKey(cell), cell);
  }
  const box = cityBox([...view.city.cells.map((lot) => lot.cell), ...emptyCells.values()]);
  const pawns = view.players.flatMap((p) => (p.pawn ? [{ seat: p.seat, cell: p.pawn }] : []));
  const hand = mySeat === null ? null : view.players[mySeat]?.hand;
  const agendas = mySeat === null ? null : view.players[mySeat]?.agendas;
  // Five cards wide, so that on a laptop the cards stand beside the city; rows that grow long wrap.
  const width = 5 * (CARD_WIDTH + 6) - 6;
  const handPerLine = cardsPerLine(width);
  // The lineup leaves room for the deck on its right.
  const lineupPerLine = cardsPerLine(width - CARD_WIDTH - 6);
  const lotsPerLine = perLine(width, LOT_WIDTH, LOT_GAP);
  const prosPerLine = perLine(width, PRO_WIDTH, LOT_GAP);
  const agendasPerLine = perLine(width, AGENDA_WIDTH, LOT_GAP);

  let y = 0;
  const handY = hand ? y : null;
  if (hand) y += rowHeight(hand.length, handPerLine) + ROW_GAP;
  const agendasY = agendas && agendas.length > 0 ? y : null;
  if (agendas && agendasY !== null) y += rowHeight(agendas.length, agendasPerLine, AGENDA_HEIGHT, LOT_GAP) + ROW_GAP;
  const lineupY = y;
  y += rowHeight(view.lineup.length, lineupPerLine) + ROW_GAP;
  const openLotY = view.openLot.length > 0 ? y : null;
  if (openLotY !== null) y += rowHeight(view.openLot.length, lotsPerLine, LOT_HEIGHT, LOT_GAP) + ROW_GAP;
  const prosY = view.professionals ? y : null;
  if (view.professionals && prosY !== null) y += rowHeight(view.professionals.row.length, prosPerLine, PRO_HEIGHT, LOT_GAP) + ROW_GAP;

  return (
    <div className="board mob-town">
      {/* Two pictures: side by side on a laptop; on a phone the city, then the cards, each panned on its own. */}
      <div className="drawings">
        <Drawing width={cityWidth(box)} height={cityHeight(box)} label={`The city, round ${view.round}`} maxScale={1.1}>
          <City lots={view.city.cells} emptyCells={[...emptyCells.values()]} pawns={pawns} box={box} players={players} />
        </Drawing>
        <Drawing width={width} height={y - ROW_GAP} label="Cards: your hand and agendas, the lineup, the deck and the open lot" maxScale={1.1}>
          {hand && handY !== null && <CardRow title="Your hand" cards={hand} y={handY} onALine={handPerLine} targetOf={targets.handCard} />}
          {agendas && agendasY !== null && <AgendaRow agendas={agendas} y={agendasY} onALine={agendasPerLine} />}
          <CardRow title="Lineup" cards={view.lineup} y={lineupY} onALine={lineupPerLine} targetOf={targets.lineupCard} />
          <Deck count={view.deckCount} x={width - CARD_WIDTH} y={lineupY} />
          {openLotY !== null && <OpenLot cards={view.openLot} y={openLotY} onALine={lotsPerLine} />}
          {view.professionals && prosY !== null && <ProfessionalRow professionals={view.professionals.row} y={prosY} onALine={prosPerLine} />}
        </Drawing>
      </div>
      <p className="board-facts">
        Round {view.round} · {view.phase}
        {view.turn && view.mode === 'coop' && <> · actions left: {view.turn.actionsLeft}</>}
        {view.cityCard && (
          <>
            {' '}
            · city card: {view.cityCard.name} ({view.cityCard.text})
          </>
        )}
        {view.coop && (
          <>
            {' '}
            · law {view.coop.lawScore}/20, mob boss {view.coop.mobBoss}/8
          </>
        )}
        {view.result?.outcome && (
          <span className="outcome">
            {' '}
            · the team {view.result.outcome}: {view.result.reason}
          </span>
        )}
      </p>
      <HoldingsTable caption="Players" players={players} holdings={view.players} columns={COLUMNS} />
    </div>
  );
}
