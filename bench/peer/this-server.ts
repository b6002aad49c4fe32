/**
 * This server as a contender: the whole server (test/support/serve.ts, the
 * application the end-to-end tests run, which also hosts the test ruleset's
 * counting game) in a process of its own, started with the node flags and
 * environment of `npm start`'s `serve` script. It is given no mail transport:
 * "your turn" notifications are queued with the move, as always, and nothing
 * sends them (boardgame.io has no mail to weigh).
 *
 * Moves are the page's own `SubmitMove`, over the page's socket or over
 * HTTP (this-server-lanes.ts): one contender per transport.
 */
import { join } from 'node:path';
import { Player, post, registerPlayers } from '../api-moves';
import { serveCommand, ServerProcess, startNodeServer } from '../lib/environment';
import { Contender, GameRecord, Lane, TARGET } from './contender';
import { copyOf, PlayedGames } from './played-games';
import { copyGame } from './this-server-clones';
import { ThisServerLane, Transport } from './this-server-lanes';

/** What the server logs of a snapshot whose seal does not hold (src/event-store/snapshots.ts). */
const SEAL_REFUSED = 'does not match its seal';

export class ThisServer implements Contender {
  private players: Player[] = [];
  private readonly played = new PlayedGames(this, (template, count) => this.copies(template, count));

  private constructor(
    readonly name: string,
    readonly transport: Transport,
    readonly databaseUrl: string,
    public server: ServerProcess,
  ) {}

  /** `nodeFlags` go to the server's node (e.g. `--cpu-prof`). */
  static async start(transport: Transport, databaseUrl: string, nodeFlags: string[] = []): Promise<ThisServer> {
    const contender = new ThisServer(`this server, ${transport}`, transport, databaseUrl, await startThisServer(databaseUrl, nodeFlags));
    contender.players = await registerPlayers(contender.server.url, 2);
    return contender;
  }

  async newGame(): Promise<GameRecord> {
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
    const started = (await post(url, `mutation($id: ID!) { startGame(gameId: $id) { version activeSeats } }`, { id }, host.token)).startGame;
    return { id, version: started.version, seat: started.activeSeats[0], step: 0, moves: 0, credentials: [] };
  }

  playedGames(count: number, fewest: number, most: number): Promise<GameRecord[]> {
    return this.played.make(count, fewest, most);
  }

  /**
   * Copies of a template game (this-server-clones.ts). The first is moved
   * once at once, and the server's log read: a copy whose snapshot the
   * server did not trust would be folded from its events, and measure
   * something no played game costs.
   */
  private async copies(template: GameRecord, count: number): Promise<GameRecord[]> {
    const games = (await copyGame(this.databaseUrl, template.id, count)).map((id) => copyOf(template, id));
    const lane = await this.openLane();
    await lane.move(games[0]).finally(() => lane.close());
    if (this.server.output().includes(SEAL_REFUSED))
      throw new Error(`${this.name}: the server did not trust a copied game's snapshot (its log says "${SEAL_REFUSED}")`);
    return games;
  }

  async openLane(): Promise<Lane> {
    return new ThisServerLane(
      this.transport,
      this.server.url,
      this.players.map((player) => player.token),
    );
  }

  async storedVersion(game: GameRecord): Promise<number> {
    const data = await post(this.server.url, `query($id: ID!) { game(id: $id) { version } }`, { id: game.id }, this.players[0].token);
    return data.game.version;
  }

  async restart(): Promise<void> {
    this.server = await startThisServer(this.databaseUrl);
  }

  stop(): Promise<void> {
    return this.server.stop();
  }
}

/** The application the tests serve, hosting the counting game, run as `npm start` runs the server. */
function startThisServer(databaseUrl: string, nodeFlags: string[] = []): Promise<ServerProcess> {
  const serve = serveCommand();
  // ts-node would load node's repl, and with it domain, which hooks every promise: the built server loads neither (bench/tail/no-repl.js).
  const asBuilt = ['-r', join(__dirname, '..', 'tail', 'no-repl.js')];
  return startNodeServer({
    args: [...nodeFlags, ...serve.nodeFlags, ...asBuilt, '-r', 'ts-node/register/transpile-only', join(__dirname, '..', '..', 'test', 'support', 'serve.ts')],
    // Rate limits off: the load generator's two players move far faster than any person (as `npm run bench`).
    env: { ...serve.env, DATABASE_URL: databaseUrl, NODE_ENV: 'production', RATE_LIMITS: 'off' },
    ready: /LISTENING (\S+)/,
  });
}
