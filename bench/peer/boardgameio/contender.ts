/**
 * boardgame.io as a contender: its own `Server` (server.ts) with bgio-postgres,
 * in a process of its own, driven over its own protocol.
 *
 * A game is created and joined through boardgame.io's lobby API (HTTP),
 * then played over socket.io, as boardgame.io's client does: the client
 * `sync`s to the match, sends each move as an `update` with the state id it
 * was made at and the seat's credentials, and the server broadcasts the new
 * state (`update`) to the match's connections. A move counts as acknowledged
 * when that broadcast, with the next state id, reaches the mover.
 *
 * One connection per game, synced as seat 0, sends both seats' moves (each
 * with its own seat's credentials; the server checks those, not the
 * connection): so each move is answered to one connection, as this server
 * answers each HTTP request once. With both players' pages open,
 * boardgame.io would send every move to both.
 */
import { join } from 'node:path';
import { io, Socket } from 'socket.io-client';
import { freePort } from '../../../src/database/free-port';
import { ServerProcess, startNodeServer } from '../../lib/environment';
import { Contender, PlayedGame, TARGET, TURN, TurnMove, within } from '../contender';
import { countingGame } from './counting-game';

const GAME = countingGame.name!;
const SEATS = 2;
/** Long enough for any answer on a loaded machine; boardgame.io says nothing when it drops a move. */
const ANSWER_WITHIN_MS = 10_000;

/** What boardgame.io's broadcast carries of a state (after its player view). */
interface BroadcastState {
  _stateID: number;
  ctx: { currentPlayer: string; gameover?: unknown };
}

function moveAction(move: TurnMove): { type: string; args: unknown[] } {
  return move.type === 'add' ? { type: 'add', args: [move.amount] } : { type: 'endTurn', args: [] };
}

async function lobby(url: string, path: string, body: unknown): Promise<any> {
  const response = await fetch(`${url}/games/${GAME}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`boardgame.io lobby ${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** A connection synced to a match; resolves with the state the server sent on sync. */
async function connect(url: string, matchID: string, credentials: string): Promise<{ socket: Socket; state: BroadcastState }> {
  const socket = io(`${url}/${GAME}`, { transports: ['websocket'], reconnection: false, forceNew: true });
  const synced = new Promise<BroadcastState>((resolve) => socket.once('sync', (_matchID: string, syncInfo: { state: BroadcastState }) => resolve(syncInfo.state)));
  socket.emit('sync', matchID, '0', credentials, SEATS);
  try {
    return { socket, state: await within(synced, ANSWER_WITHIN_MS, `boardgame.io sync of ${matchID}`) };
  } catch (error) {
    socket.close();
    throw error;
  }
}

class BoardgameIoGame implements PlayedGame {
  acknowledgedVersion: number;
  onAcknowledged?: () => void;
  private seat: string;
  private step = 0;
  private waiting: { stateID: number; resolve: () => void; reject: (error: Error) => void } | null = null;

  constructor(
    private readonly contender: BoardgameIo,
    private readonly matchID: string,
    private readonly credentials: string[],
    private readonly socket: Socket,
    synced: BroadcastState,
  ) {
    this.acknowledgedVersion = synced._stateID;
    this.seat = synced.ctx.currentPlayer;
    socket.on('update', (matchID: string, state: BroadcastState) => this.received(matchID, state));
    socket.on('disconnect', (reason) => this.waiting?.reject(new Error(`boardgame.io connection closed: ${reason}`)));
  }

  private received(matchID: string, state: BroadcastState): void {
    if (matchID !== this.matchID || !this.waiting || state._stateID !== this.waiting.stateID) return;
    this.acknowledgedVersion = state._stateID;
    this.seat = state.ctx.currentPlayer;
    this.onAcknowledged?.();
    const { resolve } = this.waiting;
    this.waiting = null;
    resolve();
  }

  move(): Promise<void> {
    const stateID = this.acknowledgedVersion;
    const payload = { ...moveAction(TURN[this.step]), playerID: this.seat, credentials: this.credentials[Number(this.seat)] };
    const answered = new Promise<void>((resolve, reject) => (this.waiting = { stateID: stateID + 1, resolve, reject }));
    this.socket.emit('update', { type: 'MAKE_MOVE', payload }, stateID, this.matchID, this.seat);
    this.step = (this.step + 1) % TURN.length;
    return within(answered, ANSWER_WITHIN_MS, `boardgame.io move at state ${stateID} of ${this.matchID}`);
  }

  /** What the server holds: the state a new connection is sent on sync. */
  async storedVersion(): Promise<number> {
    const { socket, state } = await connect(this.contender.server.url, this.matchID, this.credentials[0]);
    socket.close();
    return state._stateID;
  }

  close(): void {
    this.socket.close();
  }
}

class BoardgameIo implements Contender {
  readonly name = 'boardgame.io';

  constructor(
    readonly databaseUrl: string,
    public server: ServerProcess,
  ) {}

  async newGame(): Promise<PlayedGame> {
    const url = this.server.url;
    const { matchID } = await lobby(url, '/create', { numPlayers: SEATS, setupData: { target: TARGET } });
    const credentials: string[] = [];
    for (let seat = 0; seat < SEATS; seat++) {
      const joined = await lobby(url, `/${matchID}/join`, { playerID: String(seat), playerName: `Bench ${seat}` });
      credentials.push(joined.playerCredentials);
    }
    const { socket, state } = await connect(url, matchID, credentials[0]);
    return new BoardgameIoGame(this, matchID, credentials, socket, state);
  }

  async restart(): Promise<void> {
    this.server = await startBoardgameIo(this.databaseUrl);
  }

  stop(): Promise<void> {
    return this.server.stop();
  }
}

async function startBoardgameIo(databaseUrl: string): Promise<ServerProcess> {
  return startNodeServer({
    args: ['-r', 'ts-node/register/transpile-only', join(__dirname, 'server.ts')],
    env: { DATABASE_URL: databaseUrl, PORT: String(await freePort()), NODE_ENV: 'production' },
    ready: /LISTENING (\S+)/,
  });
}

/** What run.ts takes from this module, which it loads only once the peer package is installed. */
export async function startContender(databaseUrl: string): Promise<Contender> {
  return new BoardgameIo(databaseUrl, await startBoardgameIo(databaseUrl));
}
