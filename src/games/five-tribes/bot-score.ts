/**
 * The GREEDY bot's evaluation (`botScore`), from the seat's view alone, in
 * victory points: what a move gains now (a tile taken, a tribe's action, a
 * card, a Djinn) less what it spends (gold, Elders, Fakirs). A move of
 * meeples is weighed by its best ending the remaining meeples could still
 * reach, so picking up and every drop but the last look ahead to it.
 */
import type { Seat } from '../../rules/contract';
import { MERCHANDISE, type CardKind } from './data/cards';
import { DJINNS } from './data/djinns';
import { COLORS, type Color } from './data/meeples';
import { MARKETS } from './data/tiles';
import { TURN_TRACK_COSTS } from './data/track';
import { total } from './counts';
import { COLS, ROWS, surroundingBlock, toCoord, toIndex, type Coord } from './grid';
import { merchandiseValue } from './merchandise';
import type { Move, Payment } from './moves';
import type { Meeples } from './state';
import type { FiveTribesView, PlayerHoldings, TileView } from './view';

/** What holding one more of each resource is worth at the end, in victory points. */
const ELDER_WORTH = 2.5;
const FAKIR_WORTH = 1.5;
const VIZIER_WORTH = 2.5;
/** A Merchant's card, on average: merchandise sets grow in value as they widen. */
const CARD_WORTH = 1.5;
/** An Assassin's kill, when its target is not weighed itself. */
const KILL_WORTH = 2;

type Board = (TileView | null)[][];

const tileOf = (board: Board, index: number): TileView | null => {
  const [row, col] = toCoord(index);
  return board[row][col];
};

function blueTilesAround(board: Board, index: number): number {
  return surroundingBlock(index).filter((t) => tileOf(board, t)?.valueColor === 'blue').length;
}

/** What a tile and what stands on it add to its controller's score. */
function tileWorth(tile: TileView): number {
  return tile.vp + 3 * tile.palms + 5 * tile.palaces;
}

/** What the tile's own action gives its mover. */
function tileActionWorth(tile: TileView, player: PlayerHoldings): number {
  switch (tile.kind) {
    case 'oasis':
      return 3;
    case 'village':
      return 5;
    case 'sacredPlace':
      return player.elders >= 2 || (player.elders >= 1 && player.cards.fakir > 0) ? 4 : 0;
    default:
      return (player.gold ?? 0) >= MARKETS[tile.kind].price ? 1 : 0;
  }
}

/** The end of a move on `index` with `color` (`count` of that colour there, the last drop included). */
function endingWorth(view: FiveTribesView, seat: Seat, index: number, color: Color, count: number): number {
  const tile = tileOf(view.board, index);
  if (!tile) return 0;
  const player = view.players[seat];
  const takesTile = tile.camel === null && total(tile.meeples) + 1 === count && player.camels > 0;
  const tribe: Record<Color, number> = {
    yellow: count * VIZIER_WORTH,
    white: count * ELDER_WORTH,
    green: Math.min(count, view.resourceRow.length) * CARD_WORTH,
    blue: count * blueTilesAround(view.board, index),
    red: KILL_WORTH,
  };
  return tribe[color] + (takesTile ? tileWorth(tile) : 0) + tileActionWorth(tile, player);
}

/** Steps a walk of exactly `steps` tiles may take from `from` to `to` on the grid, ignoring what is on it. */
function reachable(from: number, to: number, steps: number): boolean {
  const [r1, c1] = toCoord(from);
  const [r2, c2] = toCoord(to);
  const distance = Math.abs(r1 - r2) + Math.abs(c1 - c2);
  return distance <= steps && distance > 0 && (steps - distance) % 2 === 0;
}

/** The best ending `hand` could reach from `from` in as many steps as it has meeples; -1 when none looks reachable. */
function bestEnding(view: FiveTribesView, seat: Seat, from: number, hand: Meeples): number {
  const steps = total(hand);
  let best = -1;
  for (let index = 0; index < ROWS * COLS; index++) {
    const tile = tileOf(view.board, index);
    if (!tile || !reachable(from, index, steps)) continue;
    for (const color of COLORS) {
      if (hand[color] > 0 && tile.meeples[color] > 0) best = Math.max(best, endingWorth(view, seat, index, color, tile.meeples[color] + 1));
    }
  }
  return best;
}

function dropScore(view: FiveTribesView, seat: Seat, tile: Coord, color: Color): number {
  const step = view.turn?.step;
  if (step?.name !== 'moving') return 0;
  const hand = { ...step.hand, [color]: step.hand[color] - 1 };
  const index = toIndex(tile);
  const here = tileOf(view.board, index);
  if (total(hand) === 0) return here ? endingWorth(view, seat, index, color, here.meeples[color] + 1) : 0;
  return bestEnding(view, seat, index, hand);
}

function paymentCost(pay: Payment | undefined): number {
  if (pay === 'elder') return ELDER_WORTH;
  return pay === 'fakir' ? FAKIR_WORTH : 0;
}

/** What cards add to the seat's merchandise (and Fakirs) at the end. */
function cardsWorth(player: PlayerHoldings, taken: CardKind[]): number {
  const before = MERCHANDISE.map((kind) => player.cards[kind]);
  const after = MERCHANDISE.map((kind, i) => before[i] + taken.filter((card) => card === kind).length);
  return merchandiseValue(after) - merchandiseValue(before) + FAKIR_WORTH * taken.filter((card) => card === 'fakir').length;
}

function killScore(view: FiveTribesView, seat: Seat, move: Extract<Move, { type: 'kill' }>): number {
  const cost = move.fakirs * FAKIR_WORTH;
  if ('seat' in move) return (move.color === 'white' ? ELDER_WORTH : VIZIER_WORTH) - cost;
  const tile = tileOf(view.board, toIndex(move.tile));
  if (!tile) return -cost;
  const emptied = total(tile.meeples) === 1 && tile.camel === null && view.players[seat].camels > 0;
  const hurtsRival = tile.camel !== null && tile.camel !== seat && total(tile.meeples) === 1;
  return (emptied ? tileWorth(tile) : 0.5) + (hurtsRival ? 1 : 0) - cost;
}

/** How much `move` adds to the seat's final score, as far as one step shows. */
export function botScore(view: FiveTribesView, move: Move, seat: Seat): number {
  const player = view.players[seat];
  switch (move.type) {
    case 'bid':
      return -TURN_TRACK_COSTS[move.spot] - move.fakirs * FAKIR_WORTH + (move.spot < TURN_TRACK_COSTS.length ? 0.2 * (TURN_TRACK_COSTS.length - move.spot) : 0);
    case 'pickUp': {
      const tile = tileOf(view.board, toIndex(move.tile));
      return tile ? bestEnding(view, seat, toIndex(move.tile), tile.meeples) : 0;
    }
    case 'drop':
      return dropScore(view, seat, move.tile, move.color);
    case 'builders': {
      const turn = view.turn;
      const around = turn?.finalTile ? blueTilesAround(view.board, toIndex(turn.finalTile)) : 0;
      return move.fakirs * (around * (turn?.buildersDoubled ? 2 : 1) - FAKIR_WORTH);
    }
    case 'kill':
      return killScore(view, seat, move);
    case 'place': {
      const tile = tileOf(view.board, toIndex(move.tile));
      return (tile?.camel === seat ? 5 : 0) - paymentCost(move.pay);
    }
    case 'buyCards': {
      const market = view.turn?.step.name === 'market' ? MARKETS[view.turn.step.market] : null;
      return (
        cardsWorth(
          player,
          move.positions.map((p) => view.resourceRow[p]),
        ) - (market?.price ?? 0)
      );
    }
    case 'takeDjinn':
      return DJINNS[move.djinn].vp - ELDER_WORTH - paymentCost(move.pay);
    case 'keepDjinn':
      return DJINNS[move.djinn].vp;
    case 'useDjinn':
      return -1 - paymentCost(move.pay);
    default:
      return 0;
  }
}
