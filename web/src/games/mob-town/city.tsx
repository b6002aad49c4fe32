/** The city: property and landmark cards on a grid, with family-token stacks, pawns, and empty lots that can be opened. */
import { CardShape, Label, Meeple, Token, wrapText } from '../../components/svg';
import type { CardDetail } from '../../play/card-detail';
import { Target } from '../../play/move-offer';
import { listOf } from '@shared/rules';
import type { PlayerInfo } from '../game-ui';
import { targets } from './moves';
import { BUSINESS_FILL, cellKey, LANDMARK_FILL, MOB_COLOR } from './names';
import type { Cell, CityLot, LotCardView, Owner } from '@shared/mob-town';

/** Small enough that, on a laptop, the city and the cards fit side by side, every word still 11 px or more. */
export const LOT_WIDTH = 100;
export const LOT_HEIGHT = 122;
const GAP = 8;

export interface CityBox {
  top: number;
  left: number;
  rows: number;
  cols: number;
}

export function cityBox(cells: Cell[]): CityBox {
  if (cells.length === 0) return { top: 0, left: 0, rows: 1, cols: 1 };
  const rows = cells.map(([r]) => r);
  const cols = cells.map(([, c]) => c);
  const top = Math.min(...rows);
  const left = Math.min(...cols);
  return { top, left, rows: Math.max(...rows) - top + 1, cols: Math.max(...cols) - left + 1 };
}

const position = ([row, col]: Cell, box: CityBox) => ({ x: (col - box.left) * (LOT_WIDTH + GAP), y: (row - box.top) * (LOT_HEIGHT + GAP) });

export const ownerColor = (owner: Owner, players: PlayerInfo[]) => (owner === 'mob' ? MOB_COLOR : (players[owner]?.color ?? '#999'));

/** A property or landmark card face, reused in the city and the open lot. */
export function LotFace({ card, x, y, shutDown = false }: { card: LotCardView; x: number; y: number; shutDown?: boolean }) {
  const fill = card.business ? BUSINESS_FILL[card.business] : LANDMARK_FILL;
  const suits = card.suits ? card.suits.join(', ') : 'any suit';
  return (
    <g>
      <CardShape x={x} y={y} width={LOT_WIDTH} height={LOT_HEIGHT} fill={fill} faceDown={shutDown} />
      {shutDown ? (
        <Label x={x + LOT_WIDTH / 2} y={y + LOT_HEIGHT / 2} size={13} color="#fff" halo={null}>
          shut down
        </Label>
      ) : (
        <>
          <circle cx={x + 15} cy={y + 15} r={11} fill="#fffdf5" stroke="#3b2f2a" strokeWidth={1.5} />
          <Label x={x + 15} y={y + 15.5} size={13} halo={null}>
            {card.value}
          </Label>
          {wrapText(card.name, 11).map((line, i) => (
            <Label key={i} x={x + LOT_WIDTH / 2} y={y + 38 + i * 15} size={12.5} halo={null}>
              {line}
            </Label>
          ))}
          <Label x={x + LOT_WIDTH / 2} y={y + LOT_HEIGHT - 11} size={11} weight={500} halo={null}>
            {suits}
          </Label>
        </>
      )}
    </g>
  );
}

/** A property or landmark in full: value, business, the henchmen it takes, a landmark's power; in the city, its tokens and controller. */
export function lotDetail(card: LotCardView, lot?: { tokens: Owner[]; controller: Owner | null; shutDown: boolean }, players: PlayerInfo[] = []): CardDetail {
  const ownerName = (owner: Owner) => (owner === 'mob' ? 'the mob' : (players[owner]?.name ?? `seat ${owner + 1}`));
  const lines = [
    `${card.business ? `A ${card.business}` : 'A landmark'} worth ${card.value}.`,
    card.suits ? `Paid for with ${card.suits.join(' or ')}.` : 'Paid for with any suit.',
    ...(card.text ? [card.text] : []),
  ];
  if (lot) {
    const tokens = stacks(lot.tokens).map(({ owner, count }) => `${ownerName(owner)} ${count}`);
    lines.push(tokens.length > 0 ? `Family tokens: ${listOf(tokens)}.` : 'No family tokens on it.');
    if (lot.controller !== null) lines.push(`Controlled by ${ownerName(lot.controller)}.`);
    if (lot.shutDown) lines.push('Shut down.');
  }
  return { title: card.name, lines };
}

/** A lot's tokens as one stack per owner, its count written on it, the owner of the newest token last (on top). */
function stacks(tokens: CityLot['tokens']): { owner: CityLot['tokens'][number]; count: number }[] {
  const owners = [...new Set([...tokens].reverse())].reverse();
  return owners.map((owner) => ({ owner, count: tokens.filter((token) => token === owner).length }));
}

function Lot({ lot, box, players }: { lot: CityLot; box: CityBox; players: PlayerInfo[] }) {
  const { x, y } = position(lot.cell, box);
  return (
    <Target id={targets.cell(lot.cell)} label={lot.card.name} detail={lotDetail(lot.card, lot, players)}>
      <LotFace card={lot.card} x={x} y={y} shutDown={lot.shutDown} />
      {stacks(lot.tokens).map(({ owner, count }, i) => (
        <Token
          key={String(owner)}
          x={x + 17 + i * 25}
          y={y + LOT_HEIGHT - 38}
          r={11}
          color={ownerColor(owner, players)}
          shape={owner === 'mob' ? undefined : players[owner]?.shape}
          count={count}
          title={`${owner === 'mob' ? 'The mob' : players[owner]?.name}: ${count} token${count === 1 ? '' : 's'}`}
        />
      ))}
      {lot.controller !== null && (
        <Label x={x + LOT_WIDTH - 6} y={y + 15} anchor="end" size={11} weight={500}>
          {lot.controller === 'mob' ? 'mob' : players[lot.controller]?.name}
        </Label>
      )}
    </Target>
  );
}

/** The names of the properties on the four sides of `cell`: how a person tells one empty lot from another. */
function besideNames(cell: Cell, lots: CityLot[]): string[] {
  const [column, row] = cell;
  const sides = [cellKey([column, row - 1]), cellKey([column + 1, row]), cellKey([column, row + 1]), cellKey([column - 1, row])];
  return sides.flatMap((side) => lots.filter((lot) => cellKey(lot.cell) === side).map((lot) => lot.card.name));
}

/** An empty lot where a property may be opened: drawn lightly, there may be many. */
function EmptyLot({ cell, box, beside }: { cell: Cell; box: CityBox; beside: string[] }) {
  const { x, y } = position(cell, box);
  const inset = 14;
  return (
    <Target id={targets.cell(cell)} label={beside.length > 0 ? `Empty lot beside ${listOf(beside)}` : 'Empty lot'}>
      <rect
        x={x + inset}
        y={y + inset}
        width={LOT_WIDTH - 2 * inset}
        height={LOT_HEIGHT - 2 * inset}
        rx={10}
        fill="#ffffff55"
        stroke="#8a7a6a"
        strokeDasharray="6 6"
        strokeWidth={2}
      />
      <Label x={x + LOT_WIDTH / 2} y={y + LOT_HEIGHT / 2} size={26} weight={400} color="#8a7a6a" halo={null}>
        +
      </Label>
    </Target>
  );
}

export function City({
  lots,
  emptyCells,
  pawns,
  box,
  players,
}: {
  lots: CityLot[];
  emptyCells: Cell[];
  pawns: Array<{ seat: number; cell: Cell }>;
  box: CityBox;
  players: PlayerInfo[];
}) {
  return (
    <g>
      {lots.map((lot) => (
        <Lot key={cellKey(lot.cell)} lot={lot} box={box} players={players} />
      ))}
      {emptyCells.map((cell) => (
        <EmptyLot key={cellKey(cell)} cell={cell} box={box} beside={besideNames(cell, lots)} />
      ))}
      {pawns.map(({ seat, cell }, i) => {
        const { x, y } = position(cell, box);
        return (
          <Meeple
            key={seat}
            x={x + LOT_WIDTH - 18 - i * 12}
            y={y + LOT_HEIGHT - 44}
            size={24}
            color={players[seat]?.color ?? '#999'}
            title={`${players[seat]?.name}'s pawn`}
          />
        );
      })}
    </g>
  );
}

export const cityWidth = (box: CityBox) => box.cols * (LOT_WIDTH + GAP) - GAP;
export const cityHeight = (box: CityBox) => box.rows * (LOT_HEIGHT + GAP) - GAP;
