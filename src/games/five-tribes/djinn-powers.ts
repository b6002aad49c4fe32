/**
 * Djinn powers invoked in the owner's turn, before the move or after the
 * actions: Anun-Nak, Bouraq, Enki, Leta, Utug, Sibittis and Sloar.
 * (Echidna and Iblis are invoked with their tribe, Hagis and Lamia when placing,
 * Kumarbi when bidding; the others are passive or only change scoring.)
 */
import type { Seat } from '../../rules/contract';
import { COLORS } from './data/meeples';
import { DJINNS, type DjinnId } from './data/djinns';
import type { TileKind } from './data/tiles';
import { isCompletelyEmpty, tileAt } from './board';
import { placeCamel } from './control';
import { expand, total } from './counts';
import { drawDjinns, drawResources, resourcesLeftToDraw } from './deck';
import { gainDjinn, invocationPayments, invoke } from './djinn-rules';
import { toCoord, toIndex } from './grid';
import { goTo, type Context } from './context';
import type { MoveOf } from './moves';
import type { ResumeStep, State, Step } from './state';
import { placeStructure } from './tile-actions';

type UseDjinn = MoveOf<'useDjinn'>;

function tilesWhere(state: State, test: (index: number) => boolean): number[] {
  return state.board.map((_, i) => i).filter(test);
}

function tilesOfKind(state: State, kind: TileKind): number[] {
  return tilesWhere(state, (i) => tileAt(state, i).kind === kind);
}

/** Tiles each targeted power may aim at now (empty when the power has nothing to do). */
const TARGETS: Partial<Record<DjinnId, (state: State, seat: Seat) => number[]>> = {
  anunNak: (state) => (total(state.bag) > 0 ? tilesWhere(state, (i) => isCompletelyEmpty(state.board[i])) : []),
  bouraq: (state) => (state.palaceSupply > 0 ? tilesOfKind(state, 'village') : []),
  enki: (state) => (state.palmSupply > 0 ? tilesOfKind(state, 'oasis') : []),
  leta: (state, seat) => (state.players[seat].camels > 0 ? tilesWhere(state, (i) => isCompletelyEmpty(state.board[i])) : []),
  utug: (state, seat) =>
    state.players[seat].camels > 0
      ? tilesWhere(state, (i) => {
          const square = state.board[i];
          return square.camel === null && square.palms === 0 && square.palaces === 0 && total(square.meeples) > 0;
        })
      : [],
};

/** Untargeted powers, and whether they have anything to draw. */
const READY: Partial<Record<DjinnId, (state: State) => boolean>> = {
  sibittis: (state) => state.djinnDeck.length + state.djinnDiscard.length > 0,
  sloar: (state) => resourcesLeftToDraw(state) > 0,
};

export function turnPowerMoves(state: State, seat: Seat): UseDjinn[] {
  return state.players[seat].djinns
    .filter((djinn) => DJINNS[djinn].timing === 'turn')
    .flatMap((djinn) => {
      const payments = invocationPayments(state, seat, djinn);
      const targets = TARGETS[djinn];
      if (targets) {
        return targets(state, seat).flatMap((tile) => payments.map((pay) => ({ type: 'useDjinn' as const, djinn, pay, tile: toCoord(tile) })));
      }
      return READY[djinn]?.(state) ? payments.map((pay) => ({ type: 'useDjinn' as const, djinn, pay })) : [];
    });
}

/** Anun-Nak: three meeples from the bag, drawn at random (fewer if the bag runs short). */
function drawMeeplesOnto(ctx: Context, tile: number): void {
  const meeples = ctx.random.shuffle(expand(ctx.log.state.bag, COLORS)).slice(0, 3);
  ctx.log.push({ type: 'meeplesDrawn', seat: ctx.seat, tile, kind: tileAt(ctx.log.state, tile).kind, meeples });
}

export function useTurnPower(ctx: Context, move: UseDjinn, resume: ResumeStep): void {
  invoke(ctx, move.djinn, move.pay);
  const tile = move.tile ? toIndex(move.tile) : -1;
  switch (move.djinn) {
    case 'anunNak':
      return drawMeeplesOnto(ctx, tile);
    case 'bouraq':
      placeStructure(ctx, 'palace', tile, resume);
      return;
    case 'enki':
      placeStructure(ctx, 'palm', tile, resume);
      return;
    case 'leta':
    case 'utug':
      return placeCamel(ctx, tile);
    case 'sibittis':
      drawDjinns(ctx, 3, (djinns) => ({ type: 'sibittisDrawn', seat: ctx.seat, djinns, resume }));
      return;
    case 'sloar':
      drawResources(ctx, 1, (cards) => ({ type: 'cardsDrawn', seat: ctx.seat, cards }));
      return;
    default:
      throw new Error(`${move.djinn} is not invoked this way`);
  }
}

type SibittisStep = Extract<Step, { name: 'sibittis' }>;

export function keepDjinnMoves(step: SibittisStep): MoveOf<'keepDjinn'>[] {
  return step.drawn.map((djinn) => ({ type: 'keepDjinn', djinn }));
}

/** Sibittis: keep one of the drawn Djinns, discard the others. */
export function keepDjinn(ctx: Context, step: SibittisStep, djinn: DjinnId): void {
  gainDjinn(ctx, djinn, 'sibittis');
  const rest = step.drawn.filter((d) => d !== djinn);
  if (rest.length > 0) ctx.log.push({ type: 'djinnsDiscarded', djinns: rest });
  goTo(ctx, step.resume);
}
