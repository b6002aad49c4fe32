/**
 * What a page's history reads cost against the read limit (README, "Rate
 * limits"). After every move by someone else each page asks
 * `history(after:, first: 500)` for what it is missing; the read is priced
 * by the entries it can bring once the game is known (ENTRIES_ONCE_RESOLVED
 * in src/api/query-limits.ts), not by its `first`: players at play never
 * meet the limit, however fast they play, while a read that can bring a long
 * history still costs every entry of it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DefinitionNode, FragmentDefinitionNode, Kind, parse, print, visit } from 'graphql';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { ManualClock } from '../src/common/clock';
import { Player, registerPlayer, startTestServer, TestServer } from './support/app';
import { startCountingGame } from './support/counting-api';

/** The page's operations and fragments, as written for it (read as text: the server's code imports nothing of the page). */
const OPERATIONS_DIR = join(__dirname, '..', 'web', 'src', 'api', 'operations');
const PAGE_DEFINITIONS = readdirSync(OPERATIONS_DIR).flatMap((file) => parse(readFileSync(join(OPERATIONS_DIR, file), 'utf8')).definitions);

/** The operation `name` of the page, with the fragments it uses, as the page sends it. */
function pageOperation(name: string): string {
  const named = (definition: DefinitionNode) => ('name' in definition ? definition.name?.value : undefined);
  const fragments = new Map(
    PAGE_DEFINITIONS.filter((definition): definition is FragmentDefinitionNode => definition.kind === Kind.FRAGMENT_DEFINITION).map((f) => [f.name.value, f]),
  );
  const used: DefinitionNode[] = [PAGE_DEFINITIONS.find((definition) => definition.kind === Kind.OPERATION_DEFINITION && named(definition) === name)!];
  for (let i = 0; i < used.length; i++) {
    visit(used[i], {
      FragmentSpread: (spread) => {
        const fragment = fragments.get(spread.name.value)!;
        if (!used.includes(fragment)) used.push(fragment);
      },
    });
  }
  return used.map((definition) => print(definition)).join('\n\n');
}

const HISTORY = pageOperation('History');
const SUBMIT_MOVE = pageOperation('SubmitMove');
const GAME_UPDATED = pageOperation('GameUpdated');

interface Answer {
  status: number;
  retryAfter: string | null;
  body: { data?: Record<string, any> | null; errors?: Array<{ path?: string[]; extensions?: { code?: string } }> };
}

async function post(url: string, query: string, variables: Record<string, unknown>, token?: string): Promise<Answer> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  return { status: response.status, retryAfter: response.headers.get('retry-after'), body: (await response.json()) as Answer['body'] };
}

/** The counting game's `index`th move when every turn is: add 1, then end the turn. */
const nthMove = (index: number) => (index % 2 === 0 ? { type: 'add', amount: 1 } : { type: 'endTurn' });

/** A counting game of `players` that does not end, where it stands. */
async function endlessGame(url: string, players: Player[]): Promise<{ gameId: string; version: number; activeSeats: number[] }> {
  const gameId = await startCountingGame(url, players, { options: { target: 10_000_000 } });
  const { game } = (await post(url, `query($id: ID!) { game(id: $id) { version activeSeats } }`, { id: gameId })).body.data!;
  return { gameId, version: game.version, activeSeats: game.activeSeats };
}

/**
 * A player's page at a game, as web/src/play/use-history.ts reads: it holds
 * the history up to a version, and whenever the game moves past it (the
 * live update), asks for the rest; its own moves' answers bring theirs.
 */
class LivePage {
  /** The version the history held reaches. */
  held = 0;
  readonly answers: Answer[] = [];
  private latest = 0;
  private reading: Promise<void> | null = null;
  private readonly socket;

  constructor(
    private readonly url: string,
    private readonly gameId: string,
    readonly player: Player,
  ) {
    this.socket = createClient({
      url: url.replace(/^http/, 'ws'),
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${player.token}` },
      retryAttempts: 0,
    });
    this.socket.subscribe<{ gameUpdated: { version: number } }>(
      { query: GAME_UPDATED, variables: { id: gameId } },
      { next: ({ data }) => data && this.moved(data.gameUpdated.version), error: () => undefined, complete: () => undefined },
    );
  }

  /** Its own move was answered with the entries after `after`, up to `version`. */
  ownMove(after: number, version: number): void {
    if (this.held === after) this.held = version;
    this.moved(version);
  }

  private moved(version: number): void {
    this.latest = Math.max(this.latest, version);
    this.reading ??= this.readMissing().finally(() => (this.reading = null));
  }

  private async readMissing(): Promise<void> {
    while (this.held < this.latest) {
      const answer = await post(this.url, HISTORY, { id: this.gameId, after: this.held }, this.player.token);
      this.answers.push(answer);
      const entries = (answer.body.data?.game?.history ?? []) as Array<{ seq: number }>;
      if (entries.length === 0) return;
      this.held = entries[entries.length - 1].seq;
    }
  }

  /** Resolves once the history held reaches `version` (or a read came back without it, which the test then sees). */
  async caughtUp(version: number): Promise<void> {
    while (this.held < version && this.answers.every((answer) => !answer.body.errors)) {
      await (this.reading ?? new Promise((resolve) => setTimeout(resolve, 1)));
    }
  }

  async close(): Promise<void> {
    await this.reading;
    await this.socket.dispose();
  }
}

describe("a page's history reads against the read limit", () => {
  let server: TestServer;
  // Held still: every read and move below falls in one minute of the read limit, as at 3.5 moves a second for a minute.
  const clock = new ManualClock(new Date('2026-03-02T10:00:10Z'));

  beforeAll(async () => {
    server = await startTestServer({ clock });
  });

  afterAll(() => server.close());

  it("cost what they bring: three players' 210 moves in a minute, each page reading after each move of another, meet no 429", async () => {
    const players = await Promise.all(['Ann', 'Bob', 'Cid'].map((name) => registerPlayer(server.url, name)));
    const game = await endlessGame(server.url, players);
    const { gameId } = game;
    let { version, activeSeats } = game;
    const pages = players.map((player) => new LivePage(server.url, gameId, player));
    const moves: Answer[] = [];
    for (const page of pages) page.held = version;
    // Each player adds 1, then ends the turn; the next move waits until every page has read the last (the pages of a live game).
    while (moves.length < 210) {
      const page = pages[activeSeats[0]];
      const answer = await post(server.url, SUBMIT_MOVE, { id: gameId, move: nthMove(moves.length), version }, page.player.token);
      moves.push(answer);
      if (!answer.body.data) throw new Error(`move refused: ${JSON.stringify(answer.body.errors)}`);
      page.ownMove(version, answer.body.data.submitMove.version);
      ({ version, activeSeats } = answer.body.data.submitMove);
      await Promise.all(pages.map((other) => other.caughtUp(version)));
    }
    await Promise.all(pages.map((page) => page.close()));

    const reads = pages.flatMap((page) => page.answers);
    // Each page read after every move of the two others: some 140 reads, priced by their `first` 700,000 points, over twice a player's minute.
    for (const page of pages) expect(page.answers.length).toBeGreaterThanOrEqual(140);
    expect(reads.filter((answer) => answer.status !== 200 || answer.body.errors)).toEqual([]);
    for (const page of pages) expect(page.held).toBe(version);
  }, 180_000);

  it('still cost every entry a read can bring: a visitor reading 500 entries at a time meets the limit within a few dozen reads', async () => {
    const players = await Promise.all(['Dee', 'Eve'].map((name) => registerPlayer(server.url, name)));
    const game = await endlessGame(server.url, players);
    const { gameId } = game;
    let { version, activeSeats } = game;
    for (let i = 0; version < 520; i++) {
      const answer = await post(server.url, SUBMIT_MOVE, { id: gameId, move: nthMove(i), version }, players[activeSeats[0]].token);
      ({ version, activeSeats } = answer.body.data!.submitMove);
    }
    // A visitor's budget is 150,000 points a minute; 500 entries cost some 4,500.
    let refused: Answer | undefined;
    let answered = 0;
    for (; answered < 100 && !refused; answered++) {
      const answer = await post(server.url, HISTORY, { id: gameId, after: 0 });
      if (answer.body.errors) refused = answer;
      else expect(answer.body.data!.game.history).toHaveLength(500);
    }
    // All in one minute of the app's clock: 150,000 points hold some 33 such reads.
    expect(answered).toBeLessThan(40);
    // Refused as the history was about to be read (the game known, its entries counted), before any was.
    expect(refused).toMatchObject({
      retryAfter: expect.stringMatching(/^\d+$/),
      body: { data: null, errors: [{ path: ['game', 'history'], extensions: { code: 'RATE_LIMITED', retryAfter: expect.any(Number) } }] },
    });
  }, 180_000);
});
