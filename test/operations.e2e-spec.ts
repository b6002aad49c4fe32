/**
 * What an operator looks at: the health endpoints, `/metrics`, and the
 * request log (one line per request at debug level, with a request id that
 * an unexpected error's response carries too; at info, one line a minute
 * that sums them up).
 */
import { Writable } from 'node:stream';
import { createLogger } from '../src/logging/logging.module';
import { RequestSummary } from '../src/logging/request-summary';
import { gql, gqlOk, type SocketAnswer, startTestServer, TestServer, wsClient } from './support/app';
import { asRole } from './support/database';
import { countingGame } from './support/move-stream';
import { until } from './support/until';

const METRICS_TOKEN = 'a-metrics-token-long-enough';

/** Log lines written by the server, parsed. */
class LogCapture extends Writable {
  readonly lines: Array<Record<string, unknown>> = [];
  override _write(chunk: Buffer, _encoding: string, done: () => void): void {
    for (const line of String(chunk).split('\n').filter(Boolean)) this.lines.push(JSON.parse(line));
    done();
  }
}

describe('operations', () => {
  let server: TestServer;
  /** What only the owner of the tables may do (the server runs as pbw_app). */
  const asOwner = <Row>(text: string, values: unknown[] = []) => asRole(server.db.ownerUrl, async (owner) => (await owner.query(text, values)).rows as Row[]);
  let base: string;
  const logs = new LogCapture();
  /** What LOG_LEVEL=info (the default) would write of them. */
  const infoLines = () => logs.lines.filter((line) => (line.level as number) >= 30);

  beforeAll(async () => {
    server = await startTestServer({ metricsToken: METRICS_TOKEN, logger: createLogger({ format: 'json', level: 'debug' }, logs) });
    base = server.url.replace(/\/graphql$/, '');
  });

  afterAll(async () => {
    await server.close();
  });

  it('says it is live, and ready with the database reachable, every migration applied and the mail queue described', async () => {
    const live = await fetch(`${base}/health/live`);
    expect(live.status).toBe(200);
    expect(await live.json()).toMatchObject({ status: 'ok' });
    const ready = await fetch(`${base}/health/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({
      status: 'ok',
      info: {
        server: { status: 'up' },
        database: { status: 'up' },
        migrations: { status: 'up', applied: expect.any(Number) },
        mail: { status: 'up', queued: expect.any(Number), oldestDueSeconds: expect.any(Number) },
      },
    });
  });

  it('is not ready while a migration it knows is not applied', async () => {
    const [last] = await asOwner<{ id: string; migration_name: string }>(
      'SELECT id, migration_name FROM _prisma_migrations ORDER BY migration_name DESC LIMIT 1',
    );
    await asOwner('UPDATE _prisma_migrations SET rolled_back_at = now() WHERE id = $1', [last.id]);
    try {
      const ready = await fetch(`${base}/health/ready`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toMatchObject({ error: { migrations: { status: 'down', pending: [last.migration_name] } } });
    } finally {
      await asOwner('UPDATE _prisma_migrations SET rolled_back_at = NULL WHERE id = $1', [last.id]);
    }
  });

  it('serves metrics in Prometheus format only with the token: moves by outcome, their latency, subscriptions, the mail queue and the pool', async () => {
    expect((await fetch(`${base}/metrics`)).status).toBe(401);
    expect((await fetch(`${base}/metrics`, { headers: { authorization: 'Bearer wrong-token-of-some-length' } })).status).toBe(401);

    const { gameId, players } = await countingGame(server.url, 'Metric');
    const { game } = await gqlOk<{ game: { version: number; activeSeats: number[] } }>(
      server.url,
      `query($id: ID!) { game(id: $id) { version activeSeats } }`,
      { id: gameId },
    );
    const mover = players[game.activeSeats[0]];
    const other = players[1 - game.activeSeats[0]];
    const move = `mutation($id: ID!, $v: Int!) { submitMove(gameId: $id, move: { type: "add", amount: 1 }, expectedVersion: $v) { version } }`;
    await gqlOk(server.url, move, { id: gameId, v: game.version }, mover.token);
    expect((await gql(server.url, move, { id: gameId, v: game.version + 1 }, other.token)).errors?.[0].extensions?.code).toBe('NOT_YOUR_TURN');
    const client = wsClient(server.url, mover.token);
    const subscribed = new Promise<void>((resolve) => {
      client.subscribe(
        { query: `subscription($id: ID!) { gameUpdated(gameId: $id) { version } }`, variables: { id: gameId } },
        { next: () => resolve(), error: () => undefined, complete: () => undefined },
      );
    });
    await subscribed;

    const response = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await response.text();
    expect(text).toMatch(/^pbw_moves_total\{outcome="accepted",transport="http"\} 1$/m);
    expect(text).toMatch(/^pbw_moves_total\{outcome="NOT_YOUR_TURN",transport="http"\} 1$/m);
    expect(text).toMatch(/^pbw_move_duration_seconds_count\{accepted="true"\} 1$/m);
    expect(text).toMatch(/^pbw_open_subscriptions 1$/m);
    expect(text).toMatch(/^pbw_mail_queue_depth \d+$/m);
    expect(text).toMatch(/^pbw_mail_oldest_due_age_seconds [\d.]+$/m);
    expect(text).toMatch(/^pbw_mails_sent_total 0$/m);
    expect(text).toMatch(/^pbw_database_pool_connections\{state="total"\} \d+$/m);
    expect(text).toMatch(/^pbw_process_resident_memory_bytes \d+/m);
    await client.dispose();
  });

  it('logs at start what an operator reads, not Nest wiring each module and route, nor Nest starting (at debug level, all of it)', () => {
    const contexts = new Set(infoLines().map((line) => line.context));
    for (const wiring of ['InstanceLoader', 'RouterExplorer', 'NestFactory', 'NestApplication', 'GraphQLModule']) expect(contexts).not.toContain(wiring);
    const debugLines = logs.lines.filter((line) => line.level === 20);
    expect(debugLines.some((line) => line.context === 'InstanceLoader')).toBe(true);
    expect(debugLines.some((line) => line.msg === 'Nest application successfully started')).toBe(true);
  });

  it('logs one line per request with its id, which an unexpected error also carries, logged once', async () => {
    const { players } = await countingGame(server.url, 'Fault');
    // A database whose schema is not what the code expects: a real fault, not a refusal.
    await asOwner('ALTER TABLE users RENAME COLUMN display_name TO display_name_withdrawn');
    let response: Response;
    try {
      response = await fetch(server.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-request-id': 'report-1234', authorization: `Bearer ${players[0].token}` },
        body: JSON.stringify({ query: `query Broken { me { displayName } }`, operationName: 'Broken' }),
      });
    } finally {
      await asOwner('ALTER TABLE users RENAME COLUMN display_name_withdrawn TO display_name');
    }
    expect(response.headers.get('x-request-id')).toBe('report-1234');
    const body = (await response.json()) as { errors: Array<{ message: string; extensions: Record<string, unknown> }> };
    expect(body.errors[0]).toMatchObject({
      message: 'Something went wrong on the server.',
      extensions: { code: 'INTERNAL_SERVER_ERROR', requestId: 'report-1234' },
    });
    expect(JSON.stringify(body)).not.toMatch(/display_name|at .*\.ts/);

    const ofRequest = logs.lines.filter((line) => line.reqId === 'report-1234' || (line.req as { id?: string } | undefined)?.id === 'report-1234');
    const requestLine = ofRequest.filter((line) => line.res);
    expect(requestLine).toHaveLength(1);
    expect(requestLine[0]).toMatchObject({
      level: 20,
      msg: expect.stringMatching(/^POST \/graphql 200 \d+ ms$/),
      operation: 'Broken',
      req: { method: 'POST', url: '/graphql' },
    });
    expect(JSON.stringify(requestLine[0])).not.toMatch(/authorization/i);
    const errors = ofRequest.filter((line) => line.level === 50);
    expect(errors).toHaveLength(1);
    expect(String(errors[0].msg)).toMatch(/display_name/);

    // A refusal is the player's business, not an error in the log.
    const refusal = await fetch(server.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ game(id: "00000000-0000-0000-0000-000000000000") { id } }' }),
    });
    const refusalId = refusal.headers.get('x-request-id');
    expect(refusalId).toMatch(/^[0-9a-f-]{36}$/);
    expect(logs.lines.filter((line) => line.reqId === refusalId && (line.level as number) >= 40)).toEqual([]);

    // A refused page is no fault either: no warning about how it was answered.
    expect((await fetch(`${base}/dev/mail?key=a-guess`, { headers: { 'x-request-id': 'guess-1234' } })).status).toBe(404);
    await until(() => logs.lines.some((line) => (line.req as { id?: string } | undefined)?.id === 'guess-1234'), 'the refused page is logged');
    expect(logs.lines.filter((line) => (line.level as number) >= 40 && /Content-Type/i.test(String(line.msg)))).toEqual([]);

    // A link's secrets are in its query: the line names the path only.
    const link = await fetch(`${base}/unsubscribe?token=a-secret-of-the-link`, { headers: { 'x-request-id': 'link-5678' } });
    expect(link.status).toBe(400);
    const linkLine = logs.lines.find((line) => (line.req as { id?: string } | undefined)?.id === 'link-5678');
    expect(linkLine).toMatchObject({ msg: expect.stringMatching(/^GET \/unsubscribe\?… 400/), req: { url: '/unsubscribe?…' } });
    expect(JSON.stringify(logs.lines)).not.toContain('a-secret-of-the-link');
  });

  it('logs a request over the WebSocket as one over HTTP: its line, its id, which an unexpected error also carries, logged once', async () => {
    const { players } = await countingGame(server.url, 'SocketFault');
    const socket = wsClient(server.url, players[0].token);
    // The operation named in the message, as the page names its own.
    const ask = () =>
      new Promise<SocketAnswer>((resolve) =>
        socket.subscribe(
          { query: `query Broken { me { displayName } }`, operationName: 'Broken' },
          { next: (result) => resolve(result as SocketAnswer), error: () => undefined, complete: () => undefined },
        ),
      );
    expect((await ask()).errors).toBeUndefined();
    await asOwner('ALTER TABLE users RENAME COLUMN display_name TO display_name_withdrawn');
    let answer: Awaited<ReturnType<typeof ask>>;
    try {
      answer = await ask();
    } finally {
      await asOwner('ALTER TABLE users RENAME COLUMN display_name_withdrawn TO display_name');
      await socket.dispose();
    }
    expect(answer.errors![0]).toMatchObject({ message: 'Something went wrong on the server.', extensions: { code: 'INTERNAL_SERVER_ERROR' } });
    const requestId = answer.errors![0].extensions!.requestId as string;
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    const ofRequest = logs.lines.filter((line) => line.reqId === requestId);
    expect(ofRequest.filter((line) => line.transport === 'socket')).toEqual([
      expect.objectContaining({ level: 20, msg: expect.stringMatching(/^socket Broken \d+ ms$/), operation: 'Broken' }),
    ]);
    const errors = ofRequest.filter((line) => line.level === 50);
    expect(errors).toHaveLength(1);
    expect(String(errors[0].msg)).toMatch(/display_name/);
  });

  it('sums up at info, once a minute, the requests it logged one by one at debug', async () => {
    const summary = server.app.get(RequestSummary);
    summary.report();
    const before = logs.lines.length;
    const answers = await Promise.all([1, 2, 3].map(() => fetch(`${base}/health/live`).then(() => fetch(server.url, { method: 'POST' }))));
    expect(answers).toHaveLength(3);
    // Each request's line is written once its answer has gone.
    const requestLines = () => logs.lines.slice(before).filter((line) => line.res);
    await until(() => requestLines().length >= 3, 'the three requests are logged');
    expect(requestLines().map((line) => line.level)).toEqual([20, 20, 20]);
    summary.report();
    expect(logs.lines.slice(before).filter((line) => line.level === 30)).toEqual([
      expect.objectContaining({
        context: 'Requests',
        msg: expect.stringMatching(/^3 requests served in the last minute, none failed; the slowest took \d+ ms$/),
      }),
    ]);
  });
});
