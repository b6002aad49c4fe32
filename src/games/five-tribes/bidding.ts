/** Bidding for turn order (rule 1), with the zero aisle and Kumarbi's discount. */
import type { Seat } from '../../rules/contract';
import { TURN_TRACK_COSTS, ZERO_AISLE_SPOT } from './data/track';
import type { Context } from './context';
import type { MoveOf } from './moves';
import type { Marker, State } from './state';

type Bid = MoveOf<'bid'>;

export function nextBidder(state: State): Marker | null {
  return state.bidTrack.length > 0 ? state.bidTrack[0] : null;
}

/** What a bid costs: Kumarbi's Fakirs each move the price one spot cheaper. */
function bidCost(spot: number, fakirs: number): number {
  return TURN_TRACK_COSTS[Math.min(spot + fakirs, ZERO_AISLE_SPOT)];
}

function freePaidSpots(state: State): number[] {
  return state.turnTrack.slice(0, ZERO_AISLE_SPOT).flatMap((marker, spot) => (marker === null ? [spot] : []));
}

function zeroAisleHasRoom(state: State): boolean {
  return state.turnTrack.slice(ZERO_AISLE_SPOT).some((marker) => marker === null);
}

/** Kumarbi: 1..n Fakirs, each making the bid one spot cheaper, down to free. */
function kumarbiBids(state: State, seat: Seat, spot: number): Bid[] {
  const player = state.players[seat];
  const most = Math.min(player.cards.fakir, ZERO_AISLE_SPOT - spot);
  return Array.from({ length: most }, (_, i) => i + 1)
    .filter((fakirs) => player.gold >= bidCost(spot, fakirs))
    .map((fakirs) => ({ type: 'bid', spot, fakirs }));
}

/** Kumarbi is owned, unused this round, and there is a Fakir to discard. */
function kumarbiReady(state: State, seat: Seat): boolean {
  const player = state.players[seat];
  return player.djinns.includes('kumarbi') && !player.djinnsUsed.includes('kumarbi') && player.cards.fakir > 0;
}

export function bidMoves(state: State, seat: Seat): Bid[] {
  const gold = state.players[seat].gold;
  const spots = freePaidSpots(state);
  const bids: Bid[] = spots.flatMap((spot) => [
    ...(gold >= TURN_TRACK_COSTS[spot] ? [{ type: 'bid' as const, spot, fakirs: 0 }] : []),
    ...(kumarbiReady(state, seat) ? kumarbiBids(state, seat, spot) : []),
  ]);
  if (zeroAisleHasRoom(state)) bids.push({ type: 'bid', spot: ZERO_AISLE_SPOT, fakirs: 0 });
  // Ruling: a player who can afford no free spot takes the cheapest one and pays all their gold.
  if (bids.length === 0) bids.push({ type: 'bid', spot: spots[spots.length - 1], fakirs: 0 });
  return bids;
}

export function placeBid(ctx: Context, marker: Marker, bid: Bid): void {
  const gold = ctx.log.state.players[ctx.seat].gold;
  const cost = Math.min(gold, bidCost(bid.spot, bid.fakirs));
  ctx.log.push({ type: 'bid', seat: ctx.seat, marker, spot: bid.spot, cost, fakirs: bid.fakirs });
}

/** Play order: best spot first; along the zero aisle, the last to bid zero plays first. */
export function playOrder(state: State): Marker[] {
  return state.turnTrack.filter((marker): marker is Marker => marker !== null);
}
