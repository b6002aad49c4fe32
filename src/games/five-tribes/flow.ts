/** Turn and round sequencing: whose turn, clean-up, the end of the game. */
import { RESOURCE_ROW_SIZE } from './data/cards';
import { DJINN_ROW_SIZE } from './data/djinns';
import { playOrder } from './bidding';
import { drawDjinns, drawResources } from './deck';
import { goTo, type Context } from './context';
import { anyLegalMove } from './movement';
import { finalScores, winnersOf } from './scoring';
import { seatOf } from './state';

/** Starts the next turn on the turn order track, or closes the round when none is left. */
export function startNextTurn(ctx: Context): void {
  const [marker] = playOrder(ctx.log.state);
  if (marker === undefined) {
    endRound(ctx);
    return;
  }
  const seat = seatOf(ctx.log.state, marker);
  ctx.log.push({ type: 'turnStarted', seat, marker });
  if (!anyLegalMove(ctx.log.state)) {
    // No meeple can move: this round is the last. The player may still invoke Djinns and sell.
    if (!ctx.log.state.endTrigger) ctx.log.push({ type: 'endTriggered', reason: 'noMoves', seat });
    goTo(ctx, 'end');
  }
}

export function endTurn(ctx: Context): void {
  ctx.log.push({ type: 'turnEnded', seat: ctx.seat });
  startNextTurn(ctx);
}

function endRound(ctx: Context): void {
  if (ctx.log.state.endTrigger) {
    const scores = finalScores(ctx.log.state);
    ctx.log.push({ type: 'gameFinished', scores, winners: winnersOf(scores) });
    return;
  }
  cleanUp(ctx);
  ctx.log.push({ type: 'roundStarted', round: ctx.log.state.round + 1 });
}

/** Refills the resource row to 9 and the Djinn row to 3 (taken cards already closed up). */
function cleanUp(ctx: Context): void {
  const state = ctx.log.state;
  drawResources(ctx, RESOURCE_ROW_SIZE - state.resourceRow.length, (resources) => ({
    type: 'rowsRefilled',
    resources,
    djinns: [],
  }));
  drawDjinns(ctx, DJINN_ROW_SIZE - state.djinnRow.length, (djinns) => ({ type: 'rowsRefilled', resources: [], djinns }));
}
