/**
 * This server as a contender: the whole server (test/support/serve.ts, the
 * application the end-to-end tests run, which also hosts the test ruleset's
 * counting game) in a process of its own, started with the node flags and
 * environment of `npm start`'s `serve` script. It is given no mail transport:
 * "your turn" notifications are queued with the move, as always, and nothing
 * sends them (boardgame.io has no mail to weigh).
 *
 * Moves go over HTTP GraphQL with keep-alive connections, each a
 * `submitMove` with the version it is made at, answered with one of three
 * selections (`Selection`).
 */
import { Agent, request } from 'node:http';
import { join } from 'node:path';
import { print } from 'graphql';
import { SubmitMoveDocument } from '../../web/src/api/generated';
import { Player, post, registerPlayers } from '../api-moves';
import { serveCommand, ServerProcess, startNodeServer } from '../lib/environment';
import { Contender, PlayedGame, TARGET, TURN } from './contender';

/**
 * What a move's request asks back:
 * - `lean`: `{ version activeSeats view }`, the least a client needs to go on;
 * - `page`: what the web page asks with every move (`SubmitMove` of
 *   web/src/api/operations/, with a client move id, as web/src/play/play-area.tsx sends it),
 *   which brings the history entries the move added, as boardgame.io's
 *   answer brings the move's log entries: the page asks nothing more.
 */
export type Selection = 'lean' | 'page';

const PAGE_SUBMIT = print(SubmitMoveDocument);
const LEAN_SUBMIT = `mutation($id: ID!, $move: JSON!, $version: Int!) { submitMove(gameId: $id, move: $move, expectedVersion: $version) { version activeSeats view } }`;

/** GraphQL over keep-alive HTTP connections: lighter for the load generator than fetch. */
class GraphQLOverHttp {
  // The server closes idle connections after 5 s; dropping them sooner keeps a request from racing that close.
  private readonly agent = new Agent({ keepAlive: true, timeout: 4000 });

  constructor(readonly url: string) {}

  post(query: string, variables: Record<string, unknown>, token: string): Promise<any> {
    const body = JSON.stringify({ query, variables });
    return new Promise((resolve, reject) => {
      const sent = request(
        this.url,
        {
          method: 'POST',
          agent: this.agent,
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), authorization: `Bearer ${token}` },
        },
        (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk) => (text += chunk));
          response.on('end', () => {
            const answer = JSON.parse(text) as { data?: any; errors?: unknown[] };
            if (answer.errors || response.statusCode !== 200) reject(new Error(`${response.statusCode}: ${text.slice(0, 300)}`));
            else resolve(answer.data);
          });
        },
      );
      sent.on('error', reject);
      sent.end(body);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

let clientMoveIds = 0;

class ThisServerGame implements PlayedGame {
  acknowledgedVersion: number;
  onAcknowledged?: () => void;
  private seat: number;
  private step = 0;

  constructor(
    private readonly contender: ThisServer,
    private readonly id: string,
    private readonly players: Player[],
    started: { version: number; activeSeats: number[] },
  ) {
    this.acknowledgedVersion = started.version;
    this.seat = started.activeSeats[0];
  }

  async move(): Promise<void> {
    const { http, selection } = this.contender;
    const version = this.acknowledgedVersion;
    const token = this.players[this.seat].token;
    const move = TURN[this.step];
    const answer =
      selection === 'lean'
        ? await http.post(LEAN_SUBMIT, { id: this.id, move, version }, token)
        : await http.post(PAGE_SUBMIT, { id: this.id, move, version, clientMoveId: `bench-${process.pid}-${clientMoveIds++}` }, token);
    const game = answer.submitMove as { version: number; activeSeats: number[] };
    if (game.version !== version + 1) throw new Error(`game ${this.id}: a move at version ${version} was answered with version ${game.version}`);
    this.acknowledgedVersion = game.version;
    this.onAcknowledged?.();
    this.seat = game.activeSeats[0];
    this.step = (this.step + 1) % TURN.length;
    const added = (answer.submitMove as { history?: unknown[] }).history;
    if (selection === 'page' && added?.length !== 1) throw new Error(`game ${this.id}: the move at ${version} brought ${added?.length} history entries, not 1`);
  }

  async storedVersion(): Promise<number> {
    const data = await post(this.contender.http.url, `query($id: ID!) { game(id: $id) { version } }`, { id: this.id }, this.players[0].token);
    return data.game.version;
  }

  close(): void {}
}

export class ThisServer implements Contender {
  http: GraphQLOverHttp;
  private players: Player[] = [];

  private constructor(
    readonly name: string,
    readonly selection: Selection,
    readonly databaseUrl: string,
    public server: ServerProcess,
  ) {
    this.http = new GraphQLOverHttp(server.url);
  }

  /** `nodeFlags` go to the server's node (e.g. `--cpu-prof`). */
  static async start(selection: Selection, databaseUrl: string, nodeFlags: string[] = []): Promise<ThisServer> {
    const contender = new ThisServer(`this server, ${selection}`, selection, databaseUrl, await startThisServer(databaseUrl, nodeFlags));
    contender.players = await registerPlayers(contender.server.url, 2);
    return contender;
  }

  async newGame(): Promise<PlayedGame> {
    const url = this.server.url;
    const [host, guest] = this.players;
    const created = await post(
      url,
      `mutation($options: JSON) { createGame(input: { ruleset: "counting", seats: 2, options: $options, autoStart: false }) { id } }`,
      { options: { target: TARGET } },
      host.token,
    );
    const id = created.createGame.id as string;
    await post(url, `mutation($id: ID!) { joinGame(gameId: $id) { id } }`, { id }, guest.token);
    const started = await post(url, `mutation($id: ID!) { startGame(gameId: $id) { version activeSeats } }`, { id }, host.token);
    return new ThisServerGame(this, id, this.players, started.startGame);
  }

  async restart(): Promise<void> {
    this.http.close();
    this.server = await startThisServer(this.databaseUrl);
    this.http = new GraphQLOverHttp(this.server.url);
  }

  async stop(): Promise<void> {
    this.http.close();
    await this.server.stop();
  }
}

/** The application the tests serve, hosting the counting game, run as `npm start` runs the server. */
function startThisServer(databaseUrl: string, nodeFlags: string[] = []): Promise<ServerProcess> {
  const serve = serveCommand();
  return startNodeServer({
    args: [...nodeFlags, ...serve.nodeFlags, '-r', 'ts-node/register/transpile-only', join(__dirname, '..', '..', 'test', 'support', 'serve.ts')],
    // Rate limits off: the load generator's two players move far faster than any person (as `npm run bench`).
    env: { ...serve.env, DATABASE_URL: databaseUrl, NODE_ENV: 'production', RATE_LIMITS: 'off' },
    ready: /LISTENING (\S+)/,
  });
}
