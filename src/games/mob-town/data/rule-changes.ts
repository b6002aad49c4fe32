/**
 * The vocabulary every variant card is written in. City cards, kept
 * professionals, landmarks and co-op roles each grant one of these rule
 * changes; `modifiers.ts` folds the ones in force into numbers the actions read.
 */
export type RuleChange =
  /** The Draw action draws this many cards. */
  | { kind: 'drawCount'; cards: number }
  /** Cash in takes this many lineup cards. */
  | { kind: 'cashInPicks'; cards: number }
  /** A cash card pays this much when taking over, clearing out or shutting down. */
  | { kind: 'cashValue'; value: number }
  /** The lineup is refilled to this many cards. */
  | { kind: 'lineupSize'; cards: number }
  /** Take-overs pay no connection cost. */
  | { kind: 'noConnectionCost' }
  /** Take-overs cost this much more (negative: less; never below 1). */
  | { kind: 'takeOverCost'; delta: number }
  /** Other players pay this much more to take over a property you control. */
  | { kind: 'defense'; surcharge: number }
  /** Each completed agenda scores this many points. */
  | { kind: 'agendaPoints'; points: number }
  /** Extra points at round end. */
  | { kind: 'roundBonus'; points: number }
  /** At round end, one extra point per property in your largest connected group. */
  | { kind: 'groupBonus' }
  /** Once per turn, before your action, you may draw this many cards. */
  | { kind: 'freeDraw'; cards: number }
  /** Co-op: Move goes up to this many property cards. */
  | { kind: 'moveRange'; steps: number }
  /** Co-op: the first card of a Clear Out removes this many extra tokens. */
  | { kind: 'clearOutBonus'; tokens: number }
  /** Co-op: Shut Down costs this much more (negative: less; never below 1). */
  | { kind: 'shutDownCost'; delta: number };
