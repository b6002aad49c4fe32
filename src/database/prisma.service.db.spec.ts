import { Logger } from '@nestjs/common';
import { Client } from 'pg';
import { createTestDatabase, TestDatabase } from '../../test/support/database';
import { PrismaService } from './prisma.service';

describe('PrismaService (real PostgreSQL)', () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase();
  });

  afterAll(async () => {
    await db.drop();
  });

  it('survives the database ending an idle connection: it warns, and the next query gets a new one', async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const prisma = new PrismaService(db.url);
    try {
      await prisma.sql.query('SELECT 1');
      const admin = new Client({ connectionString: db.ownerUrl });
      await admin.connect();
      await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()');
      await admin.end();
      while (warn.mock.calls.length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(warn.mock.calls[0][0]).toMatch(/^idle database connection lost: terminating connection/);
      expect(await prisma.sql.query<{ n: number }>('SELECT 1 AS n')).toEqual([{ n: 1 }]);
    } finally {
      await prisma.close();
      warn.mockRestore();
    }
  });
});
