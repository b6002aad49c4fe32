/**
 * What a WebSocket may ask (src/api/socket-operations.ts, socket-server.ts).
 * Its queries and mutations run through Apollo as HTTP requests do
 * (socket-moves.e2e-spec.ts says more). graphql-ws runs subscriptions past
 * Apollo, so without these checks a socket could follow anything, however
 * costly: each is held to the same limits and refused with the same codes as
 * over HTTP, at most SUBSCRIPTIONS_PER_SOCKET at once, in messages no larger
 * than a request's body.
 */
import type { Client } from 'graphql-ws';
import { print } from 'graphql';
import { QUERY_LIMITS } from '../src/graphql/query-limits';
import { SUBSCRIPTIONS_PER_SOCKET } from '../src/api/socket-operations';
import { MAX_REQUEST_BYTES } from '../src/api/endpoint';
import WebSocket from 'ws';
import { ChatUpdatedDocument, GameUpdatedDocument } from '../web/src/api/generated';
import { codeOf, firstAnswer, gql, gqlOk, Player, registerPlayer, startTestServer, TestServer, TEST_PASSWORD, wsClient } from './support/app';
import { startCountingGame } from './support/counting-api';

let server: TestServer;
let ann: Player;
let bob: Player;
let gameId: string;
let sockets: Client[] = [];

function socketOf(player?: Player): Client {
  const client = wsClient(server.url, player?.token);
  sockets.push(client);
  return client;
}

beforeAll(async () => {
  server = await startTestServer();
  ann = await registerPlayer(server.url, 'ann');
  bob = await registerPlayer(server.url, 'bob');
  gameId = await startCountingGame(server.url, [ann, bob]);
}, 60_000);

afterEach(async () => {
  await Promise.all(sockets.map((socket) => socket.dispose()));
  sockets = [];
});

afterAll(async () => server?.close());

const versionOfGame = async () =>
  (await gqlOk<{ game: { version: number } }>(server.url, `query($id: ID!) { game(id: $id) { version } }`, { id: gameId })).game.version;

describe('over a WebSocket', () => {
  it('serves the page’s own subscriptions, to a visitor and to a player', async () => {
    const visitor = await firstAnswer(socketOf(), print(GameUpdatedDocument), { id: gameId });
    expect(visitor.errors).toBeUndefined();
    expect(visitor.data?.gameUpdated).toMatchObject({ id: gameId, mySeat: null });
    const player = socketOf(ann);
    const game = await firstAnswer(player, print(GameUpdatedDocument), { id: gameId });
    expect(game.data?.gameUpdated).toMatchObject({ id: gameId, mySeat: 0 });
    const chat = await firstAnswer(player, print(ChatUpdatedDocument), { gameId });
    expect(chat.errors).toBeUndefined();
    expect(chat.data?.chatUpdated).toMatchObject({ gameId });
  });

  it('serves mutations and queries as HTTP does, with the same resolvers and their checks', async () => {
    const socket = socketOf(ann);
    const before = await versionOfGame();
    const active = (await gqlOk<{ game: { activeSeats: number[] } }>(server.url, `query($id: ID!) { game(id: $id) { activeSeats } }`, { id: gameId })).game
      .activeSeats[0];
    const move = await firstAnswer(
      active === 0 ? socket : socketOf(bob),
      `mutation($id: ID!, $v: Int!) { submitMove(gameId: $id, move: { type: "add", amount: 1 }, expectedVersion: $v) { version } }`,
      { id: gameId, v: before },
    );
    expect(move.errors).toBeUndefined();
    expect(move.data).toEqual({ submitMove: { version: before + 1 } });
    expect(await versionOfGame()).toBe(before + 1);
    // Guessing passwords over a socket meets the login's checks, as over HTTP.
    const wrongLogin = `mutation { login(email: "ann@example.com", password: "not ${TEST_PASSWORD}") { token } }`;
    const login = await firstAnswer(socket, wrongLogin);
    expect(login.errors).toEqual((await gql(server.url, wrongLogin)).errors);
    expect(codeOf(login)).toBe('UNAUTHENTICATED');
    const query = await firstAnswer(socketOf(), `query($id: ID!) { game(id: $id) { integrity { ok } } }`, { id: gameId });
    expect(query.data).toEqual({ game: { integrity: { ok: true } } });
  });

  it('holds a subscription to the request limits before it runs, with the smaller budget of what runs at every change', async () => {
    const costly = (copies: number) =>
      `subscription($id: ID!) { gameUpdated(gameId: $id) { ${Array.from({ length: copies }, (_, i) => `a${i}: integrity { ok }`).join(' ')} } }`;
    // Each integrity check rehashes the whole game, at every update: 7 are over a subscription's budget, whoever asks.
    for (const socket of [socketOf(ann), socketOf()]) {
      const refused = await firstAnswer(socket, costly(7), { id: gameId });
      expect(refused.errors![0].extensions).toMatchObject({ code: 'QUERY_TOO_COMPLEX', limit: 'cost', max: QUERY_LIMITS.costSubscription });
      expect(refused.errors![0].message).toMatch(/for a subscription, which runs again at every change/);
    }
    // 4 are within it.
    expect((await firstAnswer(socketOf(bob), costly(4), { id: gameId })).data?.gameUpdated).toBeDefined();

    const socket = socketOf();
    const tokens = await firstAnswer(socket, `subscription { ${'__typename '.repeat(QUERY_LIMITS.tokens)} }`);
    expect(tokens.errors![0].extensions).toMatchObject({ code: 'QUERY_TOO_COMPLEX', limit: 'tokens' });
    const repeated = await firstAnswer(
      socket,
      `subscription($id: ID!) { gameUpdated(gameId: $id) { ${'version '.repeat(QUERY_LIMITS.repeatedFields + 1)} } }`,
      {
        id: gameId,
      },
    );
    expect(repeated.errors![0].extensions).toMatchObject({ code: 'QUERY_TOO_COMPLEX', limit: 'repeatedFields', max: QUERY_LIMITS.repeatedFields });
    const aliases = await firstAnswer(
      socket,
      `subscription($id: ID!) { gameUpdated(gameId: $id) { ${Array.from({ length: QUERY_LIMITS.aliases + 1 }, (_, i) => `v${i}: version`).join(' ')} } }`,
      {
        id: gameId,
      },
    );
    expect(aliases.errors![0].extensions).toMatchObject({ code: 'QUERY_TOO_COMPLEX', limit: 'aliases' });
  });

  it('answers a subscription that is not valid with the codes HTTP gives, and no stack', async () => {
    const socket = socketOf(ann);
    const subscription = `subscription($id: ID!) { gameUpdated(gameId: $id) { version } }`;
    const answers = {
      GRAPHQL_PARSE_FAILED: await firstAnswer(socket, `subscription { gameUpdated(`),
      GRAPHQL_VALIDATION_FAILED: await firstAnswer(socket, `subscription($id: ID!) { gameUpdated(gameId: $id) { nothingOfThatName } }`, { id: gameId }),
      BAD_USER_INPUT: await firstAnswer(socket, subscription, { id: 5.5 }),
      OPERATION_RESOLUTION_FAILURE: await firstAnswer(
        socket,
        `subscription A { gameUpdated(gameId: "a") { version } } subscription B { gameUpdated(gameId: "b") { version } }`,
      ),
    };
    for (const [code, answer] of Object.entries(answers)) {
      expect(codeOf(answer)).toBe(code);
      expect(JSON.stringify(answer.errors)).not.toMatch(/stacktrace|\.ts:\d+|node_modules/);
    }
    expect(codeOf(await firstAnswer(socket, subscription, {}))).toBe('BAD_USER_INPUT');
    expect(
      codeOf(await firstAnswer(socket, `subscription($id: ID!) { gameUpdated(gameId: $id) { version } }`, { id: '00000000-0000-4000-8000-000000000000' })),
    ).toBe('NOT_FOUND');
  });

  it(`follows at most ${SUBSCRIPTIONS_PER_SOCKET} things at once on one socket`, async () => {
    const socket = socketOf(ann);
    const follow = () => firstAnswer(socket, `subscription($id: ID!) { gameUpdated(gameId: $id) { version } }`, { id: gameId });
    const open = [];
    for (let i = 0; i < SUBSCRIPTIONS_PER_SOCKET; i += 1) open.push(await follow());
    expect(open.every((answer) => answer.data?.gameUpdated)).toBe(true);
    const oneMore = await follow();
    expect(oneMore.errors![0]).toMatchObject({ extensions: { code: 'TOO_MANY_SUBSCRIPTIONS', max: SUBSCRIPTIONS_PER_SOCKET } });
    // Its queries and mutations are not subscriptions: they are served all the same.
    expect((await firstAnswer(socket, `{ me { id } }`)).data).toEqual({ me: { id: ann.id } });
    // Another socket is not concerned; on this one, stopping one makes room.
    expect((await firstAnswer(socketOf(ann), `subscription($id: ID!) { gameUpdated(gameId: $id) { version } }`, { id: gameId })).data).toBeDefined();
    open[0].stop();
    // Room is made once the server has had the stop; until then one more is refused, as before.
    let again = await follow();
    for (const deadline = Date.now() + 5_000; codeOf(again) === 'TOO_MANY_SUBSCRIPTIONS' && Date.now() < deadline;) again = await follow();
    expect(again.data?.gameUpdated).toBeDefined();
  });

  it('closes a socket that sends a message larger than a request’s body, and serves the others', async () => {
    const socket = new WebSocket(server.url.replace(/^http/, 'ws'), 'graphql-transport-ws');
    await new Promise((resolve) => socket.once('open', resolve));
    socket.send(JSON.stringify({ type: 'connection_init', payload: {} }));
    await new Promise((resolve) => socket.once('message', resolve));
    const closed = new Promise<number>((resolve) => socket.once('close', resolve));
    const stderr = jest.spyOn(console, 'error');
    const padding = 'x'.repeat(MAX_REQUEST_BYTES);
    socket.send(
      JSON.stringify({
        id: '1',
        type: 'subscribe',
        payload: { query: `subscription($id: ID!) { gameUpdated(gameId: $id) { version } }`, variables: { id: gameId, padding } },
      }),
    );
    expect(await closed).toBe(1009); // "message too big"
    // The client's doing: not reported as a fault of the server's.
    expect(stderr).not.toHaveBeenCalled();
    stderr.mockRestore();
    // A message just under the limit is served (a variable the operation does not declare is ignored, as over HTTP).
    const nearly = 'x'.repeat(MAX_REQUEST_BYTES - 2_000);
    const answer = await firstAnswer(socketOf(ann), `subscription($id: ID!) { gameUpdated(gameId: $id) { version } }`, { id: gameId, nearly });
    expect(answer.data?.gameUpdated).toBeDefined();
  });

  it('answers 404 to a WebSocket asked for on another path', async () => {
    const socket = new WebSocket(server.url.replace(/^http/, 'ws').replace(/\/graphql$/, '/elsewhere'), 'graphql-transport-ws');
    const status = await new Promise<number | undefined>((resolve) => {
      socket.once('unexpected-response', (_request, response) => resolve(response.statusCode));
      socket.once('error', () => resolve(undefined));
    });
    expect(status).toBe(404);
  });
});

describe('over HTTP', () => {
  it('refuses subscriptions before they run, as the client’s mistake', async () => {
    for (const [document, variables] of [
      [GameUpdatedDocument, { id: gameId }],
      [ChatUpdatedDocument, { gameId }],
    ] as const) {
      const answer = await gql(server.url, print(document), variables, ann.token);
      expect(answer.errors).toEqual([expect.objectContaining({ extensions: { code: 'BAD_REQUEST' } })]);
      expect(answer.errors![0].message).toMatch(/Subscriptions are served over the WebSocket only/);
    }
  });
});
