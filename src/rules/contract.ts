/**
 * The rules contract: what a game must provide for the server to host it.
 *
 * A ruleset is pure TypeScript (no framework, no I/O, no clock). It follows
 * the decider pattern: `decide` turns a move into events, `evolve` folds one
 * event into the state, and everything a client sees is derived from the
 * folded state. The server stores only events; state is always rebuilt.
 */
import type { Random } from './random';

/** A seat index, 0-based, in the order players sat down. */
export type Seat = number;

/**
 * Who is looking. A seat sees its own hidden information, a spectator sees
 * only public information, and `'all'` sees everything (used for finished
 * games, whose full history is public for audit, and internally).
 */
export type Viewer = Seat | 'spectator' | 'all';

/** Every event a ruleset emits is a plain JSON object with a `type`. */
export interface RulesEvent {
  type: string;
  [key: string]: unknown;
}

/** Options chosen when a game is created, after defaults are applied. */
export type GameOptions = Record<string, boolean | number | string>;

/** What every kind of option has. */
interface OptionBase {
  key: string;
  label: string;
  /**
   * The option is part of the game only while another option has this value
   * (a variant of the competitive game, say, while the mode is competitive):
   * the page offers it only then, and a game set otherwise is refused.
   */
  onlyWhen?: { key: string; value: boolean | number | string };
}

/** One entry of a ruleset's option schema. */
export type OptionSpec =
  | (OptionBase & { type: 'boolean'; default: boolean })
  | (OptionBase & { type: 'integer'; default: number; min: number; max: number })
  | (OptionBase & {
      type: 'choice';
      default: string;
      choices: string[];
      /** Words for each choice, by choice (absent: the choice itself). */ choiceLabels?: Record<string, string>;
    });

export interface GameConfig {
  seats: number;
  options: GameOptions;
}

/** The outcome of `decide`: events to append, or a refusal a person can read. */
export type Decision<E extends RulesEvent> =
  | {
      ok: true;
      events: E[];
      /**
       * True when the acting seat may still take this step back: it drew no
       * randomness and revealed nothing hidden. Any step that is not
       * reversible seals every step before it.
       */
      reversible: boolean;
    }
  | { ok: false; code: RuleErrorCode; message: string };

export type RuleErrorCode = 'ILLEGAL_MOVE' | 'NOT_YOUR_TURN';

export interface GameStatus {
  /** A short machine-readable name of the current phase, e.g. `bidding`. */
  phase: string;
  /** Seats that may (and must) act now. Empty when finished. */
  activeSeats: Seat[];
  finished: boolean;
  /** Score per seat, when the game keeps one (index = seat). */
  scores?: number[];
  /** Seats that won (several on a shared victory). Set once finished. */
  winners?: Seat[];
  /**
   * Anything else worth showing as the result (tie-breaks, how it ended).
   * `categories`, once finished, is the score sheet the end screen shows.
   */
  detail?: { categories?: ScoreCategory[] } & Record<string, unknown>;
}

/** One line of a finished game's score sheet: the points each seat (index = seat) made in one category; the lines add up to `scores`. */
export interface ScoreCategory {
  label: string;
  points: number[];
}

/**
 * A game: `S` its folded state, `M` a move as `legalMoves` lists it, `E`
 * its events, `V` what `view` shows a viewer. The page reads the API's
 * `view` and `legalMoves` as `V` and `M`, imported from the game itself
 * (src/shared/).
 */
export interface Ruleset<S = unknown, M = unknown, E extends RulesEvent = RulesEvent, V = unknown> {
  /** Stable id used in the API and stored with every game (`five-tribes`). */
  id: string;
  name: string;
  /**
   * The version of the rules this code plays, from 1. Raise it with every
   * change that would decide a stored game differently (a rule fixed, an
   * event's shape changed): each game keeps the version it was created
   * under, and `npm run games:revalidate` replays live games under today's.
   */
  version: number;
  description: string;
  minSeats: number;
  maxSeats: number;
  options: OptionSpec[];

  /** The state before setup: knows seat count and options, nothing random yet. */
  initialState(config: GameConfig): S;
  /** Draws the starting position (shuffles, deals) and records it as events. */
  setup(state: S, random: Random): E[];
  /**
   * Validates an untrusted move by `seat` and returns the events it causes.
   * Every random outcome is drawn here from `random` and written into events.
   */
  decide(state: S, move: unknown, seat: Seat, random: Random): Decision<E>;
  /** Pure fold of one event. Must not modify `state`: return a new object. */
  evolve(state: S, event: E): S;
  /**
   * Every move `seat` may make now, complete and finite: each listed move is
   * accepted by `decide` exactly as listed, and nothing unlisted is.
   */
  legalMoves(state: S, seat: Seat): M[];
  /** What `viewer` may see of the state: no other seat's hidden information. */
  view(state: S, viewer: Viewer): V;
  /** The event as `viewer` may see it (hidden parts removed or masked). */
  redact(event: E, viewer: Viewer): RulesEvent;
  status(state: S): GameStatus;
  /**
   * One sentence a person reads in the game's history and in "your turn"
   * mail ("Ann took control of the Oasis at C3."), from the event as one
   * viewer may see it: already redacted, so hidden fields may be missing
   * or masked and must not be guessed at. `seatName` names a seat's
   * player. Null for bookkeeping no reader needs (a step marker whose
   * effect the next line tells).
   */
  describe(event: E, seatName: (seat: Seat) => string): string | null;
  /**
   * Optional, for correspondence play: the events that pass over `seat` when
   * its player ran out of time (a pass, a forced discard), so the others can
   * play on; null when the game cannot go on without that seat's own move
   * right now. The late turn only: where it ends in another turn of the
   * same seat, the skip stops there, and the server gives that turn a
   * deadline of its own (src/rules/pass-over.ts). A ruleset without it never has a seat skipped: the host
   * extends the deadline or ends the game instead.
   */
  skipTurn?(state: S, seat: Seat, random: Random): E[] | null;
  /**
   * Optional, beside a change of an event's shape: `event` as a game created
   * under `storedVersion` (older than `version`) stored it, in the shape this
   * version's `evolve` reads and `decide` writes. Stored events are never
   * rewritten: every fold of an older game, and every check of its record,
   * reads them through this.
   */
  upcast?(event: RulesEvent, storedVersion: number): RulesEvent;
  /**
   * Optional: which events begin a round, so that the history can name
   * each move's round ("Round 2 · Bob's turn · move 14"): an event of type
   * `startedBy` carries the new round's number in `round`; an event of type
   * `firstStartedBy`, if set, begins round 1 (a setup that deals it). A
   * game without rounds leaves it out, and its moves are only counted.
   */
  rounds?: { startedBy: E['type']; firstStartedBy?: E['type'] };
  /**
   * Optional, for the `GREEDY` bot (src/rules/bots.ts): how good `move` looks
   * to `seat` one step ahead, higher is better, judged from what that seat
   * sees (`view(state, seat)`) and nothing else. A ruleset without it can
   * have `RANDOM` bots only.
   */
  botScore?(view: V, move: M, seat: Seat): number;
}

/** Any ruleset, as the server holds them. */
export type AnyRuleset = Ruleset<any, any, any, any>;

export function accept<E extends RulesEvent>(events: E[], reversible = false): Decision<E> {
  return { ok: true, events, reversible };
}

export function refuse<E extends RulesEvent>(message: string, code: RuleErrorCode = 'ILLEGAL_MOVE'): Decision<E> {
  return { ok: false, code, message };
}
