/**
 * Turning an untrusted move into events: the move must be one of the seat's
 * listed legal moves (so "listed" and "accepted" are the same set), then the
 * matching action emits its events, and a drawn Law settles the round.
 */
import { accept, refuse, type Decision, type Seat } from '../../rules/contract';
import { findListedMove } from '../../rules/moves';
import type { Random } from '../../rules/random';
import { applyChooseAgenda, applySwapAgenda } from './actions/agendas';
import { applyCashIn, applyPick } from './actions/cash-in';
import { applyDraw, applyFreeDraw } from './actions/draw';
import { applyHire } from './actions/hire';
import { applyOpenLot } from './actions/open-lot';
import { applyPay } from './actions/pay';
import { applyTakeOver, limitsOf } from './actions/take-over';
import { applyTrade } from './actions/trade';
import { distinct } from './cards';
import { applyClearOut, applyClearOutCard } from './coop/clear-out';
import { applyChooseRole, applyMovePawn, applyPlacePawn } from './coop/pawns';
import { applyShutDown } from './coop/shut-down';
import type { MobTownEvent, SkippableStep } from './events';
import { activeSeats, legalMoves } from './legal-moves';
import { isCoopAction, type Move } from './moves';
import { settleRound } from './round';
import { currentStep, isCoop, type State } from './state';
import type { Next } from './next';
import { carryOn, endTurn } from './turn';
import { contextFor, type Context } from './context';

/** Steps that can be taken back: they choose something, but draw nothing and reveal no card. */
const TAKE_BACK = new Set<Move['type']>(['chooseAgenda', 'takeOver', 'clearOut', 'shutDown', 'move', 'chooseRole', 'placePawn']);

export function decide(state: State, move: unknown, seat: Seat, random: Random): Decision<MobTownEvent> {
  if (state.phase === 'finished') return refuse('The game is over.', 'NOT_YOUR_TURN');
  if (!activeSeats(state).includes(seat)) return refuse('It is not your turn.', 'NOT_YOUR_TURN');
  const listed = legalMoves(state, seat);
  const chosen = findListedMove(listed, move);
  if (!chosen) return refuse(explainRefusal(listed, move));
  // Counted so that a step that drew anything at random is never offered back.
  let draws = 0;
  const counted: Random = {
    int: (n) => (draws++, random.int(n)),
    shuffle: (items) => (draws++, random.shuffle(items)),
    pick: (items) => (draws++, random.pick(items)),
  };
  const ctx = contextFor(state, counted);
  if (isCoop(state) && state.turn?.step.kind === 'chooseAction' && isCoopAction(chosen)) {
    ctx.log.push({ type: 'actionChosen', seat, action: chosen.type });
  }
  carryOn(ctx, applyMove(ctx, seat, chosen));
  settleRound(ctx);
  return accept(ctx.log.events, draws === 0 && TAKE_BACK.has(chosen.type));
}

function explainRefusal(listed: Move[], move: unknown): string {
  const type = typeof move === 'object' && move !== null ? (move as { type?: unknown }).type : undefined;
  if (typeof type !== 'string') return 'A move must be an object with a "type" field.';
  const allowed = distinct(listed.map((m) => m.type));
  if (!allowed.includes(type as Move['type'])) return `You cannot "${type}" now. You may: ${allowed.join(', ')}.`;
  return `That "${type}" move is not possible now (check its fields, the cards in your hand and the cost); see your legal moves.`;
}

/** Plays the move's own action; what follows it in the turn is the action's answer (see next.ts). */
function applyMove(ctx: Context, seat: Seat, move: Move): Next {
  const state = ctx.log.state;
  switch (move.type) {
    case 'chooseAgenda':
      return applyChooseAgenda(ctx, seat, move);
    case 'swapAgenda':
      return applySwapAgenda(ctx, seat, move);
    case 'draw':
      return applyDraw(ctx, seat);
    case 'freeDraw':
      return applyFreeDraw(ctx, seat, move);
    case 'trade':
      return applyTrade(ctx, seat, move);
    case 'cashIn':
      return applyCashIn(ctx, seat);
    case 'pick':
      return applyPick(ctx, seat, move, currentStep(state, 'pick'));
    case 'takeOver':
      return applyTakeOver(ctx, seat, move, limitsOf(state.turn!.step));
    case 'pay':
      return state.turn!.step.kind === 'clearOut'
        ? applyClearOutCard(ctx, seat, move, currentStep(state, 'clearOut'))
        : applyPay(ctx, seat, move, currentStep(state, 'pay'));
    case 'openLot':
      return applyOpenLot(ctx, seat, move, state.turn!.step.kind === 'chooseAction');
    case 'hire':
      return applyHire(ctx, seat, move);
    case 'skip':
      // A skip is listed only for the steps that may be left undone (stepMoves).
      ctx.log.push({ type: 'stepSkipped', seat, step: state.turn!.step.kind as SkippableStep, declined: true });
      return 'actionDone';
    case 'chooseRole':
      return applyChooseRole(ctx, seat, move);
    case 'placePawn':
      return applyPlacePawn(ctx, seat, move);
    case 'move':
      return applyMovePawn(ctx, seat, move);
    case 'clearOut':
      return applyClearOut(ctx, seat);
    case 'shutDown':
      return applyShutDown(ctx, seat);
    case 'stop':
      return 'actionDone';
    case 'endTurn':
      endTurn(ctx);
      return 'awaitMove';
  }
}
