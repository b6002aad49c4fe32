/** Starts the real server on a free port against a test database, and talks to it. */
import type { INestApplication } from '@nestjs/common';
import type { Logger as PinoLogger } from 'pino';
import { createClient, Client as WsClient } from 'graphql-ws';
import WebSocket from 'ws';
import { Client as PgClient } from 'pg';
import { createApp } from '../../src/app';
import { Clock } from '../../src/common/clock';
import { LISTENER_APPLICATION_NAME } from '../../src/graphql/game-updates';
import type { VacationPolicy } from '../../src/vacations/vacations';
import { RULESETS_HOSTED } from '../../src/games';
import type { MailOptions } from '../../src/notifications/notification-options';
import type { AnyRuleset } from '../../src/rules/contract';
import type { AppOptions } from '../../src/process-foundation';
import type { PushOptions } from '../../src/push/push-options';
import { serveWebApp } from '../../src/web/serve-web-app';
import { countingGame } from './counting-game';
import { createTestDatabase, TestDatabase } from './database';

export interface TestServer {
  app: INestApplication;
  url: string;
  db: TestDatabase;
  close(): Promise<void>;
}

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';

export interface TestServerOptions {
  clock?: Clock;
  rulesets?: AnyRuleset[];
  snapshotInterval?: number;
  /** Shared with another server, and kept when this one closes. */
  db?: TestDatabase;
  /** Omitted: notifications are queued but not sent. */
  mail?: MailOptions;
  /** Also serve the built web page at `/`, as `npm start` does. */
  web?: boolean;
  vacations?: VacationPolicy;
  /** Omitted: 0, so a turn mail is due at once (the grace-period tests set it). */
  turnMailDelaySeconds?: number;
  metricsToken?: string;
  /** Omitted: the server logs nothing. */
  logger?: PinoLogger;
  /** Omitted: off, so registerPlayer signs a player in at once (the account tests turn it on). */
  emailVerification?: boolean;
  /** Omitted: on, as `npm start` runs, so every test shows the limits let it work. */
  rateLimits?: boolean;
  /** Omitted: on. */
  introspection?: boolean;
  corsOrigins?: string[];
  /** Express's `trust proxy` (TRUST_PROXY). Omitted: none, as `npm start` runs. */
  trustProxy?: number | string | false;
  /** Omitted: as ALLOW_FIXED_SEEDS says (on in `npm test`). */
  allowFixedSeeds?: boolean;
  /** Omitted: as PASSWORD_HASH_COST says (the least allowed in `npm test`: testPasswordHashCost). */
  passwordHashCost?: number;
  /** OUTBOUND_ALLOW_PRIVATE: the servers a test starts on loopback may be called. Omitted: off, as `npm start` runs. */
  outboundAllowPrivate?: boolean;
  /** Webhook posts delivered by the server (AppOptions.webhooks). Omitted: queued only. */
  webhooks?: AppOptions['webhooks'];
  /** Omitted: a key pair of the server's own, and no push sent. */
  push?: PushOptions;
  /** Bots' moves (AppOptions.bots). Omitted: made by the server, BOT_MOVE_DELAY_MS after their turn begins in a game with a player. */
  bots?: AppOptions['bots'];
}

/** A bot's moment of thought in tests: short, but a moment (a game with a player still sees its moves one by one). */
export const BOT_MOVE_DELAY_MS = 30;

/**
 * The cost test servers hash passwords at when the test does not say: PASSWORD_HASH_COST, which global-setup.ts sets
 * for the run (and the processes tests start) to the least allowed, where a hash takes a sixteenth of the default's CPU.
 */
export function testPasswordHashCost(): number | undefined {
  return process.env.PASSWORD_HASH_COST ? Number(process.env.PASSWORD_HASH_COST) : undefined;
}

/** Whether test servers take fixed seeds when the test does not say (see global-setup.ts). */
export function fixedSeedsAllowedByEnvironment(): boolean {
  return process.env.ALLOW_FIXED_SEEDS === 'true';
}

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const db = options.db ?? (await createTestDatabase());
  const app = await createApp({
    databaseUrl: db.url,
    jwtSecret: TEST_JWT_SECRET,
    rulesets: options.rulesets ?? [...RULESETS_HOSTED, countingGame],
    snapshotInterval: options.snapshotInterval ?? 100,
    clock: options.clock,
    mail: options.mail,
    vacations: options.vacations,
    turnMailDelaySeconds: options.turnMailDelaySeconds,
    metricsToken: options.metricsToken,
    logger: options.logger,
    emailVerification: options.emailVerification ?? false,
    rateLimits: options.rateLimits ?? true,
    introspection: options.introspection ?? true,
    corsOrigins: options.corsOrigins,
    trustProxy: options.trustProxy,
    allowFixedSeeds: options.allowFixedSeeds ?? fixedSeedsAllowedByEnvironment(),
    passwordHashCost: options.passwordHashCost ?? testPasswordHashCost(),
    outboundAllowPrivate: options.outboundAllowPrivate,
    webhooks: options.webhooks,
    push: options.push,
    bots: { moveDelayMs: BOT_MOVE_DELAY_MS, ...options.bots },
  });
  if (options.web && !serveWebApp(app)) throw new Error('The web page is not built: run `npm run build:web` (npm test does).');
  await app.listen(0, '127.0.0.1');
  const url = `${(await app.getUrl()).replace('[::1]', '127.0.0.1')}/graphql`;
  return {
    app,
    url,
    db,
    close: async () => {
      await app.close();
      if (!options.db) await db.drop();
    },
  };
}

export interface GraphQLResponse<T = Record<string, any>> {
  data?: T;
  errors?: Array<{ message: string; extensions?: { code?: string; [key: string]: unknown } }>;
}

export async function gql<T = Record<string, any>>(
  url: string,
  query: string,
  variables: Record<string, unknown> = {},
  token?: string,
): Promise<GraphQLResponse<T>> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  return (await response.json()) as GraphQLResponse<T>;
}

/** Like gql, but fails the test on any error. */
export async function gqlOk<T = Record<string, any>>(url: string, query: string, variables: Record<string, unknown> = {}, token?: string): Promise<T> {
  const result = await gql<T>(url, query, variables, token);
  if (result.errors?.length) throw new Error(`GraphQL errors: ${JSON.stringify(result.errors)}`);
  return result.data as T;
}

export function errorCode(result: GraphQLResponse<unknown>): string | undefined {
  return result.errors?.[0]?.extensions?.code;
}

/** Mail to a test inbox, delivered quickly and tried again soon: for tests that read the mail a game sends. */
export function quickMailTo(inboxUrl: string): MailOptions {
  return {
    transportUrl: inboxUrl,
    from: 'games@example.org',
    publicUrl: 'http://play.example',
    delivery: { retryDelaySeconds: 1, retryBackoff: false, pollingIntervalSeconds: 0.5 },
  };
}

/** The code of a refusal, having checked there was exactly one error and that the game's version (`versionOf`) did not change: nothing was written. */
export async function refusalWritingNothing(versionOf: () => Promise<number>, attempt: Promise<GraphQLResponse<unknown>>): Promise<string | undefined> {
  const before = await versionOf();
  const result = await attempt;
  if (result.errors?.length !== 1) throw new Error(`expected one refusal, got ${JSON.stringify(result.errors ?? result.data)}`);
  const after = await versionOf();
  if (after !== before) throw new Error(`the refusal ${errorCode(result)} wrote to the game (version ${before} became ${after})`);
  return errorCode(result);
}

export interface Player {
  token: string;
  id: string;
  name: string;
}

/** Every test player's password. */
export const TEST_PASSWORD = 'correct horse battery';

/** Signs a player up on a server with EMAIL_VERIFICATION=off (the tests' default). */
export async function registerPlayer(url: string, name: string): Promise<Player> {
  const data = await gqlOk<{ register: { token: string; user: { id: string } } }>(
    url,
    `mutation($email: String!, $name: String!) { register(email: $email, password: "${TEST_PASSWORD}", displayName: $name) { token user { id } } }`,
    { email: `${name.toLowerCase()}-${Math.random().toString(36).slice(2)}@example.org`, name },
  );
  return { token: data.register.token, id: data.register.user.id, name };
}

/** A player with the address their mail goes to. */
export interface Member extends Player {
  email: string;
}

export async function registerMember(url: string, name: string): Promise<Member> {
  const player = await registerPlayer(url, name);
  return { ...player, email: await emailOf(url, player) };
}

/** The player's current address, as the server has it. */
export async function emailOf(url: string, player: Player): Promise<string> {
  return (await gqlOk<{ me: { email: string } }>(url, '{ me { email } }', {}, player.token)).me.email;
}

export function wsClient(url: string, token?: string): WsClient {
  return createClient({
    url: url.replace(/^http/, 'ws'),
    webSocketImpl: WebSocket,
    connectionParams: token ? { authorization: `Bearer ${token}` } : {},
    retryAttempts: 0,
    lazy: false,
    // A socket the server closes is what tests of sessions and shutdown wait for (its 'closed' event, or the errors a
    // subscription gets); graphql-ws would also print each such close event in full, some 140 lines.
    onNonLazyError: () => undefined,
  });
}

/** What a socket answers to a subscription: data, or errors. */
export interface SocketAnswer {
  data?: Record<string, unknown>;
  errors?: Array<{ message: string; extensions?: Record<string, unknown> }>;
}

/**
 * The first thing a socket answers to a subscription: a result, or the
 * errors that end it. `stop` ends a subscription still open.
 */
export function firstAnswer(client: WsClient, query: string, variables: Record<string, unknown> = {}): Promise<SocketAnswer & { stop: () => void }> {
  return new Promise((resolve) => {
    const stop = client.subscribe<Record<string, unknown>>(
      { query, variables },
      {
        next: (result) => resolve({ data: result.data ?? undefined, errors: result.errors as SocketAnswer['errors'], stop }),
        error: (errors) => resolve({ errors: errors as SocketAnswer['errors'], stop }),
        complete: () => undefined,
      },
    );
  });
}

/** The code of an answer's first error. */
export const codeOf = (answer: SocketAnswer) => answer.errors?.[0]?.extensions?.code;

export const GAME_FIELDS = `id ruleset status version activeSeats mySeat phase canUndo legalMoves view result seats { index user { id displayName } }`;

/** Ends the server's LISTEN connection for live updates (waiting until its backend is gone), as a database restart or a dropped connection would. */
export async function endLiveUpdatesListener(server: TestServer): Promise<void> {
  const admin = new PgClient({ connectionString: process.env.TEST_ADMIN_DATABASE_URL });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ ended: boolean }>(
      'SELECT pg_terminate_backend(pid, 5000) AS ended FROM pg_stat_activity WHERE datname = $1 AND application_name = $2',
      [server.db.name, LISTENER_APPLICATION_NAME],
    );
    if (!rows[0]?.ended) throw new Error(`the live updates' LISTEN connection did not end: ${JSON.stringify(rows)}`);
  } finally {
    await admin.end();
  }
}
