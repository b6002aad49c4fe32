/**
 * A server behind a reverse proxy (docker-compose.yml's Caddy) with
 * TRUST_PROXY set as a number of hops: each client is counted by its own
 * address, as the proxy names it, not by the proxy's, which every client
 * shares (README.md, "Rate limits").
 */
import WebSocket from 'ws';
import { SOCKETS_PER_ADDRESS } from '../src/api/sockets-per-address';
import { ManualClock } from '../src/common/clock';
import { loadConfig } from '../src/config/config';
import { LOGIN_LIMITS } from '../src/rate-limits/login-attempts';
import { print } from 'graphql';
import { createClient } from 'graphql-ws';
import { GameUpdatedDocument } from '../web/src/api/generated';
import { errorCode, GraphQLResponse, registerPlayer, startTestServer, TestServer } from './support/app';

let server: TestServer;
/** The first second of this minute, and it stays there: the read points' minute (counted in fixed minutes) never runs out under a test. */
const clock = new ManualClock(new Date(Date.now() - (Date.now() % 60_000) + 1_000));

beforeAll(async () => {
  // Through the configuration, as `npm start` reads it: Express must get the number 1, not the string "1".
  server = await startTestServer({ clock, trustProxy: loadConfig({ TRUST_PROXY: '1' }).trustProxy });
});

afterAll(() => server.close());

let attempt = 0;

/** A failed login, as the proxy forwards it from `client`, for an address tried once (so only the per-address limit counts it). */
async function failedLogin(client: string): Promise<string | undefined> {
  const response = await fetch(server.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
    body: JSON.stringify({
      query: `mutation($e: String!) { login(email: $e, password: "not the password at all") { token } }`,
      variables: { e: `nobody-${++attempt}@example.org` },
    }),
  });
  return errorCode((await response.json()) as GraphQLResponse);
}

it('counts failed logins by the address the proxy names, so one client’s guesses hold back no one else', async () => {
  for (let i = 0; i < LOGIN_LIMITS.freePerAddress; i++) expect(await failedLogin('203.0.113.7')).toBe('UNAUTHENTICATED');
  expect(await failedLogin('203.0.113.7')).toBe('RATE_LIMITED');
  // Another client behind the same proxy is not held back.
  expect(await failedLogin('198.51.100.9')).toBe('UNAUTHENTICATED');
});

/** A live-update socket, as the proxy forwards it from `client`: open, or the HTTP status its upgrade was refused with. */
function openSocket(client: string): Promise<{ socket: WebSocket; refusedWith?: number }> {
  const socket = new WebSocket(server.url.replace(/^http/, 'ws'), 'graphql-transport-ws', { headers: { 'x-forwarded-for': client } });
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve({ socket }));
    socket.once('unexpected-response', (_request, response) => resolve({ socket, refusedWith: response.statusCode }));
    socket.once('error', reject);
  });
}

async function closeSocket(socket: WebSocket): Promise<void> {
  if (socket.readyState === WebSocket.CLOSED) return;
  await new Promise((resolve) => {
    socket.once('close', resolve);
    socket.close();
  });
}

it('lets one client hold only so many live-update sockets, counted by the address the proxy names', async () => {
  const opened: WebSocket[] = [];
  try {
    for (let i = 0; i < SOCKETS_PER_ADDRESS; i++) {
      const { socket, refusedWith } = await openSocket('203.0.113.20');
      opened.push(socket);
      expect(refusedWith).toBeUndefined();
    }
    const refused = await openSocket('203.0.113.20');
    expect(refused.refusedWith).toBe(429);
    // Another client behind the same proxy opens its own.
    const other = await openSocket('198.51.100.21');
    opened.push(other.socket);
    expect(other.refusedWith).toBeUndefined();
    // A closed socket gives its place back.
    await closeSocket(opened.shift()!);
    let again = await openSocket('203.0.113.20');
    for (let tries = 0; again.refusedWith && tries < 50; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      again = await openSocket('203.0.113.20');
    }
    opened.push(again.socket);
    expect(again.refusedWith).toBeUndefined();
  } finally {
    await Promise.all(opened.map(closeSocket));
  }
});

/** A read as the proxy forwards it from `client`. */
async function read(client: string, query: string, token?: string): Promise<{ status: number; body: GraphQLResponse }> {
  const response = await fetch(server.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': client, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query }),
  });
  return { status: response.status, body: (await response.json()) as GraphQLResponse };
}

/** The first answer to a subscription a socket from `client` starts. */
function subscribeFrom(client: string, query: string, variables: Record<string, unknown>): Promise<GraphQLResponse> {
  const socket = createClient({
    url: server.url.replace(/^http/, 'ws'),
    webSocketImpl: class extends WebSocket {
      constructor(address: string, protocols: string) {
        super(address, protocols, { headers: { 'x-forwarded-for': client } });
      }
    },
    retryAttempts: 0,
  });
  return new Promise<GraphQLResponse>((resolve) => {
    socket.subscribe(
      { query, variables },
      {
        next: (result) => resolve(result as GraphQLResponse),
        error: (errors) => resolve({ errors: errors as GraphQLResponse['errors'] }),
        complete: () => undefined,
      },
    );
  }).finally(() => socket.dispose());
}

it('lets one client’s reads cost only so much a minute, counted by the address the proxy names, or by player once signed in', async () => {
  const player = await registerPlayer(server.url, 'Reader');
  // A visitor's costly read, over and over, as a script would.
  const COSTLY = `{ games(first: 150) { id name status seats { index user { displayName } } } }`;
  let refused: { status: number; body: GraphQLResponse } | undefined;
  let answered = 0;
  for (; answered < 2000 && !refused; answered++) {
    const answer = await read('203.0.113.30', COSTLY);
    if (answer.body.errors) refused = answer;
  }
  expect(answered).toBeGreaterThan(10);
  expect(refused!.status).toBe(429);
  expect(refused!.body.data ?? null).toBeNull();
  expect(refused!.body.errors![0].extensions).toMatchObject({ code: 'RATE_LIMITED' });
  expect(refused!.body.errors![0].extensions!.retryAfter).toBeGreaterThan(0);
  expect(refused!.body.errors![0].extensions!.retryAfter).toBeLessThanOrEqual(60);
  // Every other read of that client waits too: a subscription, a record.
  expect(errorCode(await subscribeFrom('203.0.113.30', print(GameUpdatedDocument), { id: '00000000-0000-4000-8000-000000000000' }))).toBe('RATE_LIMITED');
  const record = await fetch(`${server.url.replace(/\/graphql$/, '')}/games/00000000-0000-4000-8000-000000000000/record.json`, {
    headers: { 'x-forwarded-for': '203.0.113.30' },
  });
  expect(record.status).toBe(429);
  expect(Number(record.headers.get('retry-after'))).toBeGreaterThan(0);
  // Another client behind the same proxy reads on, and so does a player signed in from that address.
  expect((await read('198.51.100.31', COSTLY)).body.errors).toBeUndefined();
  expect((await read('203.0.113.30', COSTLY, player.token)).body.errors).toBeUndefined();
});
