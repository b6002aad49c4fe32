/**
 * The public API tried as an attacker would, against the running server and
 * real PostgreSQL: nothing internal in any error, queries too big refused
 * before anything runs, introspection off, security headers, CORS and
 * WebSocket origins, and request limits.
 */
import { GraphQLSchemaHost } from '@nestjs/graphql';
import { DocumentNode, isObjectType, Kind, OperationDefinitionNode, parse, print, specifiedRules, TypeNode, validate } from 'graphql';
import WebSocket from 'ws';
import * as generated from '../web/src/api/generated';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SCHEMA_FILE, schemaFileText } from '../src/api/api-schema';
import { COST_ARGUMENTS, costOf, estimators, QUERY_LIMITS, queryLimitRules } from '../src/graphql/query-limits';
import { errorCode, gql, gqlOk, Player, registerPlayer, startTestServer, TestServer } from './support/app';
import { askToCreateGame, createGame } from './support/games';

/** Every operation the web page sends: the typed documents generated from web/src/api/operations/ (`npm run codegen`), each with the fragments it uses. */
const pageOperations = Object.values(generated as Record<string, unknown>).flatMap((value) => {
  const document = value as DocumentNode;
  const operation = document.definitions?.find((definition): definition is OperationDefinitionNode => definition.kind === Kind.OPERATION_DEFINITION);
  return operation ? [{ name: operation.name!.value, operation, text: print(document) }] : [];
});

const INTERNALS = /\bat \w+ \(|\/src\/|node_modules|\.ts:\d+|stacktrace/i;

async function postRaw(url: string, body: string, headers: Record<string, string> = {}) {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
  return { status: response.status, text: await response.text(), headers: response.headers };
}

describe('Public API under attack', () => {
  let server: TestServer;
  let url: string;
  let ann: Player;
  let bob: Player;
  let gameId: string;

  beforeAll(async () => {
    server = await startTestServer({ web: true });
    url = server.url;
    [ann, bob] = await Promise.all([registerPlayer(url, 'Ann'), registerPlayer(url, 'Bob')]);
    gameId = await createGame(url, ann);
  });

  afterAll(() => server.close());

  it('answers parse, validation, coercion and batching errors without a stack trace, path or internal message', async () => {
    const attempts = [
      postRaw(url, JSON.stringify({ query: '{ game(id: ' })),
      postRaw(url, JSON.stringify({ query: '{ nope }' })),
      postRaw(url, JSON.stringify({ query: 'query($n: Int!) { games(first: $n) { id } }', variables: { n: 'many' } })),
      postRaw(url, JSON.stringify([{ query: '{ rulesets { id } }' }, { query: '{ rulesets { id } }' }])),
      postRaw(url, JSON.stringify({ variables: {} })),
      postRaw(url, '{"query": '),
    ];
    const answers = await Promise.all(attempts);
    for (const answer of answers) {
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.text).not.toMatch(INTERNALS);
    }
    const codes = answers.slice(0, 5).map((answer) => JSON.parse(answer.text).errors[0].extensions.code);
    expect(codes).toEqual(['GRAPHQL_PARSE_FAILED', 'GRAPHQL_VALIDATION_FAILED', 'BAD_USER_INPUT', 'BAD_REQUEST', 'BAD_REQUEST']);
    for (const answer of answers.slice(0, 5)) expect(Object.keys(JSON.parse(answer.text).errors[0].extensions)).toEqual(['code']);
  });

  it('refuses 1,000 aliases of an expensive field before any resolver runs, anonymous or not', async () => {
    const aliases = Array.from({ length: 1000 }, (_, i) => `g${i}: game(id: "${gameId}") { integrity { ok } view(asOf: 1) }`).join(' ');
    for (const token of [undefined, ann.token]) {
      const started = Date.now();
      const refused = await gql(url, `{ ${aliases} }`, {}, token);
      expect(errorCode(refused)).toBe('QUERY_TOO_COMPLEX');
      expect(refused.errors![0].extensions).toMatchObject({ limit: 'tokens' });
      expect(Date.now() - started).toBeLessThan(5_000);
    }
    const fewer = Array.from({ length: 40 }, (_, i) => `g${i}: game(id: "${gameId}") { id }`).join(' ');
    expect((await gql(url, `{ ${fewer} }`)).errors![0].extensions).toMatchObject({ code: 'QUERY_TOO_COMPLEX', limit: 'aliases', max: 30, actual: 40 });
  });

  it(`serves the schema checked in as ${SCHEMA_FILE}, which the web page's types are generated from`, () => {
    // The file is built from API_RESOLVERS alone (src/api/api-schema.ts): a resolver served from elsewhere must be listed there.
    expect(schemaFileText(server.app.get(GraphQLSchemaHost).schema)).toBe(readFileSync(join(__dirname, '..', SCHEMA_FILE), 'utf8'));
  });

  it('lets every request of the web page through, signed in or, for what a visitor may ask, not', () => {
    const { schema } = server.app.get(GraphQLSchemaHost);
    const samples: Record<string, unknown> = {
      ID: gameId,
      String: 'x',
      Int: 1,
      JSON: {},
      DateTime: new Date().toISOString(),
      DeadlineAction: 'EXTEND',
      WebhookKind: 'DISCORD',
      GroupRole: 'ADMIN',
      Boolean: true,
    };
    const inputSamples: Record<string, unknown> = {
      CreateGameInput: { ruleset: 'counting', seats: 2 },
      CreateLeagueInput: { groupId: gameId, ruleset: 'counting', seatsPerGame: 2, format: 'ROUND_ROBIN', memberIds: [] },
    };
    const sample = (type: TypeNode): unknown => {
      if (type.kind === Kind.NON_NULL_TYPE) return sample(type.type);
      if (type.kind === Kind.LIST_TYPE) return [];
      return inputSamples[type.name.value] ?? samples[type.name.value];
    };
    const visitorQueries = [
      'Rulesets',
      'OpenGames',
      'Game',
      'GameUpdated',
      'ViewAsOf',
      'History',
      'GameRecord',
      'RecordCheck',
      'ChatUpdated',
      'MailCaught',
      'GroupInvitation',
    ];
    expect(pageOperations.map(({ name }) => name)).toEqual(
      expect.arrayContaining(['Me', 'MyGames', 'Game', 'GameUpdated', 'SubmitMove', 'NotificationSettings']),
    );
    for (const { name, operation, text } of pageOperations) {
      const document = parse(text, { maxTokens: QUERY_LIMITS.tokens });
      expect({ name, errors: validate(schema, document, [...specifiedRules, ...queryLimitRules()]).map((error) => error.message) }).toEqual({
        name,
        errors: [],
      });
      const variables = Object.fromEntries((operation.variableDefinitions ?? []).map((variable) => [variable.variable.name.value, sample(variable.type)]));
      const cost = costOf({ schema, query: document, variables, estimators });
      const budget =
        operation.operation === 'subscription'
          ? QUERY_LIMITS.costSubscription
          : visitorQueries.includes(name)
            ? QUERY_LIMITS.costAnonymous
            : QUERY_LIMITS.costPlayer;
      expect({ name, cost: cost !== null && cost <= budget }).toEqual({ name, cost: true });
    }
  });

  it('refuses repeated fields, too many directives and too high a cost, saying which limit', async () => {
    const repeated = await gql(url, `{ rulesets { ${'id '.repeat(50)} } }`);
    expect(repeated.errors![0].extensions).toMatchObject({ code: 'QUERY_TOO_COMPLEX', limit: 'repeatedFields' });
    const directives = await gql(url, `{ rulesets { id ${Array.from({ length: 25 }, (_, i) => `n${i}: name @include(if: true)`).join(' ')} } }`);
    expect(directives.errors![0].extensions).toMatchObject({ code: 'QUERY_TOO_COMPLEX', limit: 'directives' });
    // Fifteen integrity checks (7,515): over a visitor's budget, within a player's.
    const costly = `{ ${Array.from({ length: 15 }, (_, i) => `g${i}: game(id: "${gameId}") { integrity { ok } }`).join(' ')} }`;
    expect((await gql(url, costly)).errors![0].extensions).toMatchObject({ code: 'QUERY_TOO_COMPLEX', limit: 'cost' });
    expect((await gql(url, costly, {}, ann.token)).errors).toBeUndefined();
  });

  it('counts the cost of one query text again for each list length and @include it is sent with', async () => {
    // The same document each time: its cost is kept per values of `first` and of `@include`, never reused for others.
    const histories = `query Histories($n: Int, $checks: Boolean!) { ${Array.from({ length: 15 }, (_, i) => `g${i}: game(id: "${gameId}") { history(first: $n) { seq } integrity @include(if: $checks) { ok } }`).join(' ')} }`;
    const costOfAnswer = async (variables: Record<string, unknown>) => (await gql(url, histories, variables)).errors?.[0]?.extensions ?? 'served';
    expect(await costOfAnswer({ n: 1, checks: false })).toBe('served');
    expect(await costOfAnswer({ n: 500, checks: false })).toMatchObject({ code: 'QUERY_TOO_COMPLEX', limit: 'cost', actual: 15 * (1 + 1 + 500) });
    expect(await costOfAnswer({ n: 1, checks: false })).toBe('served');
    expect(await costOfAnswer({ n: 1, checks: true })).toMatchObject({ code: 'QUERY_TOO_COMPLEX', limit: 'cost' });
    // Left out, `first` takes its default (100 entries): not the cost of null, whatever that was counted as.
    expect(await costOfAnswer({ n: null, checks: false })).toBe('served');
    expect(await costOfAnswer({ checks: false })).toBe('served');
    const defaulted = await gql(url, histories.replace('$n: Int', '$n: Int = 500'), { checks: false });
    expect(defaulted.errors?.[0]?.extensions).toMatchObject({ code: 'QUERY_TOO_COMPLEX', limit: 'cost' });
  });

  it(`prices every field from the arguments in COST_ARGUMENTS alone (${[...COST_ARGUMENTS].join(', ')}), which the cost cache keys on`, () => {
    const { schema } = server.app.get(GraphQLSchemaHost);
    const read = new Set<string>();
    let priced = 0;
    for (const type of Object.values(schema.getTypeMap())) {
      if (!isObjectType(type)) continue;
      for (const field of Object.values(type.getFields())) {
        const complexity = field.extensions?.complexity;
        if (typeof complexity !== 'function') continue;
        priced++;
        const args = new Proxy({}, { get: (_, name) => void read.add(String(name)) });
        complexity({ args, childComplexity: 1, field, type });
      }
    }
    expect(priced).toBeGreaterThanOrEqual(5);
    expect([...read].filter((name) => !COST_ARGUMENTS.has(name))).toEqual([]);
  });

  it('runs no resolver of a refused operation: a mutation over the cost limit writes nothing', async () => {
    const before = (await gqlOk<{ games: unknown[] }>(url, `{ games(first: 200) { id } }`, {}, ann.token)).games.length;
    const creates = Array.from({ length: 3 }, (_, i) => `c${i}: createGame(input: { ruleset: "counting", seats: 2 }) { id }`).join(' ');
    const checks = Array.from(
      { length: 26 },
      (_, i) => `i${i}: createGame(input: { ruleset: "counting", seats: 2 }) { integrity { ok } history(first: 500) { seq } }`,
    ).join(' ');
    const refused = await gql(url, `mutation { ${creates} ${checks} }`, {}, ann.token);
    expect(refused.errors![0].extensions).toMatchObject({ code: 'QUERY_TOO_COMPLEX', limit: 'cost' });
    expect((await gqlOk<{ games: unknown[] }>(url, `{ games(first: 200) { id } }`, {}, ann.token)).games.length).toBe(before);
  });

  it('hides the schema when introspection is off', async () => {
    const closed = await startTestServer({ introspection: false, db: server.db });
    try {
      const refused = await gql(closed.url, `{ __schema { types { name } } }`);
      expect(errorCode(refused)).toBe('GRAPHQL_VALIDATION_FAILED');
      expect(JSON.stringify(refused)).not.toMatch(INTERNALS);
    } finally {
      await closed.app.close();
    }
  });

  it('sends security headers on the page and the API, and no X-Powered-By', async () => {
    const page = await fetch(url.replace('/graphql', '/'));
    const api = await postRaw(url, JSON.stringify({ query: '{ rulesets { id } }' }));
    for (const headers of [page.headers, api.headers]) {
      expect(headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(headers.get('content-security-policy')).toContain("script-src 'self'");
      expect(headers.get('x-content-type-options')).toBe('nosniff');
      expect(headers.get('referrer-policy')).toBe('same-origin');
      expect(headers.get('x-powered-by')).toBeNull();
    }
    // The page is revalidated by its date; an API answer is not worth hashing into an ETag.
    expect(page.headers.get('last-modified')).toBeTruthy();
    expect(api.headers.get('etag')).toBeNull();
  });

  it('keeps CORS closed unless origins are listed, and refuses WebSockets from other origins', async () => {
    const preflight = await fetch(url, { method: 'OPTIONS', headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' } });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    const open = await startTestServer({ corsOrigins: ['https://friend.example'], db: server.db });
    try {
      const allowed = await fetch(open.url, { method: 'OPTIONS', headers: { origin: 'https://friend.example', 'access-control-request-method': 'POST' } });
      expect(allowed.headers.get('access-control-allow-origin')).toBe('https://friend.example');
    } finally {
      await open.app.close();
    }
    const closeCode = (origin: string) =>
      new Promise<number>((resolve) => {
        const socket = new WebSocket(url.replace(/^http/, 'ws'), 'graphql-transport-ws', { headers: { origin } });
        socket.on('open', () => socket.send(JSON.stringify({ type: 'connection_init', payload: {} })));
        socket.on('message', (data) => {
          if (JSON.parse(String(data)).type === 'connection_ack') socket.close(1000);
        });
        socket.on('close', (code) => resolve(code));
      });
    expect(await closeCode('https://evil.example')).toBe(4403);
    expect(await closeCode(new URL(url).origin)).toBe(1000);
  });

  it("limits a player's mutations, with RATE_LIMITED and when to try again", async () => {
    const mutation = `mutation($id: ID!) { joinGame(gameId: $id) { id } }`;
    // In volleys, so that the limit is reached inside one minute's window even on a busy machine.
    let refusal;
    for (let volley = 0; volley < 40 && !refusal; volley++) {
      const answers = await Promise.all(Array.from({ length: 25 }, () => gql(url, mutation, { id: gameId }, bob.token)));
      refusal = answers.find((answer) => errorCode(answer) === 'RATE_LIMITED');
    }
    expect(refusal!.errors![0].extensions!.retryAfter).toBeGreaterThan(0);
    expect(refusal!.errors![0].extensions!.retryAfter).toBeLessThanOrEqual(60);
    // Others are not held back by Bob's haste.
    expect((await askToCreateGame(url, ann, {})).errors).toBeUndefined();
  });

  it('limits sign-ups per client address, and mail to one address whoever asks', async () => {
    const REGISTER = `mutation($e: String!) { register(email: $e, password: "correct horse battery", displayName: "Script") { token } }`;
    const RESET = `mutation { requestPasswordReset(email: "victim@example.org") }`;
    const resets = [];
    for (let i = 0; i < 6; i++) resets.push(await gql(url, RESET));
    expect(resets.slice(0, 5).map(errorCode)).toEqual([undefined, undefined, undefined, undefined, undefined]);
    expect(resets[5].errors![0].extensions).toMatchObject({ code: 'RATE_LIMITED' });
    let refused;
    for (let i = 0; i < 40 && !refused; i++) {
      const answer = await gql(url, REGISTER, { e: `script-${i}@example.org` });
      if (errorCode(answer) === 'RATE_LIMITED') refused = { answer, i };
    }
    // 30 account requests an hour per address: Ann's and Bob's sign-ups, the six resets and 22 more sign-ups.
    expect(refused!.i).toBe(22);
    expect(refused!.answer.errors![0].extensions!.retryAfter).toBeGreaterThan(0);
  });
});
