/** Where each Five Tribes move is offered on the board, and its words. */
import { ZERO_AISLE_SPOT, type Coord, type FiveTribesMove, type FiveTribesView, type MeepleColor } from '@shared/five-tribes';
import type { NameOf } from '../game-ui';
import { aOrAn } from '../words';
import { cardName, djinn, tileName, TRIBES } from './names';

export const targets = {
  tile: ([row, col]: Coord) => `tile:${row},${col}`,
  trackSpot: (spot: number) => `spot:${spot}`,
  rowCard: (position: number) => `card:${position}`,
  rowDjinn: (id: string) => `djinn:${id}`,
};

/** The tile a move names, if it names one (a kill may name a seat instead, a Djinn nothing). */
const tileOf = (move: FiveTribesMove): Coord | undefined => ('tile' in move ? move.tile : undefined);

export function targetsOf(move: FiveTribesMove): string[] {
  const tile = tileOf(move);
  switch (move.type) {
    case 'pickUp':
    case 'drop':
    case 'place':
      return [targets.tile(move.tile)];
    case 'kill':
    case 'useDjinn':
      return tile ? [targets.tile(tile)] : [];
    case 'bid':
      return [targets.trackSpot(move.spot)];
    case 'buyCards':
      return move.positions.map(targets.rowCard);
    case 'takeDjinn':
      return [targets.rowDjinn(move.djinn)];
    default:
      return [];
  }
}

const payment = (pay: Extract<FiveTribesMove, { type: 'useDjinn' }>['pay']) => (pay === 'fakir' ? 'a Fakir' : 'an Elder');
const tribe = (color: MeepleColor) => TRIBES[color].name;

export function describeMove(move: FiveTribesMove, view: FiveTribesView, nameOf: NameOf): string {
  const tile = tileOf(move);
  const at = tile ? tileName(tile) : '';
  switch (move.type) {
    case 'bid': {
      // Kumarbi: each Fakir makes the bid one spot cheaper (down to the zero aisle).
      const fakirs = move.fakirs;
      const cost = view.turnTrack[Math.min(move.spot + fakirs, ZERO_AISLE_SPOT)]?.cost ?? 0;
      const kumarbi = fakirs > 0 ? ` with Kumarbi (${fakirs} ${fakirs === 1 ? 'Fakir' : 'Fakirs'})` : '';
      // A bidder who can afford no free spot is offered the cheapest and pays all they have (ruling in bidding.ts).
      const gold = view.players.find((player) => player.seat === view.bidTrack[0]?.seat)?.gold;
      if (gold !== undefined && gold < cost) return `Bid all your gold (${gold}) for spot ${move.spot + 1}${kumarbi}`;
      return `Bid ${cost} gold (spot ${move.spot + 1})${kumarbi}`;
    }
    case 'pickUp':
      return `Pick up the meeples on ${at}`;
    case 'drop':
      return `Drop ${aOrAn(tribe(move.color))} (${move.color}) on ${at}`;
    case 'builders':
      return move.fakirs > 0 ? `Builders with ${move.fakirs} extra Fakirs` : 'Collect for the Builders';
    case 'kill': {
      const fakirs = move.fakirs > 0 ? `, paying ${move.fakirs} Fakirs` : '';
      const where = 'tile' in move ? `on ${at}` : `in front of ${nameOf(move.seat)}`;
      return `Kill ${aOrAn(tribe(move.color))} ${where}${fakirs}`;
    }
    case 'skip':
      return 'Skip';
    case 'place':
      return `Place it on ${at}${move.pay ? ` (pay ${payment(move.pay)})` : ''}`;
    case 'buyCards': {
      const positions = move.positions;
      const cards = positions.map((p) => cardName(view.resourceRow[p])).join(' and ');
      // With an equal card elsewhere in the row, say which ones: two offers would read the same otherwise.
      const equalElsewhere = positions.some((p) => view.resourceRow.some((card, i) => !positions.includes(i) && card === view.resourceRow[p]));
      return equalElsewhere ? `Buy ${cards} (cards ${positions.map((p) => p + 1).join(' and ')} of the row)` : `Buy ${cards}`;
    }
    case 'takeDjinn':
      return `Take ${djinn(move.djinn).name}, paying ${move.pay === 'elder' ? '2 Elders' : 'an Elder and a Fakir'}`;
    case 'useDjinn':
      return `Use ${djinn(move.djinn).name}, paying ${payment(move.pay)}${at ? ` on ${at}` : ''}`;
    case 'keepDjinn':
      return `Keep ${djinn(move.djinn).name}`;
    case 'sell':
      return `Sell ${move.kinds.map(cardName).join(', ')}`;
    case 'endTurn':
      return 'End your turn';
  }
}
