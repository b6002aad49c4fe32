/**
 * Moves and other requests over the WebSocket the page holds
 * (src/api/socket-requests.ts): they run through Apollo as HTTP requests do,
 * so a move gives the same answer and writes the same events either way, a
 * socket whose session ended moves nothing, a move resent over HTTP after its
 * socket dropped is stored once, and every refusal has the code HTTP gives.
 */
import { print } from 'graphql';
import WebSocket from 'ws';
import { SubmitMoveDocument } from '../web/src/api/generated';
import { asRole } from './support/database';
import { errorCode, gql, gqlOk, type GraphQLResponse, type Player, registerPlayer, startTestServer, TestServer, TEST_PASSWORD, wsClient } from './support/app';
import { seeGame, startCountingGame } from './support/counting-api';
import type { Client } from 'graphql-ws';

const SUBMIT_MOVE = print(SubmitMoveDocument);
const METRICS_TOKEN = 'socket-moves-metrics';

let server: TestServer;
let ann: Player;
let bob: Player;
let sockets: Client[] = [];

function socketOf(player?: Pick<Player, 'token'>): Client {
  const client = wsClient(server.url, player?.token);
  sockets.push(client);
  return client;
}

/** A request's answer over a socket, as it came: in the shape of an HTTP answer's body. Rejects when the socket closes first. */
function overSocket(socket: Client, query: string, variables: Record<string, unknown> = {}): Promise<GraphQLResponse> {
  return new Promise((resolve, reject) => {
    socket.subscribe(
      { query, variables },
      {
        next: (result) => resolve(result as GraphQLResponse),
        error: (error) => (Array.isArray(error) ? resolve({ errors: error }) : reject(error as Error)),
        complete: () => undefined,
      },
    );
  });
}

beforeAll(async () => {
  server = await startTestServer({ allowFixedSeeds: true, metricsToken: METRICS_TOKEN });
  ann = await registerPlayer(server.url, 'ann');
  bob = await registerPlayer(server.url, 'bob');
}, 60_000);

afterEach(async () => {
  await Promise.all(sockets.map((socket) => socket.dispose()));
  sockets = [];
});

afterAll(async () => server?.close());

const versionOf = async (gameId: string) =>
  (await gqlOk<{ game: { version: number } }>(server.url, `query($id: ID!) { game(id: $id) { version } }`, { id: gameId })).game.version;

/** The game's events as stored, without what differs between two games (their ids, times and hashes). */
async function storedEvents(gameId: string) {
  return asRole(server.db.ownerUrl, async (owner) => {
    const { rows } = await owner.query(
      `SELECT seq, type, payload, actor_seat AS "actorSeat", client_move_id AS "clientMoveId", step_start AS "stepStart", reversible, move
       FROM game_events WHERE game_id = $1 ORDER BY seq`,
      [gameId],
    );
    return rows;
  });
}

/** A move's answer without what differs between two games: their ids and times. */
function withoutIdsAndTimes(answer: GraphQLResponse): unknown {
  return JSON.parse(JSON.stringify(answer), (key, value) => (['id', 'updatedAt', 'at', 'deadline'].includes(key) ? undefined : value));
}

/** Plays the same turns in a new game of the same seed, each move sent by `send`; returns each move's answer and the stored events. */
async function playOver(send: (player: Player, variables: Record<string, unknown>) => Promise<GraphQLResponse>) {
  const gameId = await startCountingGame(server.url, [ann, bob], { seed: 'socket-moves' });
  const answers = [];
  let { version, activeSeats } = await seeGame(server.url, gameId);
  for (const move of [{ type: 'add', amount: 1 }, { type: 'endTurn' }, { type: 'add', amount: 2 }, { type: 'endTurn' }]) {
    const answer = await send([ann, bob][activeSeats[0]], { id: gameId, move, version, clientMoveId: `move-${version}` });
    answers.push(withoutIdsAndTimes(answer));
    ({ version, activeSeats } = (answer.data as { submitMove: { version: number; activeSeats: number[] } }).submitMove);
  }
  return { answers, events: await storedEvents(gameId) };
}

/** The player whose turn it is in the game, and the other. */
async function moverAndOther(gameId: string): Promise<[Player, Player]> {
  return (await seeGame(server.url, gameId)).activeSeats[0] === 0 ? [ann, bob] : [bob, ann];
}

describe('a move over the socket', () => {
  it('gives the answer a move over HTTP gives, and writes the same events', async () => {
    const socketsOf = new Map([
      [ann, socketOf(ann)],
      [bob, socketOf(bob)],
    ]);
    const overHttp = await playOver((player, variables) => gql(server.url, SUBMIT_MOVE, variables, player.token));
    const overSockets = await playOver((player, variables) => overSocket(socketsOf.get(player)!, SUBMIT_MOVE, variables));
    expect(overSockets.answers.every((answer) => (answer as GraphQLResponse).errors === undefined)).toBe(true);
    expect(overSockets.answers).toEqual(overHttp.answers);
    expect(overSockets.events).toEqual(overHttp.events);
    expect(overSockets.events.filter((event) => event.clientMoveId !== null)).toHaveLength(4);

    // The moves are counted by the way they came.
    const metrics = await (await fetch(server.url.replace(/\/graphql$/, '/metrics'), { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
    expect(metrics).toMatch(/^pbw_moves_total\{outcome="accepted",transport="http"\} 4$/m);
    expect(metrics).toMatch(/^pbw_moves_total\{outcome="accepted",transport="socket"\} 4$/m);
  });

  it('is refused once its socket’s session has ended, and writes nothing', async () => {
    const gameId = await startCountingGame(server.url, [ann, bob]);
    const [mover] = await moverAndOther(gameId);
    // The mover's second session, as on a phone.
    const { login } = await gqlOk<{ login: { token: string } }>(server.url, `mutation($e: String!, $p: String!) { login(email: $e, password: $p) { token } }`, {
      e: (await gqlOk<{ me: { email: string } }>(server.url, '{ me { email } }', {}, mover.token)).me.email,
      p: TEST_PASSWORD,
    });
    const phone = { token: login.token };
    const socket = socketOf(phone);
    const closed = new Promise<number>((resolve) => socket.on('closed', (event) => resolve((event as { code: number }).code)));
    const version = await versionOf(gameId);
    expect((await overSocket(socket, `{ me { id } }`)).data).toEqual({ me: { id: mover.id } });

    await gqlOk(server.url, `mutation { logout }`, {}, phone.token);
    // Sent at once: the server may still be closing the socket (4401), or answer it, as it answers HTTP, that the session ended.
    const move = overSocket(socket, SUBMIT_MOVE, { id: gameId, move: { type: 'add', amount: 1 }, version });
    const refusal = await Promise.race([move.then(errorCode, () => 'closed'), closed.then(String)]);
    expect(['UNAUTHENTICATED', '4401']).toContain(refusal);
    expect(await closed).toBe(4401);
    expect(await versionOf(gameId)).toBe(version);

    // A socket opened again with that token is closed at once, and moves nothing either.
    const again = socketOf(phone);
    const closedAgain = new Promise<number>((resolve) => again.on('closed', (event) => resolve((event as { code: number }).code)));
    const refused = overSocket(again, SUBMIT_MOVE, { id: gameId, move: { type: 'add', amount: 1 }, version });
    await expect(refused).rejects.toMatchObject({ code: 4401 });
    expect(await closedAgain).toBe(4401);
    expect(await versionOf(gameId)).toBe(version);
    // Over HTTP it is refused alike.
    expect((await gql(server.url, SUBMIT_MOVE, { id: gameId, move: { type: 'add', amount: 1 }, version }, phone.token)).errors?.[0].extensions?.code).toBe(
      'UNAUTHENTICATED',
    );
  });

  it('is stored once when its socket drops before the answer and the page sends it again over HTTP', async () => {
    const gameId = await startCountingGame(server.url, [ann, bob]);
    const version = await versionOf(gameId);
    const [mover] = await moverAndOther(gameId);
    const variables = { id: gameId, move: { type: 'add', amount: 1 }, version, clientMoveId: 'dropped-once' };
    // Another socket sees the move made: the signal that the dropped socket's move was stored.
    const watcher = socketOf(ann);
    const moved = new Promise<void>((resolve) =>
      watcher.subscribe(
        { query: `subscription($id: ID!) { gameUpdated(gameId: $id) { version } }`, variables: { id: gameId } },
        {
          next: (result) => (result.data as { gameUpdated: { version: number } }).gameUpdated.version > version && resolve(),
          error: () => undefined,
          complete: () => undefined,
        },
      ),
    );

    const raw = new WebSocket(server.url.replace(/^http/, 'ws'), 'graphql-transport-ws');
    const answers: unknown[] = [];
    raw.on('message', (data) => answers.push(JSON.parse(String(data))));
    await new Promise((resolve) => raw.once('open', resolve));
    raw.send(JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${mover.token}` } }));
    await new Promise((resolve) => raw.once('message', resolve));
    const closed = new Promise((resolve) => raw.once('close', resolve));
    // The move, and at once the socket's end: its answer has nowhere to go.
    raw.send(JSON.stringify({ id: 'move', type: 'subscribe', payload: { query: SUBMIT_MOVE, variables } }));
    raw.close();
    await closed;
    await moved;
    expect(answers).toEqual([{ type: 'connection_ack' }]);

    const resent = await gql<{ submitMove: { version: number } }>(server.url, SUBMIT_MOVE, variables, mover.token);
    expect(resent.errors).toBeUndefined();
    expect(resent.data!.submitMove.version).toBe(await versionOf(gameId));
    const events = await storedEvents(gameId);
    expect(events.filter((event) => event.clientMoveId === 'dropped-once')).toHaveLength(1);
    expect(events.filter((event) => event.seq > version)).toHaveLength(1);
  });
});

describe('a refusal over the socket', () => {
  it('has the code and shape HTTP gives it, and writes nothing', async () => {
    const gameId = await startCountingGame(server.url, [ann, bob]);
    const version = await versionOf(gameId);
    const [mover, other] = await moverAndOther(gameId);
    const costly = `query($id: ID!) { game(id: $id) { ${Array.from({ length: 13 }, (_, i) => `a${i}: integrity { ok }`).join(' ')} } }`;
    const cases: Array<[string, Player | undefined, string, Record<string, unknown>]> = [
      ['NOT_YOUR_TURN', other, SUBMIT_MOVE, { id: gameId, move: { type: 'add', amount: 1 }, version }],
      ['ILLEGAL_MOVE', mover, SUBMIT_MOVE, { id: gameId, move: { type: 'add', amount: 99 }, version }],
      ['VERSION_CONFLICT', mover, SUBMIT_MOVE, { id: gameId, move: { type: 'add', amount: 1 }, version: version - 1 }],
      ['BAD_USER_INPUT', mover, SUBMIT_MOVE, { id: gameId, move: { type: 'add', amount: 1 }, version: 'latest' }],
      ['UNAUTHENTICATED', undefined, SUBMIT_MOVE, { id: gameId, move: { type: 'add', amount: 1 }, version }],
      ['QUERY_TOO_COMPLEX', undefined, costly, { id: gameId }],
      ['GRAPHQL_PARSE_FAILED', mover, `mutation { submitMove(`, {}],
      ['GRAPHQL_VALIDATION_FAILED', mover, `mutation { submitMove(gameId: "x") { version } }`, {}],
      ['OPERATION_RESOLUTION_FAILURE', mover, `query A { me { id } } query B { me { id } }`, {}],
    ];
    for (const [code, player, query, variables] of cases) {
      const http = await gql(server.url, query, variables, player?.token);
      const socket = await overSocket(socketOf(player), query, variables);
      expect([code, http.errors?.[0].extensions?.code]).toEqual([code, code]);
      expect([code, socket]).toEqual([code, http]);
    }
    expect(await versionOf(gameId)).toBe(version);
  });

  it('counts against the limits HTTP requests count against, and is refused past them as HTTP is', async () => {
    // Mails to one address: 5 an hour, whoever asks and however.
    const ask = `mutation($e: String!) { requestPasswordReset(email: $e) }`;
    const email = { e: 'limited-over-both@example.org' };
    const socket = socketOf();
    for (let i = 0; i < 3; i += 1) expect((await gql(server.url, ask, email)).errors).toBeUndefined();
    for (let i = 0; i < 2; i += 1) expect((await overSocket(socket, ask, email)).errors).toBeUndefined();
    const overTheSocket = await overSocket(socket, ask, email);
    const overHttp = await gql(server.url, ask, email);
    expect(overTheSocket.errors?.[0].extensions).toMatchObject({ code: 'RATE_LIMITED', retryAfter: expect.any(Number) });
    expect(overHttp.errors?.[0].extensions).toMatchObject({ code: 'RATE_LIMITED' });
  });
});
