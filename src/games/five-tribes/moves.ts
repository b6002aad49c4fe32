/** The moves a seat can send. One small decision per move; a turn is several moves. */
import type { Merchandise } from './data/cards';
import type { DjinnId } from './data/djinns';
import type { Color } from './data/meeples';
import type { Coord } from './grid';

/** How the flexible part of a Djinn cost is paid: an Elder or a Fakir. */
export type Payment = 'elder' | 'fakir';

export type Move =
  /** Spot on the turn track (6 = the zero aisle); `fakirs` > 0 only with Kumarbi. */
  | { type: 'bid'; spot: number; fakirs: number }
  | { type: 'pickUp'; tile: Coord }
  | { type: 'drop'; tile: Coord; color: Color }
  /** Extra multiplier for Builders: Fakirs discarded. */
  | { type: 'builders'; fakirs: number }
  /** `fakirs`: extra range paid for this kill (the least needed). */
  | { type: 'kill'; tile: Coord; color: Color; fakirs: number }
  | { type: 'kill'; seat: number; color: Color; fakirs: number }
  /** Declines an optional action: a market, a Sacred Place, or an Assassin kill only Fakirs could reach. */
  | { type: 'skip' }
  /** Where the palm tree or palace goes; `pay` when Lamia or Hagis moves it to a neighbour. */
  | { type: 'place'; tile: Coord; pay?: Payment }
  /** Market purchase: positions in the resource row (0 = front), ascending. */
  | { type: 'buyCards'; positions: number[] }
  /** Sacred Place: `pay: 'elder'` = 2 Elders, `'fakir'` = 1 Elder + 1 Fakir. */
  | { type: 'takeDjinn'; djinn: DjinnId; pay: Payment }
  | { type: 'useDjinn'; djinn: DjinnId; pay: Payment; tile?: Coord }
  | { type: 'keepDjinn'; djinn: DjinnId }
  | { type: 'sell'; kinds: Merchandise[] }
  | { type: 'endTurn' };

export type MoveOf<T extends Move['type']> = Extract<Move, { type: T }>;
