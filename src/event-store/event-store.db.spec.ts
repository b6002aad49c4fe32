import { ManualClock } from '../common/clock';
import { AppError } from '../common/errors';
import { PrismaService } from '../database/prisma.service';
import type { Sql } from '../database/sql';
import { asRole, createTestDatabase, tamper, TestDatabase } from '../../test/support/database';
import { DuplicateMoveError, EventStore, NewEvent } from './event-store';

describe('EventStore (real PostgreSQL)', () => {
  let db: TestDatabase;
  let prisma: PrismaService;
  let store: EventStore;
  let hostId: string;

  beforeAll(async () => {
    db = await createTestDatabase();
    prisma = new PrismaService(db.url);
    store = new EventStore(prisma, new ManualClock());
    const host = await prisma.user.create({ data: { email: 'host@example.org', passwordHash: 'x', displayName: 'Host' } });
    hostId = host.id;
  });

  afterAll(async () => {
    await prisma.close();
    await db.drop();
  });

  async function newGame(): Promise<string> {
    const game = await prisma.game.create({
      data: { ruleset: 'test', seed: 's', options: {}, seatCount: 2, hostId },
    });
    return game.id;
  }

  const events = (n: number, tag = 'e'): NewEvent[] =>
    Array.from({ length: n }, (_, i) => ({ type: 'tick', payload: { n: i, tag, nested: { b: 1, a: [1, 2] } } }));

  async function lastPosition(): Promise<bigint> {
    const last = await prisma.gameEvent.findFirst({ orderBy: { position: 'desc' }, select: { position: true } });
    return last?.position ?? 0n;
  }

  it('numbers events 1, 2, 3... per game, in global order, and advances the version', async () => {
    const gameId = await newGame();
    const first = await store.appendEvents({ gameId, expectedVersion: 0, events: events(2) });
    const second = await store.appendEvents({ gameId, expectedVersion: 2, events: events(1) });
    expect([...first, ...second].map((e) => e.seq)).toEqual([1, 2, 3]);
    const positions = [...first, ...second].map((e) => BigInt(e.position));
    expect(positions[1] > positions[0] && positions[2] > positions[1]).toBe(true);
    expect((await prisma.game.findUniqueOrThrow({ where: { id: gameId } })).version).toBe(3);
    expect(await store.verifyIntegrity(gameId)).toEqual({ ok: true, checkedEvents: 3, firstBadSeq: null });
  });

  it('refuses a stale version with VERSION_CONFLICT, writes nothing and takes no sequence value', async () => {
    const gameId = await newGame();
    await store.appendEvents({ gameId, expectedVersion: 0, events: events(2) });
    const before = await lastPosition();
    const error = await store.appendEvents({ gameId, expectedVersion: 1, events: events(1) }).catch((e) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error.code).toBe('VERSION_CONFLICT');
    // Server-side appends (a rollback, a deadline's outcome) get it too: it claims no move of the reader's.
    expect(error.message).toBe('The game changed meanwhile, so this was not done.');
    expect(error.details).toEqual({ currentVersion: 2, expectedVersion: 1 });
    expect(await lastPosition()).toBe(before);
    const next = await store.appendEvents({ gameId, expectedVersion: 2, events: events(1) });
    expect(BigInt(next[0].position)).toBe(before + 1n);
  });

  it('commits the writes made alongside an append with its events, and neither when one fails', async () => {
    const gameId = await newGame();
    const seatOf = (userId: string) => async (sql: Sql) => {
      await sql.query('INSERT INTO game_seats (game_id, "index", user_id) VALUES ($1::uuid, 0, $2::uuid)', [gameId, userId]);
    };
    await store.appendEvents({ gameId, expectedVersion: 0, events: events(1), alsoInTransaction: seatOf(hostId) });
    // The seat is taken: the second insert fails, and the events appended before it go too.
    const error = await store.appendEvents({ gameId, expectedVersion: 1, events: events(2), alsoInTransaction: seatOf(hostId) }).catch((e) => e);
    expect(error.code).toBe('23505');
    expect((await prisma.game.findUniqueOrThrow({ where: { id: gameId } })).version).toBe(1);
    expect(await prisma.gameEvent.count({ where: { gameId } })).toBe(1);
    expect(await prisma.gameSeat.count({ where: { gameId } })).toBe(1);
    // A stale version runs none of the other writes.
    const stale = await store.appendEvents({ gameId, expectedVersion: 0, events: events(1), alsoInTransaction: seatOf(hostId) }).catch((e) => e);
    expect(stale.code).toBe('VERSION_CONFLICT');
  });

  it('refuses more concurrent stale appends than the pool has connections, each on its own connection', async () => {
    const gameId = await newGame();
    await store.appendEvents({ gameId, expectedVersion: 0, events: events(2) });
    const stale = Array.from({ length: 30 }, () =>
      store.appendEvents({ gameId, expectedVersion: 1, events: events(1), alsoInTransaction: async () => {} }).catch((e) => e.code),
    );
    expect(new Set(await Promise.all(stale))).toEqual(new Set(['VERSION_CONFLICT']));
  });

  it('lets exactly one of many concurrent appends at one version win, leaving no gaps', async () => {
    const gameId = await newGame();
    await store.appendEvents({ gameId, expectedVersion: 0, events: events(1) });
    const before = await lastPosition();
    const attempts = await Promise.allSettled(
      Array.from({ length: 12 }, (_, i) => store.appendEvents({ gameId, expectedVersion: 1, events: events(2, `writer-${i}`) })),
    );
    const won = attempts.filter((a) => a.status === 'fulfilled');
    const lost = attempts.filter((a) => a.status === 'rejected') as PromiseRejectedResult[];
    expect(won).toHaveLength(1);
    expect(lost.every((a) => a.reason instanceof AppError && a.reason.code === 'VERSION_CONFLICT')).toBe(true);
    const stored = await store.readEvents(gameId);
    expect(stored.map((e) => e.seq)).toEqual([1, 2, 3]);
    expect(stored.slice(1).map((e) => BigInt(e.position))).toEqual([before + 1n, before + 2n]);
  });

  it('answers a resent clientMoveId with DuplicateMoveError and appends nothing', async () => {
    const gameId = await newGame();
    await store.appendEvents({ gameId, expectedVersion: 0, events: events(1), clientMoveId: 'move-1' });
    await expect(store.appendEvents({ gameId, expectedVersion: 1, events: events(1), clientMoveId: 'move-1' })).rejects.toBeInstanceOf(DuplicateMoveError);
    const racing = await Promise.allSettled([1, 2, 3].map(() => store.appendEvents({ gameId, expectedVersion: 1, events: events(1), clientMoveId: 'move-2' })));
    expect(racing.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of racing.filter((r) => r.status === 'rejected') as PromiseRejectedResult[]) {
      expect(r.reason).toBeInstanceOf(DuplicateMoveError);
    }
    expect((await store.readEvents(gameId)).length).toBe(2);
  });

  it('keeps history immutable in the database itself, even for its owner', async () => {
    const gameId = await newGame();
    await store.appendEvents({ gameId, expectedVersion: 0, events: events(1) });
    await asRole(db.ownerUrl, async (owner) => {
      await expect(owner.query(`UPDATE game_events SET type = 'forged' WHERE game_id = $1`, [gameId])).rejects.toThrow(/append-only: UPDATE/);
      await expect(owner.query(`DELETE FROM game_events WHERE game_id = $1`, [gameId])).rejects.toThrow(/append-only: DELETE/);
      await expect(owner.query(`TRUNCATE game_events CASCADE`)).rejects.toThrow(/append-only: TRUNCATE/);
    });
    expect((await store.readEvents(gameId)).length).toBe(1);
  });

  it("gives the server's own role no way to change, remove or unprotect events", async () => {
    const gameId = await newGame();
    await store.appendEvents({ gameId, expectedVersion: 0, events: events(1) });
    await asRole(db.url, async (app) => {
      expect((await app.query('SELECT current_user AS role')).rows[0].role).toBe('pbw_app');
      const denied = /permission denied|must be owner/;
      await expect(app.query(`UPDATE game_events SET type = 'forged' WHERE game_id = $1`, [gameId])).rejects.toThrow(denied);
      await expect(app.query(`DELETE FROM game_events WHERE game_id = $1`, [gameId])).rejects.toThrow(denied);
      await expect(app.query(`TRUNCATE game_events`)).rejects.toThrow(denied);
      await expect(app.query('ALTER TABLE game_events DISABLE TRIGGER game_events_append_only')).rejects.toThrow(denied);
      await expect(app.query('ALTER TABLE game_events DISABLE TRIGGER ALL')).rejects.toThrow(denied);
      await expect(app.query('SET session_replication_role = replica')).rejects.toThrow(denied);
      await expect(app.query('DROP TRIGGER game_events_append_only ON game_events')).rejects.toThrow(denied);
      // What it needs elsewhere, it has: here, the read model of games.
      await app.query('UPDATE games SET updated_at = now() WHERE id = $1', [gameId]);
    });
    expect((await store.readEvents(gameId)).map((e) => e.type)).toEqual(['tick']);
  });

  it('finds the first tampered event when the chain is recomputed', async () => {
    const gameId = await newGame();
    await store.appendEvents({ gameId, expectedVersion: 0, events: events(5) });
    // Only the owner of the table can get past the trigger (and the chain still tells).
    await tamper(db, `UPDATE game_events SET payload = '{"n": 99}' WHERE game_id = $1 AND seq = 3`, [gameId]);
    expect(await store.verifyIntegrity(gameId)).toEqual({ ok: false, checkedEvents: 3, firstBadSeq: 3 });
  });
});
