import { Logger } from '@nestjs/common';
import { PrismaService } from '../database/prisma.service';
import { createTestDatabase, TestDatabase } from '../../test/support/database';
import { SnapshotKey, SnapshotStore } from './snapshots';

describe('SnapshotStore (real PostgreSQL)', () => {
  let db: TestDatabase;
  let prisma: PrismaService;
  let snapshots: SnapshotStore;
  let gameId: string;

  beforeAll(async () => {
    db = await createTestDatabase();
    prisma = new PrismaService(db.url);
    snapshots = new SnapshotStore(prisma, new SnapshotKey(Buffer.alloc(32, 1)));
    const host = await prisma.user.create({ data: { email: 'host@example.org', passwordHash: 'x', displayName: 'Host' } });
    gameId = (await prisma.game.create({ data: { ruleset: 'test', seed: 's', options: {}, seatCount: 2, hostId: host.id } })).id;
  });

  afterAll(async () => {
    await prisma.close();
    await db.drop();
  });

  const at = (version: number, state: unknown = { at: version }) => ({ version, state, lastEventHash: `hash-${version}` });

  it('keeps snapshots as a cache keyed by version, a newer one replacing one at the same version', async () => {
    await snapshots.save(gameId, at(100));
    await snapshots.save(gameId, at(200, { at: 'first' }));
    await snapshots.save(gameId, at(200));
    expect(await snapshots.latest(gameId, 250)).toEqual(at(200));
    expect(await snapshots.latest(gameId, 199)).toEqual(at(100));
    expect(await snapshots.latest(gameId, 99)).toBeNull();
  });

  it('ignores, and says so, a snapshot changed in the database or sealed with another key', async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    try {
      await snapshots.save(gameId, at(300, { score: 10 }));
      await prisma.$executeRaw`UPDATE game_snapshots SET state = '{"score": 999}' WHERE game_id = ${gameId}::uuid AND version = 300`;
      expect(await snapshots.latest(gameId, 300)).toBeNull();
      await prisma.$executeRaw`UPDATE game_snapshots SET state = '{"score": 10}', last_event_hash = 'another' WHERE game_id = ${gameId}::uuid AND version = 300`;
      expect(await snapshots.latest(gameId, 300)).toBeNull();
      await snapshots.save(gameId, at(300, { score: 10 }));
      expect(await snapshots.latest(gameId, 300)).toEqual(at(300, { score: 10 }));
      expect(await new SnapshotStore(prisma, new SnapshotKey(Buffer.alloc(32, 2))).latest(gameId, 300)).toBeNull();
      expect(warn.mock.calls.map((call) => call[0])).toEqual(Array(3).fill(expect.stringMatching(/the snapshot at version 300 does not match its seal/)));
    } finally {
      warn.mockRestore();
    }
  });
});
