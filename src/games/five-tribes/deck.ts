/**
 * Drawing from the face-down piles. The piles keep no order in the state, so
 * a draw is a random pick made in decide; an empty pile takes its discards back.
 */
import { CARD_KINDS, type CardKind } from './data/cards';
import type { DjinnId } from './data/djinns';
import { expand, total } from './counts';
import type { Event } from './events';
import type { Context } from './context';
import type { State } from './state';

/**
 * Draws up to `count` resource cards; `record` turns each batch into the event
 * that moves it. A batch ends where the pile runs out and is reshuffled.
 */
export function drawResources(ctx: Context, count: number, record: (cards: CardKind[]) => Event): number {
  let drawn = 0;
  while (drawn < count) {
    const { resourceDeck, resourceDiscard } = ctx.log.state;
    if (total(resourceDeck) === 0) {
      if (total(resourceDiscard) === 0) break;
      ctx.log.push({ type: 'resourcesReshuffled' });
      continue;
    }
    const batch = ctx.random.shuffle(expand(resourceDeck, CARD_KINDS)).slice(0, count - drawn);
    ctx.log.push(record(batch));
    drawn += batch.length;
  }
  return drawn;
}

export function drawDjinns(ctx: Context, count: number, record: (djinns: DjinnId[]) => Event): number {
  let drawn = 0;
  while (drawn < count) {
    const { djinnDeck, djinnDiscard } = ctx.log.state;
    if (djinnDeck.length === 0) {
      if (djinnDiscard.length === 0) break;
      ctx.log.push({ type: 'djinnsReshuffled' });
      continue;
    }
    const batch = ctx.random.shuffle(djinnDeck).slice(0, count - drawn);
    ctx.log.push(record(batch));
    drawn += batch.length;
  }
  return drawn;
}

export function resourcesLeftToDraw(state: State): number {
  return total(state.resourceDeck) + total(state.resourceDiscard);
}
