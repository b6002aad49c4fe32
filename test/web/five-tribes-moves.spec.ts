/**
 * The words of the page's Five Tribes bid buttons (web/src/games/five-tribes/moves.ts):
 * what the bidder will really pay, including the ruling that a bidder who can
 * afford no free spot takes the cheapest one for all their gold; and card
 * purchases that equal cards in the row would make read alike.
 */
import type { FiveTribesView } from '../../src/games/five-tribes';
import { TURN_TRACK_COSTS } from '../../src/games/five-tribes/data/track';
import { describeMove } from '../../web/src/games/five-tribes/moves';

/** The bidding part of a view: Ann (seat 0) is to bid, and she can see her own gold only. */
function biddingView(annGold: number): FiveTribesView {
  return {
    bidTrack: [
      { marker: 0, seat: 0 },
      { marker: 1, seat: 1 },
    ],
    turnTrack: TURN_TRACK_COSTS.map((cost, spot) => ({ spot, cost, holder: null })),
    players: [{ seat: 0, gold: annGold }, { seat: 1 }],
  } as unknown as FiveTribesView;
}

const nameOf = (seat: number | null | undefined) => (seat === 0 ? 'Ann' : 'Bob');
const bid = (spot: number, fakirs = 0) => describeMove({ type: 'bid', spot, fakirs }, biddingView(4), nameOf);

describe('the Five Tribes bid buttons', () => {
  it('name the price of the spot, lowered by Kumarbi', () => {
    expect(bid(4)).toBe('Bid 3 gold (spot 5)');
    expect(bid(3, 1)).toBe('Bid 3 gold (spot 4) with Kumarbi (1 Fakir)');
    expect(bid(6)).toBe('Bid 0 gold (spot 7)');
  });

  it('say that a bidder who cannot afford the spot pays all their gold', () => {
    expect(describeMove({ type: 'bid', spot: 5, fakirs: 0 }, biddingView(0), nameOf)).toBe('Bid all your gold (0) for spot 6');
    expect(describeMove({ type: 'bid', spot: 3, fakirs: 0 }, biddingView(4), nameOf)).toBe('Bid all your gold (4) for spot 4');
    // Kumarbi bids of different Fakirs on one spot read differently, even at all the bidder's gold.
    expect(describeMove({ type: 'bid', spot: 0, fakirs: 1 }, biddingView(2), nameOf)).toBe('Bid all your gold (2) for spot 1 with Kumarbi (1 Fakir)');
  });
});

describe('the Five Tribes card purchases', () => {
  const row = ['wheat', 'fish', 'fakir', 'fakir', 'pottery'];
  const buy = (...positions: number[]) => describeMove({ type: 'buyCards', positions }, { resourceRow: row } as unknown as FiveTribesView, nameOf);

  it('name the cards, and where the row has equal ones, which', () => {
    expect(buy(0, 1)).toBe('Buy wheat and fish');
    expect(buy(1, 2)).toBe('Buy fish and fakir (cards 2 and 3 of the row)');
    expect(buy(1, 3)).toBe('Buy fish and fakir (cards 2 and 4 of the row)');
    expect(buy(2, 3)).toBe('Buy fakir and fakir');
  });
});
