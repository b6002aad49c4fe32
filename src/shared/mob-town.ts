/** Mob Town as the page draws it: its view and moves, cells, and the names of its cards. */
export {
  AGENDAS,
  LANDMARKS,
  PROFESSIONALS,
  PROPERTIES,
  ROLES,
  cellKey,
  type Card,
  type Cell,
  type CityLot,
  type CityView,
  type CoopView,
  type LotCardView,
  type MobTownHoldings,
  type MobTownMove,
  type MobTownView,
  type Owner,
} from '../games/mob-town';
