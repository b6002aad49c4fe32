/** Where each Five Points move is offered on the board, and its words. */
import type { FivePointsMove, FivePointsView } from '@shared/five-points';
import type { NameOf } from '../game-ui';
import { possessive } from '../words';
import { buildingName, neighborhoodName } from './names';

export const targets = {
  neighborhood: (id: string) => `hood:${id}`,
  emptyCell: (x: number, y: number) => `cell:${x},${y}`,
  marker: (index: number) => `marker:${index}`,
  supply: (color: string) => `supply:${color}`,
};

export function targetsOf(move: FivePointsMove): string[] {
  switch (move.type) {
    case 'placeBuilding':
    case 'place':
    case 'pickNeighborhood':
    case 'callSpecialElection':
    case 'chooseElection':
    case 'smuggleTo':
    case 'pickRabble':
    case 'moveBuilding':
      return [targets.neighborhood(move.neighborhood)];
    case 'placeNeighborhood':
      return [targets.emptyCell(move.x, move.y)];
    case 'bid':
      return [targets.marker(move.marker)];
    case 'takeControlMarker':
      return [targets.supply(move.color)];
    default:
      return [];
  }
}

export function describeMove(move: FivePointsMove, view: FivePointsView, nameOf: NameOf): string {
  const hood = 'neighborhood' in move ? neighborhoodName(move.neighborhood) : '';
  switch (move.type) {
    case 'placeBuilding':
      return `Place a face-down building on ${hood}`;
    case 'place':
      return `Place a rabble on ${hood}`;
    case 'pass':
      return 'Pass';
    case 'bid': {
      const marker = view.markers[move.marker];
      return `Bid ${move.amount} on “${marker?.name ?? `marker ${move.marker + 1}`}”`;
    }
    case 'skipBid':
      return 'No bid';
    case 'decline':
      return 'Decline';
    case 'pickNeighborhood':
      return `Move ${hood}`;
    case 'placeNeighborhood':
      return `Put it at this spot`;
    case 'moveBuilding':
      return `Move ${buildingName(move.building)} to ${hood}`;
    case 'takeControlMarker':
      return `Take a ${move.color} control marker`;
    case 'callSpecialElection':
      return `Special election in ${hood}`;
    case 'retrieveRabble':
      return `Retrieve ${move.count} rabble`;
    case 'pickRabble':
      return `Smuggle ${possessive(nameOf(move.owner))} rabble from ${hood}`;
    case 'smuggleTo':
      return `Smuggle it to ${hood}`;
    case 'chooseElection':
      return `Election in ${hood} next`;
  }
}
