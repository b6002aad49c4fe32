/**
 * A server under comparison, as the load generator drives it: each serves
 * the counting game of two players over its own protocol, against a
 * database of its own on the same PostgreSQL.
 *
 * Every game is played the same way on both servers: the seat to play adds
 * 1, adds 2, then ends its turn (which draws it a secret card), and the
 * other seat does the same, so a turn is three moves and the counter never
 * reaches its target (10,000,000).
 *
 * A game is what the load generator knows of it (`GameRecord`); a `Lane`
 * is one client's connection, over which it moves whichever game it is
 * given, as a player's page moves any of their games over the one socket it
 * holds.
 */
import type { ServerProcess } from '../lib/environment';

export const TARGET = 10_000_000;

/** One turn's moves, in order. */
export const TURN = [{ type: 'add', amount: 1 }, { type: 'add', amount: 2 }, { type: 'endTurn' }] as const;
export type TurnMove = (typeof TURN)[number];

/** A game as the load generator knows it: updated by each acknowledged move. */
export interface GameRecord {
  readonly id: string;
  /** The game's version (this server) or state id (boardgame.io) in the latest acknowledgement. */
  version: number;
  /** The seat to play. */
  seat: number;
  /** Where the seat to play is in its turn (an index into TURN). */
  step: number;
  /** Moves the game has had. */
  moves: number;
  /** Each seat's credentials (boardgame.io's; this server's players are the contender's own). */
  readonly credentials: string[];
}

/** Where a game's next move goes after an acknowledgement: the next step, or the other seat's turn. */
export function advance(game: GameRecord, version: number, seat: number): void {
  game.version = version;
  game.seat = seat;
  game.step = (game.step + 1) % TURN.length;
  game.moves++;
}

/** A client's connection to its server. */
export interface Lane {
  /**
   * Readies the connection for `game`'s moves, as a client does when its
   * player opens the game (boardgame.io: syncs to it; this server: nothing).
   */
  follow(game: GameRecord): Promise<void>;
  /** Makes `game`'s next move; resolves once the server has acknowledged it to the mover. */
  move(game: GameRecord): Promise<void>;
  /** Called, synchronously, as each acknowledgement arrives: the crash test kills the server from it. */
  onAcknowledged?: () => void;
  close(): void;
}

export interface Contender {
  /** How the report names it. */
  readonly name: string;
  /** Its own database, where its transactions are counted. */
  readonly databaseUrl: string;
  /** The server process now running. */
  readonly server: ServerProcess;
  /** Creates, fills and starts a new game, ready for its first move. */
  newGame(): Promise<GameRecord>;
  /**
   * `count` started games of `fewest` to `most` moves, stored as the server
   * stores games it played (see each contender's clones): for the regimes
   * whose games have a past.
   */
  playedGames(count: number, fewest: number, most: number): Promise<GameRecord[]>;
  /** A new connection, as one client holds it. */
  openLane(): Promise<Lane>;
  /** The version the server holds for the game now, read back from it (after a restart: what it kept). */
  storedVersion(game: GameRecord): Promise<number>;
  /** Starts the server again on the same database (after a kill). */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

/** Rejects when `promise` takes longer than `ms`: boardgame.io answers a move it drops with silence. */
export function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms)));
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
