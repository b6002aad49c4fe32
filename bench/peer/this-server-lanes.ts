/**
 * This server's clients, as the load generator drives them: the page's own
 * `SubmitMove` (web/src/api/operations/, with a client move id, as
 * web/src/play/play-area.tsx sends it), which brings the history entries
 * the move added, as boardgame.io's answer brings the move's log entries.
 * It travels over one of two transports (`Transport`):
 * - `socket`: the page's graphql-ws socket, one per player, opened once
 *   with the player's token and kept, as the page keeps it;
 * - `http`: a POST per move on a keep-alive connection, as a client without
 *   a socket sends it (lighter for the load generator than fetch).
 */
import { createClient, type Client as SocketClient } from 'graphql-ws';
import { Agent, request } from 'node:http';
import { getOperationAST, print } from 'graphql';
import WebSocket from 'ws';
import { SubmitMoveDocument } from '../../web/src/api/generated';
import { advance, GameRecord, Lane, TURN } from './contender';

export type Transport = 'socket' | 'http';

const PAGE_SUBMIT = print(SubmitMoveDocument);
const PAGE_SUBMIT_NAME = getOperationAST(SubmitMoveDocument)!.name!.value;

/** What the page sends of an operation (web/src/api/client.ts, over either transport). */
interface Operation {
  query: string;
  operationName: string;
  variables: Record<string, unknown>;
}

/** Sends one operation as the player of `seat`; resolves with its data, rejects on any error. */
type Send = (operation: Operation, seat: number) => Promise<any>;

function refused(text: string): Error {
  return new Error(text.slice(0, 300));
}

/** GraphQL over one keep-alive HTTP connection. */
function httpSender(url: string, tokens: string[]): { send: Send; close(): void } {
  // The server closes idle connections after 5 s; dropping them sooner keeps a request from racing that close.
  const agent = new Agent({ keepAlive: true, maxSockets: 1, timeout: 4000 });
  const send: Send = (operation, seat) => {
    const body = JSON.stringify(operation);
    return new Promise((resolve, reject) => {
      const sent = request(
        url,
        {
          method: 'POST',
          agent,
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), authorization: `Bearer ${tokens[seat]}` },
        },
        (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk) => (text += chunk));
          response.on('end', () => {
            const answer = JSON.parse(text) as { data?: any; errors?: unknown[] };
            if (answer.errors || response.statusCode !== 200) reject(refused(`${response.statusCode}: ${text}`));
            else resolve(answer.data);
          });
        },
      );
      sent.on('error', reject);
      sent.end(body);
    });
  };
  return { send, close: () => agent.destroy() };
}

let lanesOpened = 0;

/**
 * A loopback address of the lane's own (127.0.x.y), as each player's page
 * comes from an address of its own: the server holds at most 50 sockets
 * per address (src/api/sockets-per-address.ts), fewer than a run's lanes.
 */
function laneAddress(): string {
  const lane = lanesOpened++;
  return `127.0.${1 + Math.floor(lane / 250)}.${1 + (lane % 250)}`;
}

/** ws's WebSocket, connecting from `localAddress`. */
function webSocketFrom(localAddress: string) {
  return class extends WebSocket {
    constructor(address: string, protocols?: string | string[]) {
      super(address, protocols, { localAddress });
    }
  };
}

/** GraphQL over graphql-ws sockets, one per player, each opened with its player's token as the page opens it. */
function socketSender(url: string, tokens: string[]): { send: Send; close(): void } {
  const webSocketImpl = webSocketFrom(laneAddress());
  const sockets: SocketClient[] = tokens.map((token) =>
    createClient({
      url: url.replace(/^http/, 'ws'),
      webSocketImpl,
      connectionParams: { authorization: `Bearer ${token}` },
      lazy: false,
      retryAttempts: 0,
      onNonLazyError: () => {},
    }),
  );
  const send: Send = (operation, seat) =>
    new Promise((resolve, reject) => {
      let answer: { data?: any; errors?: unknown[] } | undefined;
      sockets[seat].subscribe(operation, {
        next: (result) => (answer = result as typeof answer),
        error: (error) => reject(error instanceof Error ? error : refused(JSON.stringify(error))),
        complete: () => (answer && !answer.errors ? resolve(answer.data) : reject(refused(JSON.stringify(answer)))),
      });
    });
  return { send, close: () => sockets.forEach((socket) => void socket.dispose()) };
}

let clientMoveIds = 0;

/** A client's connection to this server, over which it moves any of its players' games. */
export class ThisServerLane implements Lane {
  onAcknowledged?: () => void;
  private readonly sender: { send: Send; close(): void };

  constructor(transport: Transport, url: string, tokens: string[]) {
    this.sender = transport === 'socket' ? socketSender(url, tokens) : httpSender(url, tokens);
  }

  /** The page reads the game when its player opens it; the move itself needs nothing of that. */
  async follow(): Promise<void> {}

  async move(game: GameRecord): Promise<void> {
    const version = game.version;
    const variables = { id: game.id, move: TURN[game.step], version, clientMoveId: `bench-${process.pid}-${clientMoveIds++}` };
    const answer = (await this.sender.send({ query: PAGE_SUBMIT, operationName: PAGE_SUBMIT_NAME, variables }, game.seat)).submitMove as {
      version: number;
      activeSeats: number[];
      history?: unknown[];
    };
    if (answer.version !== version + 1) throw new Error(`game ${game.id}: a move at version ${version} was answered with version ${answer.version}`);
    advance(game, answer.version, answer.activeSeats[0]);
    this.onAcknowledged?.();
    if (answer.history?.length !== 1) throw new Error(`game ${game.id}: the move at ${version} brought ${answer.history?.length} history entries, not 1`);
  }

  close(): void {
    this.sender.close();
  }
}
