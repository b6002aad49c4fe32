/**
 * A burst of requests on a busy server: every connection of the pool in
 * use. A request that needs a transaction waits its turn as any query does,
 * for as long as the pool lets a connection be waited for, and is answered;
 * past that it is told to try again (SERVICE_UNAVAILABLE with retryAfter)
 * and has written nothing. Never INTERNAL_SERVER_ERROR: Prisma's own limit
 * on the wait for an interactive transaction (2 s by default) used to answer
 * `createGame` so under load (`npm run bench:peer` on a loaded machine).
 */
import type { PoolClient } from 'pg';
import { PrismaService } from '../src/database/prisma.service';
import { errorCode, Player, registerPlayer, startTestServer, TestServer } from './support/app';
import { askToCreateGame } from './support/games';

/** Longer than Prisma's default wait for a transaction (2 s), shorter than the pool's wait for a connection (5 s). */
const BUSY_MS = 3000;

describe('requests while every database connection is in use', () => {
  let server: TestServer;
  let prisma: PrismaService;
  let host: Player;

  beforeAll(async () => {
    server = await startTestServer({ rateLimits: false });
    prisma = server.app.get(PrismaService);
    host = await registerPlayer(server.url, 'Host');
  });

  afterAll(async () => {
    await server.close();
  });

  /** Takes every connection the server's pool may open, as a burst of other requests would. */
  async function occupyPool(): Promise<PoolClient[]> {
    const held: PoolClient[] = [];
    while (held.length < prisma.pool.options.max) held.push(await prisma.pool.connect());
    return held;
  }

  const gamesHosted = () => prisma.game.count({ where: { hostId: host.id } });

  it('a transaction waits for a connection as long as any query would, and is answered', async () => {
    const before = await gamesHosted();
    const held = await occupyPool();
    const freed = new Promise((resolve) => setTimeout(resolve, BUSY_MS)).then(() => held.forEach((client) => client.release()));
    const result = await askToCreateGame(server.url, host, {});
    await freed;
    expect(result.errors).toBeUndefined();
    expect(result.data?.createGame.id).toEqual(expect.any(String));
    expect(await gamesHosted()).toBe(before + 1);
  });

  it('a pool that stays full past the wait: the request is told to try again, and nothing is written', async () => {
    const before = await gamesHosted();
    const held = await occupyPool();
    try {
      const result = await askToCreateGame(server.url, host, {});
      expect(errorCode(result)).toBe('SERVICE_UNAVAILABLE');
      expect(result.errors?.[0].extensions?.retryAfter).toEqual(expect.any(Number));
    } finally {
      held.forEach((client) => client.release());
    }
    expect(await gamesHosted()).toBe(before);
  });
});
