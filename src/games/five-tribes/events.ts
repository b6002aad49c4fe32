/**
 * Everything that can happen, as stored events. Every random outcome is
 * written into them. Tiles are addressed by index r * 6 + c, as in the state
 * (moves and views use [row, col]). Events naming a tile also carry its
 * `kind`, so that an event can be told in words without the board
 * (`describe`); events stored before it was added lack it.
 */
import type { Seat } from '../../rules/contract';
import type { CardKind, Merchandise } from './data/cards';
import type { DjinnId } from './data/djinns';
import type { TileKind } from './data/tiles';
import type { Color } from './data/meeples';
import type { Marker, ScoreBreakdown, Step, Structure } from './state';

export type GoldReason = 'builders' | 'market' | 'sale' | 'baal' | 'marid' | 'monkir' | 'nekir' | 'kandicha';

export type Event =
  | {
      type: 'setup';
      /** Tile id and meeples per square, index r * 6 + c. */
      board: { tile: number; meeples: Color[] }[];
      bidTrack: Marker[];
      resourceRow: CardKind[];
      djinnRow: DjinnId[];
    }
  | { type: 'roundStarted'; round: number }
  /** `cost` is public: it is printed on the track spot. */
  | { type: 'bid'; seat: Seat; marker: Marker; spot: number; cost: number; fakirs: number }
  | { type: 'turnStarted'; seat: Seat; marker: Marker }
  | { type: 'step'; step: Step }
  | { type: 'pickedUp'; seat: Seat; tile: number; kind: TileKind }
  | { type: 'dropped'; seat: Seat; tile: number; kind: TileKind; color: Color }
  /** Meeples of one colour leave a tile: to the player (Viziers, Elders) or to the bag. */
  | {
      type: 'meeplesCollected';
      seat: Seat;
      tile: number;
      kind: TileKind;
      color: Color;
      count: number;
      to: 'player' | 'bag';
    }
  | { type: 'tileCaptured'; seat: Seat; tile: number; kind: TileKind }
  | { type: 'endTriggered'; reason: 'lastCamel' | 'noMoves'; seat: Seat }
  /** Gold from or to the bank; `amount` is hidden from other seats. */
  | { type: 'gold'; seat: Seat; amount: number; reason: GoldReason }
  /** Cards taken from the face-up row, by position (0 = front); the rest close up. */
  | { type: 'rowCardsTaken'; seat: Seat; positions: number[]; cards: CardKind[] }
  /** Cards drawn from the face-down pile (Sloar, Kandicha). */
  | { type: 'cardsDrawn'; seat: Seat; cards: CardKind[] }
  | { type: 'resourcesReshuffled' }
  | { type: 'djinnsReshuffled' }
  | { type: 'fakirsDiscarded'; seat: Seat; count: number }
  | { type: 'eldersSpent'; seat: Seat; count: number }
  | { type: 'merchandiseSold'; seat: Seat; kinds: Merchandise[] }
  /** On a tile (`tile`, `kind`), or in front of an opponent (`victim`). */
  | {
      type: 'meepleKilled';
      seat: Seat;
      color: Color;
      tile: number | null;
      kind: TileKind | null;
      victim: Seat | null;
      keptByKiller: boolean;
    }
  | { type: 'structurePlaced'; seat: Seat; structure: Structure; tile: number; kind: TileKind }
  | { type: 'djinnTaken'; seat: Seat; djinn: DjinnId; from: 'row' | 'sibittis' }
  | { type: 'djinnUsed'; seat: Seat; djinn: DjinnId }
  | { type: 'buildersDoubled'; seat: Seat }
  | { type: 'meeplesDrawn'; seat: Seat; tile: number; kind: TileKind; meeples: Color[] }
  /** Sibittis: the drawn Djinns are seen by the drawing seat only until one is kept. */
  | { type: 'sibittisDrawn'; seat: Seat; djinns: DjinnId[]; resume: 'start' | 'end' }
  | { type: 'djinnsDiscarded'; djinns: DjinnId[] }
  | { type: 'turnEnded'; seat: Seat }
  | { type: 'rowsRefilled'; resources: CardKind[]; djinns: DjinnId[] }
  | { type: 'gameFinished'; scores: ScoreBreakdown[]; winners: Seat[] };

export type EventOf<T extends Event['type']> = Extract<Event, { type: T }>;

/**
 * An event as one viewer may see it (`redact` in view.ts): another seat's
 * gold amount is removed, and another seat's Sibittis draw is only counted.
 */
export type SeenEvent = Event | Omit<EventOf<'gold'>, 'amount'> | { type: 'sibittisDrawn'; seat: Seat; count: number; resume: 'start' | 'end' };
