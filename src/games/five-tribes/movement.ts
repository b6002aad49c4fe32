/**
 * Moving meeples (rule 2.2), one drop per move. Only steps from which a legal
 * finish still exists are offered, so a player can never be walked into a dead end.
 */
import { COLORS, type Color } from './data/meeples';
import { tileAt } from './board';
import { addCount, emptyCounts, total } from './counts';
import { NEIGHBOURS, toCoord } from './grid';
import type { Context } from './context';
import type { MoveOf } from './moves';
import type { Meeples, State, Step } from './state';

type MovingStep = Extract<Step, { name: 'moving' }>;

/** Frontier keys pack (tile, previous tile); -1 means "no previous tile" at the start. */
const stateKey = (tile: number, previous: number): number => tile * 31 + previous + 1;

/**
 * Can a move standing on `position` (having come from `previous`) and holding
 * `hand` still end legally? The last meeple needs a same-colour meeple on its
 * tile: one already there now, or one this move drops there earlier (which
 * needs two of that colour in hand and a walk that revisits the final tile).
 * Each frontier entry keeps the union of tiles visited by walks reaching it;
 * that is exact, since extending a walk only depends on where it stands.
 */
function canFinish(board: readonly Meeples[], position: number, previous: number, hand: Meeples): boolean {
  const remaining = total(hand);
  const handColors = COLORS.filter((c) => hand[c] > 0);
  const canLoop = COLORS.some((c) => hand[c] >= 2);
  const matchesHand = (tile: number) => handColors.some((c) => board[tile][c] > 0);
  let frontier = new Map<number, number>([[stateKey(position, previous), 0]]);
  for (let step = 1; step <= remaining; step++) {
    const isLast = step === remaining;
    const next = new Map<number, number>();
    for (const [key, visited] of frontier) {
      const tile = Math.floor(key / 31);
      const cameFrom = (key % 31) - 1;
      for (const neighbour of NEIGHBOURS[tile]) {
        if (neighbour === cameFrom) continue; // no immediate backtracking
        if (isLast) {
          if (matchesHand(neighbour) || (canLoop && visited & (1 << neighbour))) return true;
        } else {
          const nextKey = stateKey(neighbour, tile);
          next.set(nextKey, (next.get(nextKey) ?? 0) | visited | (1 << neighbour));
        }
      }
    }
    frontier = next;
  }
  return false;
}

function meeplesOnBoard(state: State): Meeples[] {
  return state.board.map((square) => square.meeples);
}

function canPickUp(state: State, tile: number): boolean {
  const hand = state.board[tile].meeples;
  if (total(hand) === 0) return false;
  const board = meeplesOnBoard(state);
  board[tile] = emptyCounts(COLORS);
  return canFinish(board, tile, -1, hand);
}

export function pickUpMoves(state: State): MoveOf<'pickUp'>[] {
  return state.board.flatMap((_, tile) => (canPickUp(state, tile) ? [{ type: 'pickUp' as const, tile: toCoord(tile) }] : []));
}

export function anyLegalMove(state: State): boolean {
  return state.board.some((_, tile) => canPickUp(state, tile));
}

/** Where the move stands and the tile it must not step straight back onto. */
function movePosition(step: MovingStep): { position: number; previous: number } {
  const { origin, path } = step;
  if (path.length === 0) return { position: origin, previous: -1 };
  return { position: path[path.length - 1], previous: path.length > 1 ? path[path.length - 2] : origin };
}

function isLegalDrop(state: State, step: MovingStep, tile: number, color: Color): boolean {
  const { position } = movePosition(step);
  const hand = addCount(step.hand, color, -1);
  if (total(hand) === 0) return state.board[tile].meeples[color] > 0; // last meeple, same colour rule
  const board = meeplesOnBoard(state);
  board[tile] = addCount(board[tile], color, 1);
  return canFinish(board, tile, position, hand);
}

export function dropMoves(state: State, step: MovingStep): MoveOf<'drop'>[] {
  const { position, previous } = movePosition(step);
  return NEIGHBOURS[position]
    .filter((tile) => tile !== previous)
    .flatMap((tile) =>
      COLORS.filter((color) => step.hand[color] > 0 && isLegalDrop(state, step, tile, color)).map((color) => ({
        type: 'drop' as const,
        tile: toCoord(tile),
        color,
      })),
    );
}

export function pickUp(ctx: Context, tile: number): void {
  ctx.log.push({ type: 'pickedUp', seat: ctx.seat, tile, kind: tileAt(ctx.log.state, tile).kind });
}

/** Drops one meeple; returns true when that was the last one and the move is complete. */
export function drop(ctx: Context, tile: number, color: Color): boolean {
  ctx.log.push({ type: 'dropped', seat: ctx.seat, tile, kind: tileAt(ctx.log.state, tile).kind, color });
  const step = ctx.log.state.turn?.step;
  return step?.name === 'moving' && total(step.hand) === 0;
}
