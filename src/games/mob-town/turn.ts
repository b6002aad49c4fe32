/**
 * How a turn advances: an action finishes, then the next action a hired
 * professional owes, then (co-op) the next of three actions, then the turn
 * ends and (co-op) the mob acts before the next seat begins. Each action
 * says what follows it (next.ts), and carryOn does it.
 */
import type { Grant } from './data/professionals';
import { COOP } from './data/coop';
import { mobTurn } from './coop/mob';
import { drawCards } from './draw';
import { stepMoves } from './legal-moves';
import type { SkippableStep } from './events';
import type { Next } from './next';
import { isCoop, type Step } from './state';
import type { Context } from './context';

/** Does what an action left to its turn (see next.ts). */
export function carryOn(ctx: Context, next: Next): void {
  if (next === 'actionDone') finishStep(ctx);
  else if (next !== 'awaitMove') offerStep(ctx, next.offer);
}

/** Starts `step`, or passes over it when it offers nothing but a skip. */
function offerStep(ctx: Context, step: Extract<Step, { kind: SkippableStep }>): void {
  const seat = ctx.log.state.turn!.seat;
  const options = stepMoves(ctx.log.state, seat, step).filter((m) => m.type !== 'skip');
  if (options.length) {
    ctx.log.push({ type: 'stepBegan', step });
  } else {
    ctx.log.push({ type: 'stepSkipped', seat, step: step.kind, declined: false });
    finishStep(ctx);
  }
}

/** The current action is done: go on to whatever comes next. */
function finishStep(ctx: Context): void {
  // Once the Law has ended the round or the game has ended, the rest of the turn is abandoned.
  if (ctx.log.state.phase !== 'play') return;
  const turn = ctx.log.state.turn!;
  if (turn.grants.length) return takeGrant(ctx, turn.grants[0]);
  ctx.log.push({ type: 'actionDone', seat: turn.seat });
  if (ctx.log.state.turn!.actionsLeft > 0) ctx.log.push({ type: 'stepBegan', step: { kind: 'chooseAction' } });
  else endTurn(ctx);
}

function takeGrant(ctx: Context, grant: Grant): void {
  const seat = ctx.log.state.turn!.seat;
  ctx.log.push({ type: 'grantTaken', seat, grant });
  switch (grant.action) {
    case 'draw':
      drawCards(ctx, seat, grant.cards);
      return finishStep(ctx);
    case 'pick':
      return offerStep(ctx, { kind: 'pick', picksLeft: grant.cards });
    case 'trade':
      return offerStep(ctx, { kind: 'trade' });
    case 'openLot':
      return offerStep(ctx, { kind: 'openLot' });
    case 'takeOver':
      return offerStep(ctx, { kind: 'takeOver', onlyCell: null, ignoreConnection: grant.ignoreConnection, ignoreTokens: grant.ignoreTokens });
  }
}

export function endTurn(ctx: Context): void {
  const seat = ctx.log.state.turn!.seat;
  ctx.log.push({ type: 'turnEnded', seat });
  if (isCoop(ctx.log.state)) {
    mobTurn(ctx);
    if (ctx.log.state.phase === 'finished') return;
  }
  ctx.log.push({ type: 'turnStarted', seat: (seat + 1) % ctx.log.state.seats, actions: isCoop(ctx.log.state) ? COOP.actionsPerTurn : 1 });
}
