/**
 * Every event as one English sentence for the game's history and the "your
 * turn" mail (`Ruleset.describe`). The event is the one a viewer got from
 * `redact`, so a hidden gold amount or Sibittis draw is told without its value.
 */
import type { Seat } from '../../rules/contract';
import { count, listOf, tally } from '../../rules/text';
import { CARD_NAMES, type CardKind } from './data/cards';
import { DJINNS, type DjinnId } from './data/djinns';
import { TRIBE_NAMES, type Color } from './data/meeples';
import { STRUCTURE_NAMES } from './data/supply';
import { TILE_KINDS, type TileKind } from './data/tiles';
import { ZERO_AISLE_SPOT } from './data/track';
import type { EventOf, GoldReason, SeenEvent } from './events';
import { squareName } from './grid';

type SeatName = (seat: Seat) => string;

/** "the Oasis at C3"; only "C3" for an event stored before events carried the tile's kind. */
function tileName(tile: number, kind: TileKind | null | undefined): string {
  return kind ? `the ${TILE_KINDS[kind].name} at ${squareName(tile)}` : squareName(tile);
}

/** "white Elder": the colour players see, then the tribe. */
function meepleName(color: Color): string {
  return `${color} ${TRIBE_NAMES[color]}`;
}

/** "1 Ivory card and 2 Fish cards"; calling them cards keeps the Gold card apart from gold coins. */
function cardTally(cards: readonly CardKind[]): string {
  return tally(cards.map((kind) => `${CARD_NAMES[kind]} card`));
}

function djinnName(djinn: DjinnId): string {
  return DJINNS[djinn].name;
}

function djinnList(djinns: readonly DjinnId[]): string {
  return listOf(djinns.map(djinnName));
}

/** Where gold came from, after the amount: "Ann earned 4 gold with the Builders." */
const GOLD_SOURCES: Record<GoldReason, string> = {
  builders: 'with the Builders',
  market: 'at the market',
  sale: 'for the merchandise sold',
  baal: `from ${djinnName('baal')}`,
  marid: `from ${djinnName('marid')}`,
  monkir: `from ${djinnName('monkir')}`,
  nekir: `from ${djinnName('nekir')}`,
  kandicha: `from ${djinnName('kandicha')}`,
};

/** Only a market costs gold; every other reason pays the seat. Told without the amount when it is hidden. */
function describeGold(event: Extract<SeenEvent, { type: 'gold' }>, name: string): string {
  const source = GOLD_SOURCES[event.reason];
  if (!('amount' in event)) return `${name} ${event.reason === 'market' ? 'paid' : 'earned'} some gold ${source}.`;
  const verb = event.amount < 0 ? 'paid' : 'earned';
  return `${name} ${verb} ${Math.abs(event.amount)} gold ${source}.`;
}

function describeSetup(event: EventOf<'setup'>): string {
  const meeples = event.board.reduce((sum, square) => sum + square.meeples.length, 0);
  return (
    `The Sultanate was laid out with ${count(meeples, 'meeple')} on ${count(event.board.length, 'tile')}; ` +
    `the card row shows ${cardTally(event.resourceRow)}, and the Djinn row ${djinnList(event.djinnRow)}.`
  );
}

function describeBid(event: EventOf<'bid'>, name: string): string {
  const kumarbi = event.fakirs > 0 ? `, discarding ${count(event.fakirs, 'Fakir card')} with ${djinnName('kumarbi')}` : '';
  const spot = event.spot === ZERO_AISLE_SPOT ? 'the first zero spot' : `spot ${event.spot + 1}`;
  return `${name} bid ${event.cost} gold for ${spot} on the turn-order track${kumarbi}.`;
}

function describeCollected(event: EventOf<'meeplesCollected'>, name: string): string {
  const meeples = count(event.count, meepleName(event.color));
  const tile = tileName(event.tile, event.kind);
  return event.to === 'player' ? `${name} took ${meeples} from ${tile}.` : `${name} sent ${meeples} from ${tile} back to the bag.`;
}

function describeMeeplesDrawn(event: EventOf<'meeplesDrawn'>, name: string): string {
  return `${name} drew ${tally(event.meeples.map(meepleName))} from the bag onto ${tileName(event.tile, event.kind)}.`;
}

function describeKill(event: EventOf<'meepleKilled'>, seatName: SeatName): string {
  const where =
    event.tile !== null ? `on ${tileName(event.tile, event.kind)}` : `in front of ${event.victim === null ? 'an opponent' : seatName(event.victim)}`;
  const kept = event.keptByKiller ? ` and kept it, thanks to ${djinnName('kandicha')}` : '';
  return `${seatName(event.seat)} killed a ${meepleName(event.color)} ${where}${kept}.`;
}

function describeDjinnTaken(event: EventOf<'djinnTaken'>, name: string): string {
  const djinn = `the Djinn ${djinnName(event.djinn)} (${DJINNS[event.djinn].vp} VP)`;
  return event.from === 'row' ? `${name} took ${djinn} from the Djinn row.` : `${name} kept ${djinn} from the ${djinnName('sibittis')} draw.`;
}

/** The drawer sees which Djinns; everyone else only how many. */
function describeSibittisDraw(event: Extract<SeenEvent, { type: 'sibittisDrawn' }>, name: string): string {
  const drawn = 'djinns' in event ? `the Djinns ${djinnList(event.djinns)}` : `${count(event.count, 'Djinn')} face down`;
  return `${name} drew ${drawn} with ${djinnName('sibittis')}.`;
}

function describeRefill(event: EventOf<'rowsRefilled'>): string {
  const rows = [
    ...(event.resources.length > 0 ? [`the card row with ${cardTally(event.resources)}`] : []),
    ...(event.djinns.length > 0 ? [`the Djinn row with ${djinnList(event.djinns)}`] : []),
  ];
  return `Clean-up refilled ${listOf(rows)}.`;
}

/** Winners with their total, then everyone else from best to worst. */
function describeFinish(event: EventOf<'gameFinished'>, seatName: SeatName): string {
  const totalOf = (seat: Seat) => event.scores[seat].total;
  const winners = event.winners.map(seatName);
  const best = `${totalOf(event.winners[0])} VP`;
  const result = winners.length === 1 ? `${winners[0]} won with ${best}` : `${listOf(winners)} shared the victory with ${best}`;
  const others = event.scores
    .map((_, seat) => seat)
    .filter((seat) => !event.winners.includes(seat))
    .sort((a, b) => totalOf(b) - totalOf(a))
    .map((seat) => `${seatName(seat)} (${totalOf(seat)} VP)`);
  return `The game is over: ${result}${others.length > 0 ? `, ahead of ${listOf(others)}` : ''}.`;
}

export function describe(event: SeenEvent, seatName: SeatName): string | null {
  switch (event.type) {
    case 'setup':
      return describeSetup(event);
    case 'roundStarted':
      return `Round ${event.round} began with bidding for turn order.`;
    case 'bid':
      return describeBid(event, seatName(event.seat));
    case 'turnStarted':
      return `${seatName(event.seat)} began a turn.`;
    case 'step':
      // Only opens the next decision; the move that answers it is what a reader needs.
      return null;
    case 'pickedUp':
      return `${seatName(event.seat)} picked up the meeples on ${tileName(event.tile, event.kind)}.`;
    case 'dropped':
      return `${seatName(event.seat)} dropped a ${meepleName(event.color)} on ${tileName(event.tile, event.kind)}.`;
    case 'meeplesCollected':
      return describeCollected(event, seatName(event.seat));
    case 'tileCaptured':
      return `${seatName(event.seat)} took control of ${tileName(event.tile, event.kind)}.`;
    case 'endTriggered':
      return event.reason === 'lastCamel'
        ? `${seatName(event.seat)} placed the last camel: the game ends after this round.`
        : `${seatName(event.seat)} found no meeple that can move: the game ends after this round.`;
    case 'gold':
      return describeGold(event, seatName(event.seat));
    case 'rowCardsTaken':
      return `${seatName(event.seat)} took ${cardTally(event.cards)} from the card row.`;
    case 'cardsDrawn':
      return `${seatName(event.seat)} drew ${cardTally(event.cards)} from the draw pile.`;
    case 'resourcesReshuffled':
      return 'The discarded resource cards were shuffled into a new draw pile.';
    case 'djinnsReshuffled':
      return 'The discarded Djinns were shuffled into a new draw pile.';
    case 'fakirsDiscarded':
      return `${seatName(event.seat)} discarded ${count(event.count, 'Fakir card')}.`;
    case 'eldersSpent':
      return `${seatName(event.seat)} spent ${count(event.count, meepleName('white'))}.`;
    case 'merchandiseSold':
      return `${seatName(event.seat)} sold ${cardTally(event.kinds)}.`;
    case 'meepleKilled':
      return describeKill(event, seatName);
    case 'structurePlaced':
      return `${seatName(event.seat)} placed a ${STRUCTURE_NAMES[event.structure]} on ${tileName(event.tile, event.kind)}.`;
    case 'djinnTaken':
      return describeDjinnTaken(event, seatName(event.seat));
    case 'djinnUsed':
      return `${seatName(event.seat)} invoked ${djinnName(event.djinn)}.`;
    case 'buildersDoubled':
      return `With ${djinnName('echidna')}, the Builders earn ${seatName(event.seat)} double gold this turn.`;
    case 'meeplesDrawn':
      return describeMeeplesDrawn(event, seatName(event.seat));
    case 'sibittisDrawn':
      return describeSibittisDraw(event, seatName(event.seat));
    case 'djinnsDiscarded':
      return `The Djinns ${djinnList(event.djinns)} were discarded face up.`;
    case 'turnEnded':
      // The next line already tells it: the next player's turn, the clean-up, or the end of the game.
      return null;
    case 'rowsRefilled':
      return describeRefill(event);
    case 'gameFinished':
      return describeFinish(event, seatName);
    default:
      return untold(event);
  }
}

/** Makes the switch exhaustive: a new event type fails to compile above until it is told. */
function untold(_event: never): null {
  return null;
}
