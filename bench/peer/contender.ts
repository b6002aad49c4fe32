/**
 * A server under comparison, as the load generator drives it: each serves
 * the counting game of two players over its own protocol, against a
 * database of its own on the same PostgreSQL.
 *
 * Every game is played the same way on both servers: the seat to play adds
 * 1, adds 2, then ends its turn (which draws it a secret card), and the
 * other seat does the same, so a turn is three moves and the counter never
 * reaches its target (10,000,000).
 */
import type { ServerProcess } from '../lib/environment';

export const TARGET = 10_000_000;

/** One turn's moves, in order. */
export const TURN = [{ type: 'add', amount: 1 }, { type: 'add', amount: 2 }, { type: 'endTurn' }] as const;
export type TurnMove = (typeof TURN)[number];

export interface PlayedGame {
  /** Makes the game's next move; resolves once the server has acknowledged it to the mover. */
  move(): Promise<void>;
  /** The game's version (this server) or state id (boardgame.io) in the latest acknowledgement. */
  readonly acknowledgedVersion: number;
  /** The version the server holds for the game now, read back from it (after a restart: what it kept). */
  storedVersion(): Promise<number>;
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
  /** Creates, fills and starts a new game, connected and ready for its first move. */
  newGame(): Promise<PlayedGame>;
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
