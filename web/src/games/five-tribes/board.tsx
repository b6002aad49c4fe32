/** Five Tribes from the viewer's side: the Sultanate, the tracks and rows, and what each player holds. */
import { HoldingsTable, type HoldingsColumn } from '../../components/holdings-table';
import { Drawing, Label, Meeple } from '../../components/svg';
import type { BoardProps } from '../game-ui';
import { cardName, djinn, MEEPLE_COLORS, TRIBES } from './names';
import { DJINN_WIDTH, DjinnRow, ResourceRow, SPOT, TurnTrack } from './rows';
import { RULER, Sultanate, TILE } from './sultanate';
import type { FiveTribesHoldings, FiveTribesMove, FiveTribesView, MeepleColor } from '@shared/five-tribes';

const COLUMNS: HoldingsColumn<FiveTribesHoldings>[] = [
  { label: 'Gold', title: 'Secret: only your own is shown until the game ends', value: (p) => p.gold ?? '?' },
  { label: 'Camels', title: 'Camels not yet placed', value: (p) => p.camels },
  { label: 'Viziers', value: (p) => p.viziers },
  { label: 'Elders', value: (p) => p.elders },
  {
    label: 'Cards',
    value: (p) =>
      Object.entries(p.cards)
        .filter(([, n]) => n > 0)
        .map(([kind, n]) => `${n} ${cardName(kind)}`)
        .join(', ') || '–',
  },
  {
    label: 'Djinns',
    value: (p) => p.djinns.map((id) => `${djinn(id).name}${p.djinnsUsed.includes(id) ? ' (used)' : ''}`).join(', ') || '–',
  },
];

/** The meeples in the mover's hand, while a move is under way. */
function Hand({ hand, y }: { hand: Record<MeepleColor, number>; y: number }) {
  const colors = MEEPLE_COLORS.filter((color) => hand[color] > 0);
  return (
    <g>
      <Label x={0} y={y + 16} anchor="start" size={14}>
        In hand:
      </Label>
      {colors.map((color, i) => (
        <Meeple
          key={color}
          x={90 + i * 36}
          y={y + 30}
          size={28}
          color={TRIBES[color].fill}
          count={hand[color]}
          title={`${hand[color]} ${TRIBES[color].name}s`}
        />
      ))}
    </g>
  );
}

export function FiveTribesBoard({ view, players }: BoardProps<FiveTribesView, FiveTribesMove>) {
  const step = view.turn?.step;
  const moving = step?.name === 'moving' ? step : null;
  const boardWidth = RULER + (view.board[0]?.length ?? 6) * TILE;
  const boardHeight = RULER + view.board.length * TILE + (moving ? 52 : 0);
  const trackY = 0;
  const resourcesY = trackY + 118;
  const djinnsY = resourcesY + 104;
  const width = Math.max(view.turnTrack.length * SPOT, 3 * (DJINN_WIDTH + 6));
  // Two pictures, so that on a phone the Sultanate alone fills the width.
  return (
    <div className="board five-tribes">
      <Drawing width={boardWidth} height={boardHeight} label={`The Sultanate, round ${view.round}`}>
        <Sultanate board={view.board} players={players} origin={moving?.origin ?? null} path={moving?.path ?? []} finalTile={view.turn?.finalTile ?? null} />
        {moving && <Hand hand={moving.hand} y={RULER + view.board.length * TILE + 6} />}
      </Drawing>
      <Drawing width={width} height={djinnsY + 134} label="Turn order, resource cards and Djinns">
        <TurnTrack view={view} players={players} y={trackY} />
        <ResourceRow cards={view.resourceRow} deckSize={view.resourceDeckSize} y={resourcesY} />
        <DjinnRow djinns={view.djinnRow} y={djinnsY} />
      </Drawing>
      <p className="board-facts">
        Round {view.round} · {view.phase}
        {view.turn && <> · step: {view.turn.step.name}</>} · supply: {view.supply.palmTrees} palm trees, {view.supply.palaces} palaces
        {view.endTrigger && <> · last round!</>}
      </p>
      <HoldingsTable caption="Players" players={players} holdings={view.players} columns={COLUMNS} />
    </div>
  );
}
