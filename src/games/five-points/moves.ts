/**
 * Every move a player can send. One small decision per move: a turn of
 * several choices (place, then bid) is several moves.
 */
import type { Seat } from '../../rules/contract';
import type { BuildingId } from './data/buildings';
import type { Color, NeighborhoodId } from './data/tiles';

export type Move =
  // setup: the starting player places each face-down building
  | { type: 'placeBuilding'; neighborhood: NeighborhoodId }
  // placement phase
  | { type: 'place'; neighborhood: NeighborhoodId }
  | { type: 'bid'; marker: number; amount: number }
  | { type: 'skipBid' }
  | { type: 'pass' }
  // choices from markers, buildings and tied elections
  | { type: 'decline' }
  | { type: 'pickNeighborhood'; neighborhood: NeighborhoodId }
  | { type: 'placeNeighborhood'; x: number; y: number }
  | { type: 'moveBuilding'; building: BuildingId; neighborhood: NeighborhoodId }
  | { type: 'takeControlMarker'; color: Color }
  | { type: 'callSpecialElection'; neighborhood: NeighborhoodId }
  | { type: 'retrieveRabble'; count: number }
  | { type: 'pickRabble'; neighborhood: NeighborhoodId; owner: Seat }
  | { type: 'smuggleTo'; neighborhood: NeighborhoodId }
  | { type: 'chooseElection'; neighborhood: NeighborhoodId };

export type MoveOf<T extends Move['type']> = Extract<Move, { type: T }>;
