/**
 * Take Over: pay cards of the property's suits (cash is a wild) worth its
 * value plus one per token already on it, then one card of any kind per card
 * passed through on the shortest path from your nearest property, each given
 * to the player controlling that card (or discarded). Controlling nothing,
 * or an open lot's placement, waives the connection cost.
 */
import type { Seat } from '../../../rules/contract';
import { controlledCells, controller, distancesFrom, shortestConnections } from '../city';
import { lotCard } from '../cards';
import { modifiersFor, type Modifiers } from '../modifiers';
import type { Move, MoveOf } from '../moves';
import { canComplete, type CostRule } from '../payment';
import type { State, Step } from '../state';
import type { Context } from '../context';
import type { Next } from '../next';
import { cellKey, inBoardOrder, toCell, type CellKey } from '../cells';

export interface TakeOverLimits {
  onlyCell: CellKey | null;
  ignoreConnection: boolean;
  ignoreTokens: boolean;
}

export const NORMAL_TAKE_OVER: TakeOverLimits = { onlyCell: null, ignoreConnection: false, ignoreTokens: false };

/** The suits (and cash value) that pay for `cell`, for `seat`. */
export function costRule(state: State, seat: Seat, cell: CellKey): CostRule {
  return ruleWith(state, cell, modifiersFor(state, seat));
}

function ruleWith(state: State, cell: CellKey, mods: Modifiers): CostRule {
  return { suits: lotCard(state.city[cell].card).suits, cashValue: mods.cashValue };
}

export function takeOverCost(state: State, seat: Seat, cell: CellKey, ignoreTokens: boolean): number {
  return costWith(state, seat, cell, ignoreTokens, allModifiers(state));
}

const allModifiers = (state: State) => state.players.map((_, seat) => modifiersFor(state, seat));

/** Value, plus a token surcharge, the controller's defense and the taker's discounts; at least 1. */
function costWith(state: State, seat: Seat, cell: CellKey, ignoreTokens: boolean, mods: Modifiers[]): number {
  const lot = state.city[cell];
  const owner = controller(lot);
  const defense = typeof owner === 'number' && owner !== seat ? mods[owner].defense : 0;
  const tokens = ignoreTokens ? 0 : lot.tokens.length;
  return Math.max(1, lotCard(lot.card).value + tokens + defense + mods[seat].takeOverDelta);
}

/** Who receives each connection card along `via`: the controlling seat, or null for the discard pile. */
function payeesAlong(state: State, via: readonly CellKey[]): (Seat | null)[] {
  return via.map((cell) => {
    const owner = controller(state.city[cell]);
    return typeof owner === 'number' ? owner : null;
  });
}

/**
 * The shortest paths worth offering: one per distinct set of payees (paths
 * that pay the same players are the same choice). `distance` is measured
 * from the seat's properties, or null when no connection cost applies.
 */
function connectionChoices(state: State, cell: CellKey, distance: Record<CellKey, number> | null): CellKey[][] {
  if (!distance) return [[]];
  const seen = new Set<string>();
  return shortestConnections(distance, cell).filter((via) => {
    const payees = JSON.stringify(payeesAlong(state, via).sort());
    if (seen.has(payees)) return false;
    seen.add(payees);
    return true;
  });
}

export function takeOverMoves(state: State, seat: Seat, limits: TakeOverLimits): Move[] {
  const player = state.players[seat];
  if (player.tokens < 1) return [];
  const mods = allModifiers(state);
  const own = controlledCells(state, seat);
  const free = limits.ignoreConnection || own.length === 0 || mods[seat].noConnectionCost;
  const distance = free ? null : distancesFrom(state.city, own);
  // In board order: the keys' own order changes when the state comes back from the database.
  const cells = limits.onlyCell ? [limits.onlyCell] : inBoardOrder(Object.keys(state.city));
  return cells
    .filter((cell) => !state.city[cell].shutDown && controller(state.city[cell]) !== seat)
    .flatMap((cell) => {
      const cost = costWith(state, seat, cell, limits.ignoreTokens, mods);
      const rule = ruleWith(state, cell, mods[seat]);
      if (!canComplete(player.hand, rule, cost, 0)) return [];
      return connectionChoices(state, cell, distance)
        .filter((via) => canComplete(player.hand, rule, cost, via.length))
        .map((via) => ({ type: 'takeOver' as const, cell: toCell(cell), via: via.map(toCell) }));
    });
}

/** Starts paying; the token goes down once every card is paid (see pay.ts). */
export function applyTakeOver(ctx: Context, seat: Seat, move: MoveOf<'takeOver'>, limits: TakeOverLimits): Next {
  const cell = cellKey(move.cell);
  const step: Step = {
    kind: 'pay',
    purpose: 'takeOver',
    cell,
    costLeft: takeOverCost(ctx.log.state, seat, cell, limits.ignoreTokens),
    payees: payeesAlong(ctx.log.state, move.via.map(cellKey)),
  };
  ctx.log.push({ type: 'stepBegan', step });
  return 'awaitMove';
}

/** The limits a take-over move is checked against in the current step. */
export function limitsOf(step: Step): TakeOverLimits {
  return step.kind === 'takeOver' ? step : NORMAL_TAKE_OVER;
}
