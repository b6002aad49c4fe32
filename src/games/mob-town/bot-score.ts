/**
 * The GREEDY bot's evaluation (`botScore`), from the seat's view alone, in
 * points: a take-over is worth the property's value at the round's scoring
 * (twice when it is taken from a rival) less the cards it costs; drawing,
 * trading and cashing in are worth the cards they bring; paying spends the
 * card that wastes least. In co-op, shutting down and clearing out are what
 * score, so the pawn heads for the properties that allow them.
 */
import type { Seat } from '../../rules/contract';
import { cardValue, suitOf, typeOf } from './cards';
import { cellKey, type Cell, type CellKey } from './cells';
import type { Card } from './data/deck';
import type { Move } from './moves';
import type { CityLot, MobTownView } from './view';

/** A card in hand, in points: what the cards a take-over costs are worth. */
const CARD_POINTS = 0.7;
/** A briefcase left unused scores this at the end; spending one needs a reason. */
const BRIEFCASE_POINTS = 2;

function lotAt(view: MobTownView, cell: Cell | CellKey): CityLot | undefined {
  const key = typeof cell === 'string' ? cell : cellKey(cell);
  return view.city.cells.find((lot) => cellKey(lot.cell) === key);
}

/** Cards of each type in the lineup that a trade for `type` would bring. */
function lineupCount(view: MobTownView, type: string): number {
  return view.lineup.filter((card) => typeOf(card) === type).length;
}

/** What a card is worth to hold: its value, more when its suit pays for a property someone else holds or nobody does. */
function cardWorth(view: MobTownView, card: Card, seat: Seat): number {
  if (card === 'cash') return 2.5;
  const suit = suitOf(card);
  const useful = view.city.cells.some(
    (lot) => lot.controller !== seat && !lot.shutDown && (lot.card.suits === null || (suit !== null && lot.card.suits.includes(suit))),
  );
  return cardValue(card, 1) * 0.5 + (useful ? 0.5 : 0);
}

function takeOverScore(view: MobTownView, cell: Cell, via: Cell[], seat: Seat): number {
  const lot = lotAt(view, cell);
  if (!lot) return 0;
  const value = lot.card.value;
  const fromRival = lot.controller !== null && lot.controller !== seat ? value : 0;
  const cost = (value + lot.tokens.length) / 1.9 + via.length;
  return value + fromRival + 1 - cost * CARD_POINTS;
}

/** Paying: the card that pays the most of what is left without overpaying, cash last; connection cards the cheapest. */
function payScore(view: MobTownView, card: Card, seat: Seat): number {
  const step = view.turn?.step;
  const worth = cardWorth(view, card, seat);
  if (step?.kind !== 'pay' || step.costLeft <= 0) return -worth;
  const paid = card === 'cash' ? 1 : cardValue(card, 1);
  return Math.min(paid, step.costLeft) - Math.max(0, paid - step.costLeft) - worth;
}

/** Co-op: what standing on `cell` lets the pawn do next. */
function pawnCellWorth(view: MobTownView, cell: Cell): number {
  const lot = lotAt(view, cell);
  if (!lot || lot.shutDown) return 0;
  return lot.tokens.length > 0 ? 1 + lot.tokens.length * 0.5 : lot.card.value * 0.5;
}

function coopScore(view: MobTownView, move: Move, seat: Seat): number {
  switch (move.type) {
    case 'shutDown':
      return 20;
    case 'clearOut':
      return 6;
    case 'move':
    case 'placePawn':
      return pawnCellWorth(view, move.cell);
    case 'stop':
      return -1;
    case 'endTurn':
      return -5;
    case 'pay':
      return view.turn?.step.kind === 'clearOut' ? 2 - cardWorth(view, move.card, seat) : payScore(view, move.card, seat);
    default:
      return competitiveScore(view, move, seat);
  }
}

function competitiveScore(view: MobTownView, move: Move, seat: Seat): number {
  switch (move.type) {
    case 'draw':
      return 2 * CARD_POINTS;
    case 'freeDraw':
      return 2 * CARD_POINTS + 1;
    case 'trade':
      return lineupCount(view, move.take) * CARD_POINTS - cardWorth(view, move.give, seat) * CARD_POINTS;
    case 'cashIn':
      return (view.options.bigMoney ? 3 : 2) * CARD_POINTS + 0.3 - 2.5 * CARD_POINTS;
    case 'pick':
      return cardWorth(view, move.card, seat);
    case 'takeOver':
      return takeOverScore(view, move.cell, move.via, seat);
    case 'pay':
      return payScore(view, move.card, seat);
    case 'openLot':
    case 'hire':
      return -BRIEFCASE_POINTS + 0.5;
    case 'swapAgenda':
      return -1;
    default:
      return 0;
  }
}

/** How good `move` looks to `seat`, one step ahead. */
export function botScore(view: MobTownView, move: Move, seat: Seat): number {
  return view.mode === 'coop' ? coopScore(view, move, seat) : competitiveScore(view, move, seat);
}
