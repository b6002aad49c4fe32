/**
 * Clear Out (co-op): discard cards of one of the suits of the property under
 * your pawn (cash is a wild) to remove that many family tokens. Cards go one
 * per move; the first henchman fixes the suit; stop whenever you like.
 */
import type { Seat } from '../../../rules/contract';
import { distinct, lotCard, suitOf } from '../cards';
import { modifiersFor } from '../modifiers';
import type { Move, MoveOf } from '../moves';
import { payValue, type CostRule } from '../payment';
import type { State, Step } from '../state';
import type { Next } from '../next';
import type { Context } from '../context';

type ClearOutStep = Extract<Step, { kind: 'clearOut' }>;

function rule(state: State, seat: Seat, step: ClearOutStep): CostRule {
  const suits = step.suit ? [step.suit] : lotCard(state.city[step.cell].card).suits;
  return { suits, cashValue: modifiersFor(state, seat).cashValue };
}

function cardsThatClear(state: State, seat: Seat, step: ClearOutStep): Move[] {
  if (!state.city[step.cell].tokens.length) return [];
  const r = rule(state, seat, step);
  return distinct(state.players[seat].hand)
    .filter((card) => payValue(card, r) > 0)
    .map((card) => ({ type: 'pay', card }));
}

function newStep(state: State, seat: Seat): ClearOutStep {
  return { kind: 'clearOut', cell: state.players[seat].pawn!, suit: null, cardsPaid: 0 };
}

export function clearOutMoves(state: State, seat: Seat): Move[] {
  const step = newStep(state, seat);
  return !state.city[step.cell].shutDown && cardsThatClear(state, seat, step).length ? [{ type: 'clearOut' }] : [];
}

export function applyClearOut(ctx: Context, seat: Seat): Next {
  ctx.log.push({ type: 'stepBegan', step: newStep(ctx.log.state, seat) });
  return 'awaitMove';
}

export function clearOutStepMoves(state: State, seat: Seat, step: ClearOutStep): Move[] {
  return [...cardsThatClear(state, seat, step), ...(step.cardsPaid > 0 ? [{ type: 'stop' as const }] : [])];
}

export function applyClearOutCard(ctx: Context, seat: Seat, move: MoveOf<'pay'>, step: ClearOutStep): Next {
  const mods = modifiersFor(ctx.log.state, seat);
  const removes = payValue(move.card, rule(ctx.log.state, seat, step)) + (step.cardsPaid === 0 ? mods.clearOutBonus : 0);
  const count = Math.min(removes, ctx.log.state.city[step.cell].tokens.length);
  ctx.log.push({ type: 'cardPaid', seat, card: move.card, to: null });
  ctx.log.push({ type: 'tokensCleared', seat, cell: step.cell, card: ctx.log.state.city[step.cell].card, count });
  const next: ClearOutStep = { ...step, suit: step.suit ?? suitOf(move.card), cardsPaid: step.cardsPaid + 1 };
  if (!cardsThatClear(ctx.log.state, seat, next).length) return 'actionDone';
  ctx.log.push({ type: 'stepBegan', step: next });
  return 'awaitMove';
}
