/**
 * Where a player makes each hosted game's moves on the page: the board
 * targets (`data-target`) a click on which makes a move (none: a button of
 * the move bar), and the few moves made otherwise. Shared by every page
 * test that plays these games by clicks (the full-game specs, and the games
 * against bots).
 */
import type { Page } from 'playwright-core';
import type { FivePointsMove } from '../../src/games/five-points';
import type { Move as FiveTribesMove } from '../../src/games/five-tribes/moves';
import type { MobTownView } from '../../src/games/mob-town';
import type { Move as RulesMobTownMove } from '../../src/games/mob-town/moves';
import { describeMove } from '../../web/src/games/mob-town/moves';
import { clickMove, type Way } from './browser';

/** Five Points (web/src/games/five-points): neighborhoods, cells of the map, markers and the supply. */
export function fivePointsTargets(move: FivePointsMove): string[] {
  switch (move.type) {
    case 'placeBuilding':
    case 'place':
    case 'pickNeighborhood':
    case 'moveBuilding':
    case 'callSpecialElection':
    case 'pickRabble':
    case 'smuggleTo':
    case 'chooseElection':
      return [`hood:${move.neighborhood}`];
    case 'placeNeighborhood':
      return [`cell:${move.x},${move.y}`];
    case 'bid':
      return [`marker:${move.marker}`];
    case 'takeControlMarker':
      return [`supply:${move.color}`];
    case 'pass':
    case 'skipBid':
    case 'decline':
    case 'retrieveRabble':
      return [];
  }
}

/** Five Tribes (web/src/games/five-tribes/moves.ts): tiles, turn-order spots, cards and Djinns. Sales are made with the sale form. */
export function fiveTribesTargets(move: FiveTribesMove): string[] {
  const tile = (coord: [number, number]) => `tile:${coord[0]},${coord[1]}`;
  switch (move.type) {
    case 'bid':
      return [`spot:${move.spot}`];
    case 'pickUp':
    case 'drop':
    case 'place':
      return [tile(move.tile)];
    case 'kill':
      return 'tile' in move ? [tile(move.tile)] : [];
    case 'useDjinn':
      return move.tile ? [tile(move.tile)] : [];
    case 'buyCards':
      return move.positions.map((position) => `card:${position}`);
    case 'takeDjinn':
      return [`djinn:${move.djinn}`];
    default:
      return [];
  }
}

/** The Five Tribes moves the board and the move bar offer: all but sales. */
export const fiveTribesBoardMoves = (moves: FiveTribesMove[]) => moves.filter((m) => m.type !== 'sell');

/** The sale form's label for a kind of card ("gold" is the coins, so the Gold card is named apart). */
const cardLabel = (kind: string) => (kind === 'bullion' ? 'gold (card)' : kind);

/** Makes `move`, one of `moves` (the mover's legal moves), on the page: a sale with the sale form, any other by clicks. Returns how. */
export async function makeFiveTribesMove(page: Page, move: FiveTribesMove, moves: FiveTribesMove[], pick: (n: number) => number): Promise<Way | 'form'> {
  if (move.type === 'sell') {
    const form = page.locator('.sale-form');
    for (const box of await form.locator('input[type="checkbox"]').all()) await box.uncheck();
    for (const kind of move.kinds) await form.getByLabel(cardLabel(kind), { exact: true }).check();
    await form.getByRole('button', { name: new RegExp(`^Sell ${move.kinds.length} for \\d+ gold$`) }).click();
    return 'form';
  }
  // A pair of cards glows on both cards: either click makes it.
  return clickMove(page, move, fiveTribesBoardMoves(moves), fiveTribesTargets, pick);
}

/** A Mob Town move as the API lists it (the game's own JSON: web/src/games/registry.ts reads it so). */
export type MobTownMove = { type: RulesMobTownMove['type']; [key: string]: unknown };

/** Mob Town (web/src/games/mob-town): the deck, the city's cells and lots, cards in hand, the lineup, professionals and agendas. */
export function mobTownTargets(move: MobTownMove): string[] {
  const cell = () => `cell:${(move.cell as number[]).join(',')}`;
  switch (move.type) {
    case 'draw':
      return ['deck'];
    case 'freeDraw':
    case 'takeOver':
    case 'placePawn':
    case 'move':
      return [cell()];
    case 'openLot':
      return [`lot:${move.property}`, cell()];
    case 'trade':
      return [`hand:${move.give}`];
    case 'pay':
      return [`hand:${move.card}`];
    case 'pick':
      return [`lineup:${move.card}`];
    case 'hire':
      return [`pro:${move.professional}`];
    case 'swapAgenda':
      return [`agenda:${move.give}`];
    default:
      return [];
  }
}

/** The page's own words for a Mob Town move, which tell its buttons and choices apart, as the mover's `view` shows them. */
export const mobTownWords = (view: MobTownView) => (move: MobTownMove) => describeMove(move as RulesMobTownMove, view, () => '');
