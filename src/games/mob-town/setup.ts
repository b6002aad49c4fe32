/**
 * Dealing a round: the property stack (10 + 1 per player; with Landmarks two
 * of them are landmarks) laid out by the arrow rule, the open lot, hands, the
 * lineup and (City cards) the round's city card. Co-op deals a smaller city,
 * no open lot and hands of 5. All randomness is recorded in the event.
 */
import type { Seat } from '../../rules/contract';
import type { Random } from '../../rules/random';
import { COOP } from './data/coop';
import { ROUND_DECK } from './data/deck';
import { LANDMARKS, LANDMARKS_PER_ROUND } from './data/landmarks';
import { PROPERTIES } from './data/properties';
import { GAME } from './data/rules';
import { layOutCity } from './city';
import { refillProfessionals } from './actions/hire';
import { seedMobActivity } from './coop/mob';
import type { EventOf, MobTownEvent } from './events';
import { lineupSize } from './modifiers';
import { isCoop, type State } from './state';
import { contextFor } from './context';

function cityStack(state: State, random: Random): { stack: string[]; openLot: string[] } {
  const properties = random.shuffle(PROPERTIES.map((p) => p.id));
  if (isCoop(state)) return { stack: properties.slice(0, COOP.citySize[state.options.coopStartingCity]), openLot: [] };
  const size = GAME.cityBase + state.seats;
  const landmarks = state.options.landmarks ? random.shuffle(LANDMARKS.map((l) => l.id)).slice(0, LANDMARKS_PER_ROUND) : [];
  const businesses = size - landmarks.length;
  return {
    stack: random.shuffle([...properties.slice(0, businesses), ...landmarks]),
    openLot: properties.slice(businesses, businesses + GAME.openLotSize),
  };
}

export function dealRound(state: State, random: Random, round: number, firstSeat: Seat, tiedForLast: Seat[]): EventOf<'roundStarted'> {
  const { stack, openLot } = cityStack(state, random);
  const cityCard = state.options.cityCards ? random.pick(state.cityCardDeck) : null;
  const handSize = isCoop(state) ? COOP.handSize : GAME.handSize;
  const deck = random.shuffle(ROUND_DECK);
  const hands = state.players.map((_, seat) => deck.slice(seat * handSize, (seat + 1) * handSize).sort());
  const dealt = state.seats * handSize;
  const lineupCards = lineupSize({ ...state, cityCard });
  return {
    type: 'roundStarted',
    round,
    city: layOutCity(stack),
    openLot,
    hands,
    handCounts: hands.map((h) => h.length),
    lineup: deck.slice(dealt, dealt + lineupCards),
    firstSeat,
    tiedForLast,
    cityCard,
  };
}

/** The whole starting position: round 1 (seat 0 starts), the professionals row, the mob's first moves. */
export function setupGame(state: State, random: Random): MobTownEvent[] {
  const ctx = contextFor(state, random);
  ctx.log.push(dealRound(state, random, 1, 0, []));
  if (state.professionals) refillProfessionals(ctx);
  if (isCoop(state)) seedMobActivity(ctx, COOP.initialActivities, !state.options.coopNoMasterCrimes);
  return ctx.log.events;
}
