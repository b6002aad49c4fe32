/**
 * A game's record: everything needed to check the game on another machine
 * with the rules code alone (verify-record.ts): the ruleset and its version,
 * options, seats, every event with its move, actor, time and hash, the
 * randomness, and the result. Pure: the service reads the game, this shapes
 * it for one reader.
 *
 * A finished game's record is whole and public. A running game's record is
 * made for one seated player: each event as that player may see it in the
 * game's history, without the server seed; an event of which anything is
 * hidden from the reader says so (`redacted`), and its hash cannot be
 * checked by the reader (the events around it still can).
 */
import type { StoredEvent } from '../event-store/event-store';
import type { BotLevel } from '../rules/bots';
import type { AnyRuleset, Viewer } from '../rules/contract';
import { jsonEqual } from '../rules/moves';
import { historyEntries } from '../play/history';
import { jumpsIn } from '../play/line-of-play';

export const RECORD_FORMAT = 'play-by-web game record, version 1';

export type RecordedStatus = 'LOBBY' | 'ACTIVE' | 'FINISHED' | 'EXPIRED';

export interface RecordEvent {
  seq: number;
  type: string;
  payload: Record<string, unknown>;
  /** The move exactly as its player submitted it (or what caused a change the server made), on the event it opened; else null. */
  move: unknown;
  actorSeat: number | null;
  actorUserId: string | null;
  /** ISO 8601, to the millisecond. */
  at: string;
  clientMoveId: string | null;
  stepStart: boolean;
  reversible: boolean;
  /**
   * The event's random salt, covered by its hash; null in a running game's
   * record where something of the event is hidden from its reader (the salt
   * would let them guess it from the hash), and on events stored before
   * events had salts (absent in records made before).
   */
  salt?: string | null;
  /** SHA-256 over the fields above and the previous event's hash (src/event-store/hash-chain.ts). */
  hash: string;
  /** Only in a running game's record: something of this event is hidden from its reader, so its hash cannot be checked. */
  redacted?: true;
}

export interface GameResultRecord {
  scores: number[] | null;
  winners: number[];
  detail: Record<string, unknown> | null;
}

export interface GameRecord {
  format: typeof RECORD_FORMAT;
  game: {
    id: string;
    ruleset: string;
    /** The version of the ruleset's rules the game was created under. */
    rulesetVersion: number;
    options: Record<string, unknown>;
    status: RecordedStatus;
    createdAt: string;
  };
  /** Who sat where (display names as the record was made), and the bot that played the seat at the end, if any. */
  seats: Array<{ seat: number; displayName: string | null; bot?: BotLevel }>;
  randomness: {
    /** SHA-256 of the server seed, public from the start. */
    commitment: string;
    /** Each seat's contribution, in seat order (null: none). */
    clientSeeds: (string | null)[];
    fixedSeed: boolean;
    /** Revealed when the game finished; null in a running game's record. */
    serverSeed: string | null;
  };
  events: RecordEvent[];
  /** Set once the game is finished. */
  result: GameResultRecord | null;
  /** The seat a running game's record was made for; null in a whole record. */
  madeFor: number | null;
}

export interface RecordSource {
  game: { id: string; ruleset: string; rulesetVersion: number; options: unknown; status: RecordedStatus; createdAt: Date; result: unknown };
  ruleset: AnyRuleset;
  events: StoredEvent[];
  seatNames: (string | null)[];
  /** The bot playing each seat as the record is made (null: none). */
  seatBots: (BotLevel | null)[];
  randomness: { commitment: string; clientSeeds: (string | null)[]; fixedSeed: boolean };
  /** The server seed, where this record may carry it: a finished game's, or for the server's own checks. */
  serverSeed: string | null;
  /** 'all' for a whole record; a seat for a running game's record made for that seat. */
  viewer: Viewer;
}

function wholeEvent(event: StoredEvent): RecordEvent {
  return {
    seq: event.seq,
    type: event.type,
    payload: event.payload,
    move: event.move ?? null,
    actorSeat: event.actorSeat,
    actorUserId: event.actorUserId,
    at: event.at.toISOString(),
    clientMoveId: event.clientMoveId,
    stepStart: event.stepStart,
    reversible: event.reversible,
    salt: event.salt ?? null,
    hash: event.hash,
  };
}

/** The events as `viewer` may read them in the game's history; another player's client move id is theirs alone. */
function eventsSeenBy(source: RecordSource, viewer: number): RecordEvent[] {
  const seen = historyEntries(source.ruleset, source.events, jumpsIn(source.events), source.events.length, viewer);
  return source.events.map((event, i) => {
    const whole = wholeEvent(event);
    const shown: RecordEvent = {
      ...whole,
      payload: seen[i].payload,
      move: seen[i].move ?? null,
      clientMoveId: event.actorSeat === viewer ? whole.clientMoveId : null,
    };
    const hidden = !jsonEqual(shown.payload, whole.payload) || !jsonEqual(shown.move, whole.move) || shown.clientMoveId !== whole.clientMoveId;
    return hidden ? { ...shown, salt: null, redacted: true } : shown;
  });
}

export function buildRecord(source: RecordSource): GameRecord {
  const { game, viewer } = source;
  const whole = viewer === 'all';
  if (!whole && typeof viewer !== 'number') throw new Error('a record is made whole, or for one seat');
  return {
    format: RECORD_FORMAT,
    game: {
      id: game.id,
      ruleset: game.ruleset,
      rulesetVersion: game.rulesetVersion,
      options: game.options as Record<string, unknown>,
      status: game.status,
      createdAt: game.createdAt.toISOString(),
    },
    seats: source.seatNames.map((displayName, seat) => {
      const bot = source.seatBots[seat];
      return bot ? { seat, displayName, bot } : { seat, displayName };
    }),
    randomness: { ...source.randomness, serverSeed: source.serverSeed },
    events: whole ? source.events.map(wholeEvent) : eventsSeenBy(source, viewer as number),
    result: game.status === 'FINISHED' ? (game.result as GameResultRecord) : null,
    madeFor: whole ? null : (viewer as number),
  };
}
