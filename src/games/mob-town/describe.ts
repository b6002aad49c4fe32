/**
 * One English sentence per event, for the game's history and "your turn"
 * mail (`Ruleset.describe`). The event arrives as one viewer may see it
 * (`redact` in view.ts): another seat's drawn cards are missing, its dealt
 * hand and agendas are null, and then the sentence tells only what that
 * viewer may know (how many cards, that an agenda was chosen).
 *
 * Events recorded before they named the card in a cell, or the final
 * standings, are told without them ("a property", "Ann won").
 */
import type { Seat } from '../../rules/contract';
import { count, listOf, tally } from '../../rules/text';
import { AGENDAS } from './data/agendas';
import { CITY_CARDS } from './data/city-cards';
import { MASTER_CRIMES, MOB_ACTIVITIES, ROLES } from './data/coop';
import { CARD_NAMES, ROUND_DECK, type Card } from './data/deck';
import { PROFESSIONALS, type Grant } from './data/professionals';
import { BUSINESS_NAMES } from './data/properties';
import { GAME } from './data/rules';
import { cardValue, distinct, lotCard, suitOf } from './cards';
import type { EventOf, MobTownEvent, SkippableStep } from './events';
import type { SeatRoundScore } from './state';

type SeatName = (seat: Seat) => string;

/** Every case returns, so an event type without a case fails to compile (the function could end without a value). */
export function describe(event: MobTownEvent, seatName: SeatName): string | null {
  switch (event.type) {
    case 'roundStarted':
      return roundStarted(event, seatName);
    case 'professionalsRevealed':
      return `${listOf(event.professionals.map(professionalName))} joined the professionals for hire.`;
    case 'professionalsReshuffled':
      return 'The discarded professionals were shuffled into a new professionals deck.';
    case 'agendaChosen':
      return event.agenda ? `${seatName(event.seat)} chose the ${agendaName(event.agenda)} agenda.` : `${seatName(event.seat)} chose an agenda.`;
    case 'agendaSwapped':
      return event.returned && event.chosen
        ? `${seatName(event.seat)} swapped the ${agendaName(event.returned)} agenda for ${agendaName(event.chosen)}.`
        : `${seatName(event.seat)} swapped an agenda for another.`;
    case 'turnStarted':
      // Competitive turns are always one action; co-op turns say how many.
      return event.actions > 1 ? `${seatName(event.seat)}'s turn began, with ${count(event.actions, 'action')}.` : `${seatName(event.seat)}'s turn began.`;
    case 'stepBegan':
      // Null: a step marker (what to pay next, the next pick, the next co-op action); the move that follows tells what was done.
      return null;
    case 'grantTaken':
      return `A professional lets ${seatName(event.seat)} ${grantText(event.grant)}.`;
    case 'actionChosen':
      // Null: the action's own lines, right after, tell what it was.
      return null;
    case 'actionDone':
      // Null: the action's own lines told it; the next turn or action speaks for itself.
      return null;
    case 'turnEnded':
      // Null: the next line is the next turn (or, in co-op, the mob's card), which says as much.
      return null;
    case 'cardsDrawn':
      return `${seatName(event.seat)} drew ${event.cards ? cardList(event.cards) : count(event.count, 'card')}.`;
    case 'lawDrawn':
      return `${seatName(event.seat)} drew the Law, ending the round.`;
    case 'traded':
      return `${seatName(event.seat)} traded ${oneCard(event.gave)} for ${cardList(event.took)} from the lineup.`;
    case 'cashedIn':
      return `${seatName(event.seat)} discarded a cash card to cash in.`;
    case 'lineupCardTaken':
      return `${seatName(event.seat)} took ${oneCard(event.card)} from the lineup.`;
    case 'lineupRefilled':
      return `The lineup was refilled with ${cardList(event.cards)}.`;
    case 'cardPaid':
      return event.to === null
        ? `${seatName(event.seat)} paid ${oneCard(event.card)}.`
        : `${seatName(event.seat)} paid ${oneCard(event.card)} to ${seatName(event.to)} as connection cost.`;
    case 'tokenPlaced':
      return `${seatName(event.seat)} took over ${lotName(event.card)}.`;
    case 'briefcaseSpent':
      return `${seatName(event.seat)} spent a briefcase.`;
    case 'lotPlaced':
      return `${seatName(event.seat)} placed ${lotWithFacts(event.card)} from the open lot at the edge of the city.`;
    case 'openLotRefilled':
      return `The open lot was refilled with ${lotWithFacts(event.card)}.`;
    case 'professionalHired':
      return `${seatName(event.seat)} hired ${professionalName(event.professional)} — ${professional(event.professional).text}`;
    case 'freeDrawUsed':
      return `${seatName(event.seat)} used the free draw of ${lotName(event.card)}.`;
    case 'stepSkipped':
      return stepSkipped(event, seatName);
    case 'roundScored':
      return `Round ${event.round} was scored: ${event.results.map((result) => seatRoundScore(result, seatName)).join('; ')}.`;
    case 'gameEnded':
      return event.result.outcome ? coopEnded(event) : competitiveEnded(event, seatName);
    case 'roleChosen': {
      const role = ROLES.find((r) => r.id === event.role)!;
      return `${seatName(event.seat)} took the ${role.name} role — ${role.text}`;
    }
    case 'pawnPlaced':
      return `${seatName(event.seat)}'s pawn starts on ${lotName(event.card)}.`;
    case 'pawnMoved':
      return `${seatName(event.seat)} moved to ${lotName(event.card)}.`;
    case 'tokensCleared':
      return `${seatName(event.seat)} cleared ${count(event.count, 'family token')} off ${lotName(event.card)}.`;
    case 'propertyShutDown':
      return `${seatName(event.seat)} shut down ${lotName(event.card)}, scoring ${count(event.points, 'point')} on the players' track.`;
    case 'businessExpanded':
      return `The mob expanded its business: ${lotWithFacts(event.card)} joined the city.`;
    case 'mobActivityDrawn':
      return mobCardDrawn(event.card);
    case 'mobDeckReshuffled':
      return 'The mob activity discard pile was shuffled into a new mob activity deck.';
    case 'masterCrimesShuffledIn':
      return `The master crimes ${listOf(event.crimes.map(crimeName))} were shuffled into the mob activity deck.`;
    case 'mobTokenPlaced':
      return `The mob put a family token on ${lotName(event.card)}.`;
    case 'mobBossAdvanced':
      return `The mob boss track advanced ${count(event.spaces, 'space')}.`;
  }
}

// --- names ---

/** `Rat (2)` or `Rats (2)`; `cash card` or `cash cards`. */
function cardName(card: Card, number: 'one' | 'many'): string {
  if (card === 'cash' || card === 'law') return CARD_NAMES[card][number];
  return `${CARD_NAMES[suitOf(card)!][number]} (${cardValue(card, 1)})`;
}

/** `a Rat (2)`, `a cash card` (no name starts with a vowel). */
const oneCard = (card: Card) => `a ${cardName(card, 'one')}`;

/** Each draw card's singular name to its plural, for `tally`. */
const PLURALS = new Map(distinct(ROUND_DECK).map((card) => [cardName(card, 'one'), cardName(card, 'many')]));

/** `2 Rats (1), 1 Fox (3) and 1 cash card`. */
const cardList = (cards: readonly Card[]) =>
  tally(
    cards.map((card) => cardName(card, 'one')),
    (one) => PLURALS.get(one)!,
  );

/** `the Harbor Hotel`; `a property` for an event recorded before it named the card. */
const lotName = (id: string | undefined) => (id ? `the ${lotCard(id).name}` : 'a property');

/** `the Harbor Hotel (a Hotel worth 3)`, for a card the reader has not seen in the city yet. */
function lotWithFacts(id: string): string {
  const card = lotCard(id);
  const kind = card.business ? BUSINESS_NAMES[card.business].one : 'Landmark';
  return `the ${card.name} (a ${kind} worth ${card.value})`;
}

const agendaName = (id: string) => AGENDAS.find((a) => a.id === id)!.name;
const professional = (id: string) => PROFESSIONALS.find((p) => p.id === id)!;
const professionalName = (id: string) => professional(id).name;
const crimeName = (id: string) => MASTER_CRIMES.find((c) => c.id === id)!.name;

// --- longer sentences ---

function grantText(grant: Grant): string {
  switch (grant.action) {
    case 'draw':
      return `draw ${count(grant.cards, 'card')}`;
    case 'pick':
      return `take ${count(grant.cards, 'card')} from the lineup`;
    case 'trade':
      return 'trade';
    case 'openLot':
      return 'place an open-lot property without spending a briefcase';
    case 'takeOver': {
      const ignored = [...(grant.ignoreConnection ? ['connection cost'] : []), ...(grant.ignoreTokens ? ['the tokens already on it'] : [])];
      return ignored.length ? `take over a property ignoring ${listOf(ignored)}` : 'take over a property';
    }
  }
}

/** What each step that may be left undone would have done, after "chose not to" or "could not". */
const SKIPPED_STEPS: Record<SkippableStep, string> = {
  pick: 'take a card from the lineup',
  trade: 'trade',
  openLot: 'place a card from the open lot',
  takeOver: 'take over a property',
};

function stepSkipped(event: EventOf<'stepSkipped'>, seatName: SeatName): string {
  // Events stored before the step was recorded say only that the seat passed.
  if (!event.step) return `${seatName(event.seat)} passed.`;
  return `${seatName(event.seat)} ${event.declined ? 'chose not to' : 'could not'} ${SKIPPED_STEPS[event.step]}.`;
}

/** The deal, who starts and why, each hand as far as it is visible, and the round's city card. */
function roundStarted(event: EventOf<'roundStarted'>, seatName: SeatName): string {
  const landmarks = event.city.map((c) => lotCard(c.card)).filter((card) => card.business === null);
  const parts = [
    `${count(event.city.length, 'card')} in the city${landmarks.length ? `, among them ${listOf(landmarks.map((l) => `the ${l.name}`))}` : ''}`,
    // Co-op deals no open lot.
    ...(event.openLot.length ? [`the open lot offers ${listOf(event.openLot.map(lotWithFacts))}`] : []),
    `the lineup shows ${cardList(event.lineup)}`,
    event.tiedForLast.length
      ? `${seatName(event.firstSeat)} starts, drawn at random among ${listOf(event.tiedForLast.map(seatName))}, tied for last`
      : `${seatName(event.firstSeat)} starts`,
    ...event.hands.map((hand, seat) => `${seatName(seat)} was dealt ${hand ? cardList(hand) : count(event.handCounts[seat], 'card')}`),
  ];
  const cityCard = CITY_CARDS.find((c) => c.id === event.cityCard);
  // The city card's text is a sentence of its own, so it closes this one.
  const ending = cityCard ? `; the city card is ${cityCard.name} — ${cityCard.text}` : '.';
  return `Round ${event.round} began: ${parts.join('; ')}${ending}`;
}

/** `Ann 15 points (9 for properties, 3 for Most Hotels, 3 bonus points, missed Most Theaters)`. */
function seatRoundScore(result: SeatRoundScore, seatName: SeatName): string {
  const achieved = result.agendas.filter((a) => a.achieved).map((a) => agendaName(a.agenda));
  const missed = result.agendas.filter((a) => !a.achieved).map((a) => agendaName(a.agenda));
  const parts = [
    `${result.properties} for properties`,
    ...(achieved.length ? [`${result.agendaPoints} for ${listOf(achieved)}`] : []),
    ...(result.bonus ? [count(result.bonus, 'bonus point')] : []),
    ...(missed.length ? [`missed ${listOf(missed)}`] : []),
  ];
  return `${seatName(result.seat)} ${count(result.total, 'point')} (${parts.join(', ')})`;
}

/** The winners with their score, everyone else by rank, and what unspent briefcases added. */
function competitiveEnded(event: EventOf<'gameEnded'>, seatName: SeatName): string {
  const winners = listOf(event.result.winners.map(seatName));
  const shared = event.result.winners.length > 1;
  const scores = event.scores;
  if (!scores) return `The game is over: ${winners} ${shared ? 'shared the victory' : 'won'}.`;
  const top = count(scores[event.result.winners[0]], 'point');
  const others = scores
    .map((score, seat) => ({ score, seat }))
    .filter(({ seat }) => !event.result.winners.includes(seat))
    .sort((a, b) => b.score - a.score)
    .map(({ score, seat }) => `${seatName(seat)} with ${score}`);
  const briefcases = event.briefcasePoints.flatMap((points, seat) => (points ? [`${seatName(seat)} ${points}`] : []));
  return (
    `The game is over: ${winners} ${shared ? `shared the victory with ${top} each` : `won with ${top}`}` +
    (others.length ? `, ahead of ${listOf(others)}` : '') +
    (briefcases.length ? `; unspent briefcases, ${GAME.pointsPerBriefcase} points each, added ${listOf(briefcases)}` : '') +
    '.'
  );
}

/** Won or lost together, where both tracks ended, and why. */
function coopEnded(event: EventOf<'gameEnded'>): string {
  const { outcome, reason } = event.result;
  const tracks = event.tracks ? ` with ${count(event.tracks.lawScore, 'point')} on the players' track and the mob boss at ${event.tracks.mobBoss}` : '';
  // The recorded reason is a whole sentence ("The mob boss track reached 8."); it closes this one.
  const why = reason ? `: ${reason.charAt(0).toLowerCase()}${reason.slice(1)}` : '.';
  return `The players ${outcome === 'won' ? 'won' : 'lost'} together${tracks}${why}`;
}

/** A mob activity card names what gains tokens; a master crime is named with its text. */
function mobCardDrawn(id: string): string {
  const activity = MOB_ACTIVITIES.find((a) => a.id === id);
  if (activity) return `The mob drew a mob activity card — ${activity.text}`;
  const crime = MASTER_CRIMES.find((c) => c.id === id)!;
  return `The mob drew the master crime ${crime.name} — ${crime.text}`;
}
