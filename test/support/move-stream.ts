/**
 * Streams of moves for fault tests: each plays a counting game as fast as
 * the server answers, like a client should: every move has its own
 * clientMoveId, and a move refused with SERVICE_UNAVAILABLE is sent again,
 * unchanged, after a short wait (it may have been recorded before the
 * answer was lost: the same clientMoveId then returns the game). What the
 * server acknowledged is kept, to check that none of it was lost.
 */
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { gql, gqlOk, Player, registerPlayer } from './app';
import { startCountingGame } from './counting-api';

const RESEND_AFTER_MS = 100;

export interface MoveStream {
  gameId: string;
  /** clientMoveIds the server acknowledged, in order. */
  acknowledged: string[];
  /** Every error code it was answered with (SERVICE_UNAVAILABLE included), and network failures as NETWORK. */
  codes: string[];
  /** Each SERVICE_UNAVAILABLE's extensions.retryAfter. */
  retryAfters: unknown[];
  /** Moves sent whose answer never came (the connection failed): they may or may not have been recorded. */
  unanswered: string[];
  /** Stops after the move in hand; resolves once it stopped. */
  stop(): Promise<void>;
  /** Resolves once `count` more moves were acknowledged. */
  acknowledgedMore(count: number, timeoutMs?: number): Promise<void>;
}

export interface MoveStreamOptions {
  /** Give up at the first network failure (the server is gone) instead of trying again. */
  stopOnNetworkError?: boolean;
}

const SUBMIT = `mutation($id: ID!, $move: JSON!, $v: Int!, $cid: String) {
  submitMove(gameId: $id, move: $move, expectedVersion: $v, clientMoveId: $cid) { version activeSeats } }`;

/** A started two-seat counting game that does not end. */
export async function countingGame(url: string, name: string): Promise<{ gameId: string; players: Player[] }> {
  const players = await Promise.all([`${name}A`, `${name}B`].map((player) => registerPlayer(url, player)));
  const gameId = await startCountingGame(url, players, { options: { target: 10000000 }, seed: name });
  return { gameId, players };
}

export async function startMoveStream(url: string, name: string, options: MoveStreamOptions = {}): Promise<MoveStream> {
  const { gameId, players } = await countingGame(url, name);
  const state = await gqlOk<{ game: { version: number; activeSeats: number[] } }>(url, `query($id: ID!) { game(id: $id) { version activeSeats } }`, {
    id: gameId,
  });
  let { version, activeSeats } = state.game;
  let addedThisTurn = false;
  let stopped = false;
  const stream = { gameId, acknowledged: [] as string[], codes: [] as string[], retryAfters: [] as unknown[], unanswered: [] as string[] };
  let progress = () => {};
  const run = (async () => {
    while (!stopped) {
      const clientMoveId = randomUUID();
      const move = addedThisTurn ? { type: 'endTurn' } : { type: 'add', amount: 1 };
      const player = players[activeSeats[0]];
      // The same move until it is answered: acknowledged, or refused for good.
      for (;;) {
        let result;
        try {
          result = await gql<{ submitMove: { version: number; activeSeats: number[] } }>(
            url,
            SUBMIT,
            { id: gameId, move, v: version, cid: clientMoveId },
            player.token,
          );
        } catch {
          stream.codes.push('NETWORK');
          stream.unanswered.push(clientMoveId);
          if (options.stopOnNetworkError) return;
          await new Promise((resolve) => setTimeout(resolve, RESEND_AFTER_MS));
          continue;
        }
        const error = result.errors?.[0];
        if (!error) {
          stream.acknowledged.push(clientMoveId);
          ({ version, activeSeats } = result.data!.submitMove);
          addedThisTurn = !addedThisTurn;
          progress();
          break;
        }
        stream.codes.push(error.extensions?.code ?? 'NONE');
        if (error.extensions?.code !== 'SERVICE_UNAVAILABLE') throw new Error(`move refused: ${JSON.stringify(result.errors)}`);
        stream.retryAfters.push(error.extensions.retryAfter);
        await new Promise((resolve) => setTimeout(resolve, RESEND_AFTER_MS));
      }
    }
  })();
  return {
    ...stream,
    stop: async () => {
      stopped = true;
      await run;
    },
    acknowledgedMore: async (count, timeoutMs = 60_000) => {
      const target = stream.acknowledged.length + count;
      const deadline = Date.now() + timeoutMs;
      while (stream.acknowledged.length < target) {
        if (Date.now() > deadline) throw new Error(`only ${stream.acknowledged.length} of ${target} moves acknowledged; codes seen: ${stream.codes.join(',')}`);
        await Promise.race([new Promise<void>((resolve) => (progress = resolve)), new Promise((resolve) => setTimeout(resolve, 200)), run]);
      }
    },
  };
}

/** The clientMoveIds recorded in a game, in order. */
export async function recordedMoves(databaseUrl: string, gameId: string): Promise<string[]> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ client_move_id: string }>(
      'SELECT client_move_id FROM game_events WHERE game_id = $1 AND client_move_id IS NOT NULL ORDER BY seq',
      [gameId],
    );
    return rows.map((row) => row.client_move_id);
  } finally {
    await client.end();
  }
}

/** Every acknowledged move is recorded, once, in the order it was acknowledged. */
export async function expectNoneLost(databaseUrl: string, stream: MoveStream): Promise<void> {
  const recorded = await recordedMoves(databaseUrl, stream.gameId);
  const acknowledged = new Set(stream.acknowledged);
  expect(recorded.filter((id) => acknowledged.has(id))).toEqual(stream.acknowledged);
  expect(new Set(recorded).size).toBe(recorded.length);
}
