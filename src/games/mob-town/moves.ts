/** Every move a seat can send: one small decision each. Cells are `[row, col]`. */
import type { Card, CardType } from './data/deck';
import type { Cell } from './cells';

export type Move =
  | { type: 'chooseAgenda'; agenda: string }
  | { type: 'swapAgenda'; give: string; take: string }
  | { type: 'draw' }
  /** A landmark's once-per-turn free draw, before the action. */
  | { type: 'freeDraw'; cell: Cell }
  | { type: 'trade'; give: Card; take: CardType }
  | { type: 'cashIn' }
  /** Take one lineup card during a Cash in (or for the Smuggler). */
  | { type: 'pick'; card: Card }
  /** Start a take-over of `cell`; `via` lists the cards passed through (empty: no connection cost). */
  | { type: 'takeOver'; cell: Cell; via: Cell[] }
  /** Pay one card towards the cost under way. */
  | { type: 'pay'; card: Card }
  | { type: 'openLot'; property: string; cell: Cell }
  | { type: 'hire'; professional: string }
  /** Decline an optional step (a take-over after an open lot, a professional's action). */
  | { type: 'skip' }
  // co-op
  | { type: 'chooseRole'; role: string }
  | { type: 'placePawn'; cell: Cell }
  | { type: 'move'; cell: Cell }
  | { type: 'clearOut' }
  | { type: 'shutDown' }
  /** End a Clear Out before every token is gone. */
  | { type: 'stop' }
  /** Co-op: end the turn without using the remaining actions. */
  | { type: 'endTurn' };

export type MoveOf<T extends Move['type']> = Extract<Move, { type: T }>;

/** The actions of a co-op turn ("you can do any three of the following"), besides ending it. */
export const COOP_ACTIONS = ['draw', 'trade', 'cashIn', 'move', 'clearOut', 'shutDown'] as const;
export type CoopAction = (typeof COOP_ACTIONS)[number];

export const isCoopAction = (move: Move): move is MoveOf<CoopAction> => (COOP_ACTIONS as readonly string[]).includes(move.type);
