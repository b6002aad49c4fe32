/** Five Points as the page draws it: its view and moves, and the names of its parts. */
export {
  BUILDINGS,
  neighborhoodName,
  type BuildingId,
  type BuildingView,
  type CityGrid,
  type DistrictColor,
  type FivePointsHoldings,
  type FivePointsMove,
  type FivePointsView,
  type MarkerView,
  type NeighborhoodId,
  type NeighborhoodView,
} from '../games/five-points';
