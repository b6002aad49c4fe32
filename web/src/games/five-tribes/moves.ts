/** Where each Five Tribes move is offered on the board, and its words. */
import type { Move } from '../../api/json-fields';
import type { NameOf } from '../game-ui';
import { ZERO_AISLE_SPOT } from '../../../../src/games/five-tribes/data/track';
import { aOrAn } from '../words';
import { cardName, djinn, tileName, TRIBES } from './names';
import type { Coord, FiveTribesView, MeepleColor } from './view-types';

export const targets = {
  tile: ([row, col]: Coord) => `tile:${row},${col}`,
  trackSpot: (spot: number) => `spot:${spot}`,
  rowCard: (position: number) => `card:${position}`,
  rowDjinn: (id: string) => `djinn:${id}`,
};

export function targetsOf(move: Move): string[] {
  const tile = move.tile as Coord | undefined;
  switch (move.type) {
    case 'pickUp':
    case 'drop':
    case 'place':
      return [targets.tile(tile!)];
    case 'kill':
    case 'useDjinn':
      return tile ? [targets.tile(tile)] : [];
    case 'bid':
      return [targets.trackSpot(move.spot as number)];
    case 'buyCards':
      return (move.positions as number[]).map(targets.rowCard);
    case 'takeDjinn':
      return [targets.rowDjinn(move.djinn as string)];
    default:
      return [];
  }
}

const payment = (pay: unknown) => (pay === 'fakir' ? 'a Fakir' : pay === 'elder' ? 'an Elder' : '');
const tribe = (color: unknown) => TRIBES[color as MeepleColor]?.name ?? String(color);

export function describeMove(move: Move, view: FiveTribesView, nameOf: NameOf): string {
  const at = move.tile ? tileName(move.tile as Coord) : '';
  switch (move.type) {
    case 'bid': {
      // Kumarbi: each Fakir makes the bid one spot cheaper (down to the zero aisle).
      const fakirs = move.fakirs as number;
      const cost = view.turnTrack[Math.min((move.spot as number) + fakirs, ZERO_AISLE_SPOT)]?.cost ?? 0;
      const kumarbi = fakirs > 0 ? ` with Kumarbi (${fakirs} ${fakirs === 1 ? 'Fakir' : 'Fakirs'})` : '';
      // A bidder who can afford no free spot is offered the cheapest and pays all they have (ruling in bidding.ts).
      const gold = view.players.find((player) => player.seat === view.bidTrack[0]?.seat)?.gold;
      if (gold !== undefined && gold < cost) return `Bid all your gold (${gold}) for spot ${(move.spot as number) + 1}${kumarbi}`;
      return `Bid ${cost} gold (spot ${(move.spot as number) + 1})${kumarbi}`;
    }
    case 'pickUp':
      return `Pick up the meeples on ${at}`;
    case 'drop':
      return `Drop ${aOrAn(tribe(move.color))} (${move.color}) on ${at}`;
    case 'builders':
      return (move.fakirs as number) > 0 ? `Builders with ${move.fakirs} extra Fakirs` : 'Collect for the Builders';
    case 'kill': {
      const fakirs = (move.fakirs as number) > 0 ? `, paying ${move.fakirs} Fakirs` : '';
      const where = move.tile ? `on ${at}` : `in front of ${nameOf(move.seat as number)}`;
      return `Kill ${aOrAn(tribe(move.color))} ${where}${fakirs}`;
    }
    case 'skip':
      return 'Skip';
    case 'place':
      return `Place it on ${at}${move.pay ? ` (pay ${payment(move.pay)})` : ''}`;
    case 'buyCards': {
      const positions = move.positions as number[];
      const cards = positions.map((p) => cardName(view.resourceRow[p])).join(' and ');
      // With an equal card elsewhere in the row, say which ones: two offers would read the same otherwise.
      const equalElsewhere = positions.some((p) => view.resourceRow.some((card, i) => !positions.includes(i) && card === view.resourceRow[p]));
      return equalElsewhere ? `Buy ${cards} (cards ${positions.map((p) => p + 1).join(' and ')} of the row)` : `Buy ${cards}`;
    }
    case 'takeDjinn':
      return `Take ${djinn(move.djinn as string).name}, paying ${move.pay === 'elder' ? '2 Elders' : 'an Elder and a Fakir'}`;
    case 'useDjinn':
      return `Use ${djinn(move.djinn as string).name}, paying ${payment(move.pay)}${at ? ` on ${at}` : ''}`;
    case 'keepDjinn':
      return `Keep ${djinn(move.djinn as string).name}`;
    case 'sell':
      return `Sell ${(move.kinds as string[]).map(cardName).join(', ')}`;
    case 'endTurn':
      return 'End your turn';
    default:
      return move.type;
  }
}
