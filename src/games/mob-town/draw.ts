/**
 * Drawing from the deck. The deck is kept without order: each card is drawn
 * at random from what remains. The Law lies uniformly among the bottom 11
 * cards (the bottom 10 with the Law shuffled in), so while 11 or fewer cards
 * remain, the next card is the Law with probability 1 / remaining, which is
 * exactly the chance a physical shuffle gives.
 */
import type { Seat } from '../../rules/contract';
import { LAW_DEPTH, type Card } from './data/deck';
import { without } from './cards';
import { checkCoopEnd } from './coop/end';
import { lineupSize } from './modifiers';
import { isCoop } from './state';
import type { Context } from './context';

function takeFromDeck(ctx: Context, count: number): { cards: Card[]; law: boolean } {
  let deck = ctx.log.state.deck;
  const lawInDeck = ctx.log.state.lawInDeck;
  const cards: Card[] = [];
  while (cards.length < count) {
    const remaining = deck.length + (lawInDeck ? 1 : 0);
    if (remaining === 0) break;
    if (lawInDeck && remaining <= LAW_DEPTH + 1 && ctx.random.int(remaining) === 0) return { cards, law: true };
    const card = deck[ctx.random.int(deck.length)];
    deck = without(deck, card);
    cards.push(card);
  }
  return { cards, law: false };
}

/** After a draw: the Law ends the round; in co-op an empty deck ends the game. */
function afterDraw(ctx: Context, seat: Seat, law: boolean): void {
  if (law) ctx.log.push({ type: 'lawDrawn', seat });
  if (isCoop(ctx.log.state)) checkCoopEnd(ctx);
}

/** `seat` draws `count` cards into hand, stopping at the Law. */
export function drawCards(ctx: Context, seat: Seat, count: number): void {
  const { cards, law } = takeFromDeck(ctx, count);
  if (cards.length) ctx.log.push({ type: 'cardsDrawn', seat, count: cards.length, cards });
  afterDraw(ctx, seat, law);
}

/** Refills the lineup to its size; `seat` (the active player) is the one who draws the Law if it comes up. */
export function refillLineup(ctx: Context, seat: Seat): void {
  const { cards, law } = takeFromDeck(ctx, lineupSize(ctx.log.state) - ctx.log.state.lineup.length);
  if (cards.length) ctx.log.push({ type: 'lineupRefilled', cards });
  afterDraw(ctx, seat, law);
}
