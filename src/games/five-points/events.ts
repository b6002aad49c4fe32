/**
 * Every event the game records. Events carry every random outcome, so
 * evolve.ts only applies them and never draws or decides.
 */
import type { Seat } from '../../rules/contract';
import type { BuildingId } from './data/buildings';
import type { MarkerId } from './data/markers';
import type { Color, NeighborhoodId } from './data/tiles';
import type { BuildingTurn, FinishReason, Task } from './state';

/** The choices that may be declined (see taskMoves). */
export type DeclinableTask = Extract<Task['kind'], 'relocateNeighborhood' | 'moveBuilding' | 'retrieveRabble' | 'smuggleRabble'>;

export type Event =
  // --- setup ---
  | {
      type: 'layoutDealt';
      startingSeat: Seat;
      tiles: { neighborhood: NeighborhoodId; color: Color; x: number; y: number }[];
    }
  /**
   * The buildings in play, shuffled and drawn face down for `seat`, the
   * starting player, to place. `buildings` is null in the copy shown to players.
   */
  | { type: 'buildingsDrawn'; seat: Seat; buildings: BuildingId[] | null }
  /**
   * `building` is null in the copy shown to players: it lies face down.
   * `seat` placed it; events stored when the server placed both at setup lack it.
   */
  | { type: 'buildingPlacedFaceDown'; building: BuildingId | null; neighborhood: NeighborhoodId; seat?: Seat }
  | { type: 'startingRabblePlaced'; placements: { seat: Seat; neighborhood: NeighborhoodId }[] }
  | { type: 'buildingsRevealed'; buildings: { building: BuildingId; neighborhood: NeighborhoodId }[] }
  // --- round and placement phase ---
  | { type: 'roundStarted'; round: number; startingSeat: Seat; markers: MarkerId[] }
  | { type: 'turnStarted'; seat: Seat; finalTurn: boolean }
  | { type: 'rabblePlaced'; seat: Seat; neighborhood: NeighborhoodId }
  /**
   * `marker` is the slot in the row, 0-3. `markerId` names the marker in that
   * slot so the event can be told in words; events stored before it lack it.
   */
  | { type: 'bidPlaced'; seat: Seat; marker: number; amount: number; markerId?: MarkerId }
  | { type: 'passed'; seat: Seat }
  /** Rabble each seat takes from boroughs to HQ for its passing position. */
  | { type: 'passRewardsTaken'; retrieved: number[] }
  // --- manipulation markers ---
  | { type: 'bidsSettled'; winners: (Seat | null)[] }
  /** `marker` is the slot; `markerId` as in `bidPlaced`. */
  | { type: 'markerResolved'; marker: number; seat: Seat | null; markerId?: MarkerId }
  // --- buildings ---
  | { type: 'buildingsPhaseBegan'; queue: BuildingTurn[] }
  | { type: 'buildingActivated'; building: BuildingId; seat: Seat }
  // --- choices granted by markers, buildings and tied elections ---
  | { type: 'taskAssigned'; task: Task }
  /** The seat chose not to use an optional effect (absent before it was recorded: a bare taskFinished). */
  | { type: 'taskDeclined'; seat: Seat; task: DeclinableTask }
  | { type: 'taskFinished' }
  | { type: 'neighborhoodPicked'; neighborhood: NeighborhoodId }
  | { type: 'neighborhoodMoved'; seat: Seat; neighborhood: NeighborhoodId; x: number; y: number }
  | { type: 'buildingMoved'; seat: Seat; building: BuildingId; neighborhood: NeighborhoodId }
  | { type: 'specialElectionCalled'; seat: Seat; neighborhood: NeighborhoodId }
  | { type: 'rabbleRetrieved'; seat: Seat; count: number }
  | { type: 'smuggledRabblePicked'; neighborhood: NeighborhoodId; owner: Seat }
  | { type: 'rabbleSmuggled'; seat: Seat; owner: Seat; from: NeighborhoodId; to: NeighborhoodId }
  | { type: 'electionCandidatePicked'; neighborhood: NeighborhoodId }
  // --- rewards ---
  | { type: 'controlMarkerGained'; seat: Seat; color: Color; reason: string }
  | { type: 'vpAwarded'; seat: Seat; vp: number; reason: string }
  // --- elections ---
  | { type: 'electionsPhaseBegan'; queue: NeighborhoodId[] }
  | { type: 'electionsScheduled'; neighborhoods: NeighborhoodId[] }
  | { type: 'electionSkipped'; neighborhood: NeighborhoodId }
  /** All rabble and bosses there go to the boroughs, then `bossesPlaced` each place one boss. */
  | { type: 'electionHeld'; neighborhood: NeighborhoodId; votes: number[]; winners: Seat[]; bossesPlaced: Seat[] }
  // --- end ---
  | { type: 'roundEnded'; retrieved: number[] }
  | { type: 'gameEnded'; reason: FinishReason; scores: number[]; winners: Seat[] };

export type EventType = Event['type'];
export type EventOf<T extends EventType> = Extract<Event, { type: T }>;
