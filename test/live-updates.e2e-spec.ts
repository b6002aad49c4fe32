/**
 * Live updates over graphql-ws: each subscriber gets its own redacted view
 * after every change, also when the change was made through another server
 * process on the same database (LISTEN/NOTIFY, not in-memory pub/sub);
 * a subscriber gets the current view at once, and a change made while the
 * LISTEN connection was down still reaches it.
 */
import type { Client } from 'graphql-ws';
import { Client as PgClient } from 'pg';
import { createTestDatabase, TestDatabase } from './support/database';
import { ServerProcess, startServerProcess } from './support/server-process';
import { errorCode, GAME_FIELDS, gql, gqlOk, Player, registerPlayer, startTestServer, TestServer, wsClient, endLiveUpdatesListener } from './support/app';
import { startCountingGame } from './support/counting-api';

interface Update {
  version: number;
  mySeat: number | null;
  view: { counter: number; hands: Array<{ cards?: number[]; count?: number }> };
}

/** Collects a subscription's updates and lets a test wait for the n-th. */
function subscribe(client: Client, gameId: string) {
  const updates: Update[] = [];
  const errors: unknown[] = [];
  let notify = () => {};
  const dispose = client.subscribe<{ gameUpdated: Update }>(
    { query: `subscription($id: ID!) { gameUpdated(gameId: $id) { version mySeat view } }`, variables: { id: gameId } },
    {
      next: (message) => {
        if (message.errors) errors.push(message.errors);
        if (message.data) updates.push(message.data.gameUpdated);
        notify();
      },
      error: (error) => {
        errors.push(error);
        notify();
      },
      complete: () => undefined,
    },
  );
  return {
    updates,
    errors,
    dispose,
    async until(predicate: (u: Update) => boolean, timeoutMs = 10000): Promise<Update> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = updates.find(predicate);
        if (found) return found;
        if (errors.length) throw new Error(`subscription failed: ${JSON.stringify(errors)}`);
        if (Date.now() > deadline) throw new Error(`no matching update; got ${JSON.stringify(updates)}`);
        await new Promise<void>((resolve) => {
          notify = resolve;
          setTimeout(resolve, 200);
        });
      }
    },
  };
}

function setUpGame(url: string, host: Player, guest: Player): Promise<string> {
  return startCountingGame(url, [host, guest], { seed: 'live' });
}

async function playTurn(url: string, gameId: string, players: Player[]) {
  const game = (await gqlOk<{ game: { activeSeats: number[] } }>(url, `query($id: ID!) { game(id: $id) { activeSeats } }`, { id: gameId })).game;
  const player = players[game.activeSeats[0]];
  const mine = (await gqlOk<{ game: { version: number } }>(url, `query($id: ID!) { game(id: $id) { version } }`, { id: gameId })).game;
  await gqlOk(
    url,
    `mutation($id: ID!, $v: Int!) { submitMove(gameId: $id, move: { type: "add", amount: 1 }, expectedVersion: $v) { id } }`,
    { id: gameId, v: mine.version },
    player.token,
  );
  await gqlOk(
    url,
    `mutation($id: ID!, $v: Int!) { submitMove(gameId: $id, move: { type: "endTurn" }, expectedVersion: $v) { ${GAME_FIELDS} } }`,
    { id: gameId, v: mine.version + 1 },
    player.token,
  );
  return mine.version + 2;
}

describe('live updates (graphql-ws)', () => {
  let server: TestServer;
  let ann: Player;
  let bob: Player;
  const clients: Client[] = [];

  beforeAll(async () => {
    server = await startTestServer();
    [ann, bob] = await Promise.all(['Ann', 'Bob'].map((name) => registerPlayer(server.url, name)));
  });

  afterAll(async () => {
    await Promise.all(clients.map((c) => c.dispose()));
    await server.close();
  });

  it("delivers each subscriber its own view of every change, without the other seat's secrets", async () => {
    const gameId = await setUpGame(server.url, ann, bob);
    const annClient = wsClient(server.url, ann.token);
    const bobClient = wsClient(server.url, bob.token);
    const watcherClient = wsClient(server.url);
    clients.push(annClient, bobClient, watcherClient);
    const annFeed = subscribe(annClient, gameId);
    const bobFeed = subscribe(bobClient, gameId);
    const watcherFeed = subscribe(watcherClient, gameId);
    // Each answers at once with the game as it is: from then on, the subscription is registered.
    await Promise.all([annFeed, bobFeed, watcherFeed].map((feed) => feed.until(() => true)));

    const version = await playTurn(server.url, gameId, [ann, bob]);
    const [annUpdate, bobUpdate, watcherUpdate] = await Promise.all([annFeed, bobFeed, watcherFeed].map((feed) => feed.until((u) => u.version === version)));
    expect(annUpdate.mySeat).toBe(0);
    expect(bobUpdate.mySeat).toBe(1);
    expect(watcherUpdate.mySeat).toBeNull();
    const mover = annUpdate.view.hands[0].cards?.length === 1 ? 0 : 1;
    const moverUpdate = mover === 0 ? annUpdate : bobUpdate;
    const otherUpdate = mover === 0 ? bobUpdate : annUpdate;
    expect(moverUpdate.view.hands[mover].cards).toHaveLength(1);
    expect(otherUpdate.view.hands[mover]).toEqual({ count: 1 });
    expect(watcherUpdate.view.hands[mover]).toEqual({ count: 1 });
    expect(annUpdate.view.counter).toBe(1);
    annFeed.dispose();
    bobFeed.dispose();
    watcherFeed.dispose();
  });

  it('sends the current view at once, so a client that (re)subscribes is caught up without asking', async () => {
    const gameId = await setUpGame(server.url, ann, bob);
    const version = await playTurn(server.url, gameId, [ann, bob]);
    const client = wsClient(server.url, ann.token);
    clients.push(client);
    const feed = subscribe(client, gameId);
    const first = await feed.until(() => true);
    expect(first).toMatchObject({ version, mySeat: 0 });
    feed.dispose();
  });

  it('delivers a move made while the LISTEN connection was down, once it is back', async () => {
    const gameId = await setUpGame(server.url, ann, bob);
    const client = wsClient(server.url, bob.token);
    clients.push(client);
    const feed = subscribe(client, gameId);
    const start = await feed.until(() => true);
    // End the server's LISTEN connection (waiting until its backend is gone), then move while nothing listens.
    await endLiveUpdatesListener(server);
    const version = await playTurn(server.url, gameId, [ann, bob]);
    expect(version).toBeGreaterThan(start.version);
    const update = await feed.until((u) => u.version === version);
    expect(update.view.counter).toBe(1);
    feed.dispose();
  });

  it('answers a subscription opened while the database refuses connections once it is back, rather than with an error', async () => {
    const gameId = await setUpGame(server.url, ann, bob);
    const client = wsClient(server.url, bob.token);
    clients.push(client);
    // The socket is open before the outage, as a page's is.
    await subscribe(client, gameId).until(() => true);
    const admin = new PgClient({ connectionString: process.env.TEST_ADMIN_DATABASE_URL });
    await admin.connect();
    let game: ReturnType<typeof subscribe>;
    let chat: { results: unknown[]; dispose: () => void };
    try {
      await admin.query(`ALTER DATABASE "${server.db.name}" ALLOW_CONNECTIONS false`);
      await admin.query('SELECT pg_terminate_backend(pid, 5000) FROM pg_stat_activity WHERE datname = $1', [server.db.name]);
      game = subscribe(client, gameId);
      const results: unknown[] = [];
      const dispose = client.subscribe(
        { query: `subscription($id: ID!) { chatUpdated(gameId: $id) { gameId lines { text } } }`, variables: { id: gameId } },
        { next: (result) => void results.push(result), error: (error) => void results.push({ error }), complete: () => undefined },
      );
      chat = { results, dispose };
      await new Promise((resolve) => setTimeout(resolve, 1500));
      // Nothing yet, and no error: they wait for the database.
      expect(game.updates).toEqual([]);
      expect(game.errors).toEqual([]);
      expect(chat.results).toEqual([]);
    } finally {
      await admin.query(`ALTER DATABASE "${server.db.name}" ALLOW_CONNECTIONS true`);
      await admin.end();
    }
    expect((await game.until(() => true, 20_000)).version).toBeGreaterThan(0);
    for (const deadline = Date.now() + 20_000; chat.results.length === 0 && Date.now() < deadline;) await new Promise((resolve) => setTimeout(resolve, 100));
    // Woken again by the LISTEN connection's return, it may answer twice: the chat each time, never an error.
    expect(chat.results[0]).toEqual({ data: { chatUpdated: { gameId, lines: [] } } });
    expect(chat.results.filter((result) => !(result as { data?: unknown }).data)).toEqual([]);
    game.dispose();
    chat.dispose();
  });

  it('refuses a subscription to a game that does not exist', async () => {
    const client = wsClient(server.url, ann.token);
    clients.push(client);
    const feed = subscribe(client, '00000000-0000-0000-0000-000000000000');
    await expect(feed.until(() => true, 5000)).rejects.toThrow(/NOT_FOUND/);
  });
});

describe('live updates across two server processes', () => {
  let db: TestDatabase;
  const processes: ServerProcess[] = [];

  async function startProcess(): Promise<string> {
    const server = await startServerProcess(db);
    processes.push(server);
    return server.url;
  }

  beforeAll(async () => {
    db = await createTestDatabase();
  });

  afterAll(async () => {
    for (const server of processes) await server.stop();
    await db.drop();
  });

  it('delivers a move made through one process to a subscriber of the other', async () => {
    const [first, second] = await Promise.all([startProcess(), startProcess()]);
    const [ann, bob] = await Promise.all([registerPlayer(first, 'Ann'), registerPlayer(second, 'Bob')]);
    const gameId = await setUpGame(first, ann, bob);
    const client = wsClient(second, bob.token);
    const feed = subscribe(client, gameId);
    await feed.until(() => true); // registered: it answered with the game as it is
    const version = await playTurn(first, gameId, [ann, bob]);
    const update = await feed.until((u) => u.version === version);
    expect(update.mySeat).toBe(1);
    expect(update.view.counter).toBe(1);
    feed.dispose();
    await client.dispose();
    expect(errorCode(await gql(second, `{ game(id: "${gameId}") { id } }`))).toBeUndefined();
  });
});
