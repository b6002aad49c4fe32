/**
 * The Assassins' action: kill one meeple within range on the board, or one
 * Vizier or Elder in front of an opponent. Iblis makes it two from one place;
 * Kandicha, Nekir and Boaz react to kills.
 */
import type { Seat } from '../../rules/contract';
import { COLORS, type Color } from './data/meeples';
import { blueTilesAround, tileAt } from './board';
import { captureIfEmptied } from './control';
import { total } from './counts';
import { drawResources } from './deck';
import { invocationPayments, invoke, owns, rewardOwner } from './djinn-rules';
import { distance, toCoord, toIndex } from './grid';
import { currentTurn, type Context } from './context';
import type { MoveOf, Payment } from './moves';
import type { KillTarget, State, Step } from './state';
import { beginTileAction } from './tile-actions';

type AssassinStep = Extract<Step, { name: 'assassins' }>;
type KillMove = MoveOf<'kill'>;

const FRONT_COLORS: Color[] = ['yellow', 'white'];

/** Opponents whose Viziers and Elders may be killed: Boaz protects its owner from others. */
function killableOpponents(state: State, seat: Seat): Seat[] {
  return state.players.map((_, s) => s).filter((s) => s !== seat && !owns(state, s, 'boaz'));
}

function frontCount(state: State, seat: Seat, color: Color): number {
  const player = state.players[seat];
  return color === 'yellow' ? player.viziers : color === 'white' ? player.elders : 0;
}

/**
 * Kill moves for `step`, with at most `fakirBudget` Fakirs spent on range.
 * While Iblis has two kills to make, only places holding two victims count;
 * for Iblis's second kill the place is fixed and the range already paid.
 */
function killMovesWithin(state: State, seat: Seat, step: AssassinStep, fakirBudget: number): KillMove[] {
  const needed = step.killsLeft;
  const target = step.target;
  const finalTile = currentTurn(state).finalTile as number;
  const boardMoves = state.board.flatMap((square, tile) => {
    if (target && !('tile' in target && target.tile === tile)) return [];
    if (total(square.meeples) < needed) return [];
    const fakirs = target ? 0 : Math.max(0, distance(finalTile, tile) - step.assassins);
    if (fakirs > fakirBudget) return [];
    return COLORS.filter((color) => square.meeples[color] > 0).map((color) => ({
      type: 'kill' as const,
      tile: toCoord(tile),
      color,
      fakirs,
    }));
  });
  const frontMoves = killableOpponents(state, seat).flatMap((victim) => {
    if (target && !('seat' in target && target.seat === victim)) return [];
    const held = state.players[victim].viziers + state.players[victim].elders;
    if (held < needed) return [];
    return FRONT_COLORS.filter((color) => frontCount(state, victim, color) > 0).map((color) => ({
      type: 'kill' as const,
      seat: victim,
      color,
      fakirs: 0,
    }));
  });
  return [...boardMoves, ...frontMoves];
}

export function killMoves(state: State, seat: Seat, step: AssassinStep): KillMove[] {
  return killMovesWithin(state, seat, step, state.players[seat].cards.fakir);
}

/** The kill is compulsory only when some victim is in reach without spending Fakirs. */
export function maySkipKill(state: State, seat: Seat, step: AssassinStep): boolean {
  return step.target === null && killMovesWithin(state, seat, step, 0).length === 0;
}

/** Iblis can be invoked before the first kill, with a payment that still leaves a double kill in reach. */
export function iblisPayments(state: State, seat: Seat, step: AssassinStep): Payment[] {
  if (step.killsLeft !== 1 || step.target !== null) return [];
  const doubled = { ...step, killsLeft: 2 };
  const fakirs = state.players[seat].cards.fakir;
  return invocationPayments(state, seat, 'iblis').filter((pay) => killMovesWithin(state, seat, doubled, fakirs - (pay === 'fakir' ? 1 : 0)).length > 0);
}

export function invokeIblis(ctx: Context, step: AssassinStep, pay: Payment): void {
  invoke(ctx, 'iblis', pay);
  ctx.log.push({ type: 'step', step: { ...step, killsLeft: 2 } });
}

/** Enters the Assassins' step, or goes on to the tile action when nobody can be killed. */
export function beginAssassins(ctx: Context, assassins: number): void {
  const step: AssassinStep = { name: 'assassins', assassins, killsLeft: 1, target: null };
  const state = ctx.log.state;
  if (killMoves(state, ctx.seat, step).length === 0 && iblisPayments(state, ctx.seat, step).length === 0) {
    beginTileAction(ctx);
    return;
  }
  ctx.log.push({ type: 'step', step });
}

/** Kandicha's rewards for the killer, by the victim's tribe. */
function kandichaReward(ctx: Context, color: Color, tile: number | null): void {
  if (color === 'green') {
    drawResources(ctx, 1, (cards) => ({ type: 'cardsDrawn', seat: ctx.seat, cards }));
  } else if (color === 'blue' && tile !== null) {
    const blueTiles = blueTilesAround(ctx.log.state, tile);
    if (blueTiles > 0) ctx.log.push({ type: 'gold', seat: ctx.seat, amount: blueTiles, reason: 'kandicha' });
  }
}

export function kill(ctx: Context, step: AssassinStep, move: KillMove): void {
  const target: KillTarget = 'tile' in move ? { tile: toIndex(move.tile) } : { seat: move.seat };
  const tile = 'tile' in target ? target.tile : null;
  const hasKandicha = owns(ctx.log.state, ctx.seat, 'kandicha');
  if (move.fakirs > 0) ctx.log.push({ type: 'fakirsDiscarded', seat: ctx.seat, count: move.fakirs });
  ctx.log.push({
    type: 'meepleKilled',
    seat: ctx.seat,
    color: move.color,
    tile,
    kind: tile === null ? null : tileAt(ctx.log.state, tile).kind,
    victim: 'seat' in target ? target.seat : null,
    keptByKiller: hasKandicha && FRONT_COLORS.includes(move.color),
  });
  // Nekir pays once per kill action, however many meeples die.
  if (step.target === null) rewardOwner(ctx, 'nekir');
  if (hasKandicha) kandichaReward(ctx, move.color, tile);
  if (tile !== null) captureIfEmptied(ctx, tile);
  if (step.killsLeft > 1) {
    ctx.log.push({ type: 'step', step: { ...step, killsLeft: step.killsLeft - 1, target } });
  } else {
    beginTileAction(ctx);
  }
}
