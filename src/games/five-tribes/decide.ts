/** Validates an untrusted move against the listed ones, then turns it into events. */
import { accept, refuse, type Decision, type Seat } from '../../rules/contract';
import { EventLog } from '../../rules/event-log';
import { findListedMove } from '../../rules/moves';
import type { Random } from '../../rules/random';
import { invokeIblis, kill } from './assassins';
import { placeBid } from './bidding';
import { keepDjinn, useTurnPower } from './djinn-powers';
import type { Event } from './events';
import { evolve } from './evolve';
import { endTurn, startNextTurn } from './flow';
import { toIndex } from './grid';
import { activeSeat, legalMoves } from './legal-moves';
import { currentTurn, goTo, type Context } from './context';
import { sell } from './merchandise';
import type { Move, MoveOf } from './moves';
import { drop, pickUp } from './movement';
import type { State, Step } from './state';
import { beginTileAction, buyCards, place, takeDjinn } from './tile-actions';
import { completeMove, invokeEchidna, payBuilders } from './tribes';

/** Why a listed-looking move is refused, by move type; none reveals hidden information. */
const REFUSALS: Record<Move['type'], string> = {
  bid: 'That spot is taken, too expensive for you, or not on the track (spots 0-5, or 6 for a zero bid).',
  pickUp: 'You can only pick up a tile holding meeples from which a legal move exists.',
  drop: 'Drop on an adjacent tile, without stepping straight back, keeping a legal last drop possible.',
  builders: 'You cannot discard that many Fakirs.',
  kill: 'That meeple is out of reach or cannot be killed.',
  skip: 'You cannot skip this action now.',
  place: 'It cannot be placed there.',
  buyCards: 'Those cards cannot be bought here.',
  takeDjinn: 'That Djinn is not available, or you cannot pay for it.',
  useDjinn: 'That Djinn power cannot be used now, that way.',
  keepDjinn: 'That Djinn was not drawn.',
  sell: 'You can only sell a set of different merchandise kinds you hold.',
  endTurn: 'You must finish your move and actions first.',
};

function explainRefusal(listed: readonly Move[], move: unknown): string {
  const type = typeof move === 'object' && move !== null ? (move as { type?: unknown }).type : undefined;
  if (typeof type !== 'string') return 'A move must be a JSON object with a "type".';
  const possible = [...new Set(listed.map((m) => m.type))];
  if (!possible.includes(type as Move['type'])) return `You cannot "${type}" now; possible now: ${possible.join(', ')}.`;
  return `${REFUSALS[type as Move['type']]} (Check every field; extra fields are refused.)`;
}

function stepAs<N extends Step['name']>(state: State, name: N): Extract<Step, { name: N }> {
  const step = currentTurn(state).step;
  if (step.name !== name) throw new Error(`expected step ${name}, at ${step.name}`);
  return step as Extract<Step, { name: N }>;
}

function useDjinn(ctx: Context, move: MoveOf<'useDjinn'>): void {
  const step = currentTurn(ctx.log.state).step;
  if (step.name === 'builders') invokeEchidna(ctx, move.pay);
  else if (step.name === 'assassins') invokeIblis(ctx, step, move.pay);
  else useTurnPower(ctx, move, step.name === 'start' ? 'start' : 'end');
}

function applyMove(ctx: Context, move: Move): void {
  const state = ctx.log.state;
  switch (move.type) {
    case 'bid':
      placeBid(ctx, state.bidTrack[0], move);
      // Once every marker is on the turn order track, the first turn starts.
      if (ctx.log.state.bidTrack.length === 0) startNextTurn(ctx);
      return;
    case 'pickUp':
      return pickUp(ctx, toIndex(move.tile));
    case 'drop': {
      const tile = toIndex(move.tile);
      if (drop(ctx, tile, move.color)) completeMove(ctx, tile, move.color);
      return;
    }
    case 'builders':
      return payBuilders(ctx, stepAs(state, 'builders').builders, move.fakirs);
    case 'kill':
      return kill(ctx, stepAs(state, 'assassins'), move);
    case 'skip':
      // Declining the kill still leaves the tile action; declining a tile action ends it.
      return currentTurn(state).step.name === 'assassins' ? beginTileAction(ctx) : goTo(ctx, 'end');
    case 'place':
      return place(ctx, stepAs(state, 'placement'), move);
    case 'buyCards':
      return buyCards(ctx, stepAs(state, 'market').market, move.positions);
    case 'takeDjinn':
      return takeDjinn(ctx, move.djinn, move.pay);
    case 'useDjinn':
      return useDjinn(ctx, move);
    case 'keepDjinn':
      return keepDjinn(ctx, stepAs(state, 'sibittis'), move.djinn);
    case 'sell':
      return sell(ctx, move.kinds);
    case 'endTurn':
      return endTurn(ctx);
  }
}

/** Picking up and dropping can be taken back until the last drop completes the move. */
function isReversible(move: Move, after: State): boolean {
  return (move.type === 'pickUp' || move.type === 'drop') && after.turn?.step.name === 'moving';
}

export function decide(state: State, move: unknown, seat: Seat, random: Random): Decision<Event> {
  if (state.phase === 'finished') return refuse('The game is over.', 'NOT_YOUR_TURN');
  if (activeSeat(state) !== seat) return refuse('It is not your turn to act.', 'NOT_YOUR_TURN');
  const listed = legalMoves(state, seat);
  const chosen = findListedMove(listed, move);
  if (!chosen) return refuse(explainRefusal(listed, move));
  const ctx: Context = { log: new EventLog(state, evolve), seat, random };
  applyMove(ctx, chosen);
  return accept(ctx.log.events, isReversible(chosen, ctx.log.state));
}
