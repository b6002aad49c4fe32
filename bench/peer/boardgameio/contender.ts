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
 * A lane is one socket.io connection, synced as seat 0, which sends both
 * seats' moves (each with its own seat's credentials; the server checks
 * those, not the connection): so each move is answered to one connection,
 * as this server answers each move once. A connection follows one match at
 * a time (boardgame.io's server keeps one match per connection, and
 * broadcasts only to the connections synced to it), so a lane moving
 * another game syncs to it first, as boardgame.io's client does when its
 * player opens that game: that sync is part of the move's cost.
 */
import { join } from 'node:path';
import { io, Socket } from 'socket.io-client';
import { freePort } from '../../../src/database/free-port';
import { ServerProcess, startNodeServer } from '../../lib/environment';
import { advance, Contender, GameRecord, Lane, TARGET, TURN, TurnMove, within } from '../contender';
import { copyOf, PlayedGames } from '../played-games';
import { copyMatch } from './clones';
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

function connectSocket(url: string): Socket {
  return io(`${url}/${GAME}`, { transports: ['websocket'], reconnection: false, forceNew: true });
}

/** Syncs `socket` to a match; resolves with the state the server sent on sync. */
function sync(socket: Socket, matchID: string, credentials: string): Promise<BroadcastState> {
  const synced = new Promise<BroadcastState>((resolve) =>
    socket.once('sync', (_matchID: string, syncInfo: { state: BroadcastState }) => resolve(syncInfo.state)),
  );
  socket.emit('sync', matchID, '0', credentials, SEATS);
  return within(synced, ANSWER_WITHIN_MS, `boardgame.io sync of ${matchID}`);
}

class BoardgameIoLane implements Lane {
  onAcknowledged?: () => void;
  /** The match the connection follows. */
  private synced: string | null = null;
  private waiting: { matchID: string; stateID: number; resolve: (state: BroadcastState) => void; reject: (error: Error) => void } | null = null;

  constructor(private readonly socket: Socket) {
    socket.on('update', (matchID: string, state: BroadcastState) => this.received(matchID, state));
    socket.on('disconnect', (reason) => this.waiting?.reject(new Error(`boardgame.io connection closed: ${reason}`)));
  }

  private received(matchID: string, state: BroadcastState): void {
    if (!this.waiting || matchID !== this.waiting.matchID || state._stateID !== this.waiting.stateID) return;
    const { resolve } = this.waiting;
    this.waiting = null;
    resolve(state);
  }

  async follow(game: GameRecord): Promise<void> {
    if (this.synced === game.id) return;
    await sync(this.socket, game.id, game.credentials[0]);
    this.synced = game.id;
  }

  async move(game: GameRecord): Promise<void> {
    await this.follow(game);
    const stateID = game.version;
    const seat = String(game.seat);
    const payload = { ...moveAction(TURN[game.step]), playerID: seat, credentials: game.credentials[game.seat] };
    const answered = new Promise<BroadcastState>((resolve, reject) => (this.waiting = { matchID: game.id, stateID: stateID + 1, resolve, reject }));
    this.socket.emit('update', { type: 'MAKE_MOVE', payload }, stateID, game.id, seat);
    const state = await within(answered, ANSWER_WITHIN_MS, `boardgame.io move at state ${stateID} of ${game.id}`);
    advance(game, state._stateID, Number(state.ctx.currentPlayer));
    this.onAcknowledged?.();
  }

  close(): void {
    this.socket.close();
  }
}

class BoardgameIo implements Contender {
  readonly name = 'boardgame.io';
  private readonly played = new PlayedGames(this, async (template, count) =>
    (await copyMatch(this.databaseUrl, template.id, count)).map((id) => copyOf(template, id)),
  );

  constructor(
    readonly databaseUrl: string,
    public server: ServerProcess,
  ) {}

  async newGame(): Promise<GameRecord> {
    const url = this.server.url;
    const { matchID } = await lobby(url, '/create', { numPlayers: SEATS, setupData: { target: TARGET } });
    const credentials: string[] = [];
    for (let seat = 0; seat < SEATS; seat++) {
      const joined = await lobby(url, `/${matchID}/join`, { playerID: String(seat), playerName: `Bench ${seat}` });
      credentials.push(joined.playerCredentials);
    }
    const state = await this.syncedState(matchID, credentials[0]);
    return { id: matchID, version: state._stateID, seat: Number(state.ctx.currentPlayer), step: 0, moves: 0, credentials };
  }

  playedGames(count: number, fewest: number, most: number): Promise<GameRecord[]> {
    return this.played.make(count, fewest, most);
  }

  async openLane(): Promise<Lane> {
    return new BoardgameIoLane(connectSocket(this.server.url));
  }

  /** What the server holds: the state a new connection is sent on sync. */
  async storedVersion(game: GameRecord): Promise<number> {
    return (await this.syncedState(game.id, game.credentials[0]))._stateID;
  }

  private async syncedState(matchID: string, credentials: string): Promise<BroadcastState> {
    const socket = connectSocket(this.server.url);
    try {
      return await sync(socket, matchID, credentials);
    } finally {
      socket.close();
    }
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
