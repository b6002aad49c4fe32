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
import type { Tx } from './tx';

function takeFromDeck(tx: Tx, count: number): { cards: Card[]; law: boolean } {
  let deck = tx.state.deck;
  const lawInDeck = tx.state.lawInDeck;
  const cards: Card[] = [];
  while (cards.length < count) {
    const remaining = deck.length + (lawInDeck ? 1 : 0);
    if (remaining === 0) break;
    if (lawInDeck && remaining <= LAW_DEPTH + 1 && tx.random.int(remaining) === 0) return { cards, law: true };
    const card = deck[tx.random.int(deck.length)];
    deck = without(deck, card);
    cards.push(card);
  }
  return { cards, law: false };
}

/** After a draw: the Law ends the round; in co-op an empty deck ends the game. */
function afterDraw(tx: Tx, seat: Seat, law: boolean): void {
  if (law) tx.emit({ type: 'lawDrawn', seat });
  if (isCoop(tx.state)) checkCoopEnd(tx);
}

/** `seat` draws `count` cards into hand, stopping at the Law. */
export function drawCards(tx: Tx, seat: Seat, count: number): void {
  const { cards, law } = takeFromDeck(tx, count);
  if (cards.length) tx.emit({ type: 'cardsDrawn', seat, count: cards.length, cards });
  afterDraw(tx, seat, law);
}

/** Refills the lineup to its size; `seat` (the active player) is the one who draws the Law if it comes up. */
export function refillLineup(tx: Tx, seat: Seat): void {
  const { cards, law } = takeFromDeck(tx, lineupSize(tx.state) - tx.state.lineup.length);
  if (cards.length) tx.emit({ type: 'lineupRefilled', cards });
  afterDraw(tx, seat, law);
}
