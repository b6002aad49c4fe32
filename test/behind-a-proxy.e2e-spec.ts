/**
 * A server behind a reverse proxy (docker-compose.yml's Caddy) with
 * TRUST_PROXY set as a number of hops: each client is counted by its own
 * address, as the proxy names it, not by the proxy's, which every client
 * shares (README.md, "Rate limits").
 */
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
