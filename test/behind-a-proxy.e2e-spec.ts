/**
 * A server behind a reverse proxy (docker-compose.yml's Caddy) with
 * TRUST_PROXY set as a number of hops: each client is counted by its own
 * address, as the proxy names it, not by the proxy's, which every client
 * shares (README.md, "Rate limits").
 */
import WebSocket from 'ws';
import { SOCKETS_PER_ADDRESS } from '../src/api/sockets-per-address';
import { loadConfig } from '../src/config/config';
import { LOGIN_LIMITS } from '../src/rate-limits/login-attempts';
import { errorCode, GraphQLResponse, startTestServer, TestServer } from './support/app';

let server: TestServer;

beforeAll(async () => {
  // Through the configuration, as `npm start` reads it: Express must get the number 1, not the string "1".
  server = await startTestServer({ trustProxy: loadConfig({ TRUST_PROXY: '1' }).trustProxy });
});

afterAll(() => server.close());

let attempt = 0;

/** A failed login, as the proxy forwards it from `client`, for an address tried once (so only the per-address limit counts it). */
async function failedLogin(client: string): Promise<string | undefined> {
  const response = await fetch(server.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
    body: JSON.stringify({ query: `mutation($e: String!) { login(email: $e, password: "not the password at all") { token } }`, variables: { e: `nobody-${++attempt}@example.org` } }),
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
