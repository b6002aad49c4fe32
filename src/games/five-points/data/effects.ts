/**
 * What a manipulation marker or a building does, as data. Markers and
 * buildings share these effects, so each effect is implemented once
 * (effects.ts) whichever component grants it.
 */
import type { Color } from './tiles';

export type Effect =
  /** +N votes in every election of this election phase. */
  | { kind: 'votes'; votes: number }
  /** +N votes in every election held in a neighborhood of this color. */
  | { kind: 'colorVotes'; color: Color; votes: number }
  /** +N votes in elections held in the neighborhood where the building stands. */
  | { kind: 'votesHere'; votes: number }
  /** +1 vote per own boss on the board, counted at each election. */
  | { kind: 'votesPerBoss' }
  /** Move one neighborhood tile (with everything on it); the layout stays connected. Optional. */
  | { kind: 'moveNeighborhood' }
  /** Move one building to another neighborhood. Optional. */
  | { kind: 'moveBuilding' }
  /** Take one control marker of a chosen color from the supply. */
  | { kind: 'takeControlMarker' }
  /** VP at once if the owner controls more neighborhoods of the color than anyone else. */
  | { kind: 'colorMajorityVp'; color: Color; vp: number }
  /** Choose a neighborhood for a special election, held before the normal ones. */
  | { kind: 'specialElection' }
  /** VP for each neighborhood the owner controls once the round's elections are over. */
  | { kind: 'vpPerControlledNeighborhood' }
  /** VP at once. */
  | { kind: 'vp'; vp: number }
  /** Optionally move up to N rabble from the boroughs to the HQ. */
  | { kind: 'retrieveRabble'; count: number }
  /** Optionally move 1 rabble per own boss on the board from the boroughs to the HQ. */
  | { kind: 'retrieveRabblePerBoss' }
  /** Optionally move one rabble of any player to a different neighborhood. */
  | { kind: 'smuggleRabble' }
  /** Nothing during the game; VP to whoever controls the building's neighborhood at the end. */
  | { kind: 'endGameVp'; vp: number };

export type EffectKind = Effect['kind'];
