import { asRole, createTestDatabase, TestDatabase } from '../../test/support/database';
import { inspectServerRole, urlAsRole } from './roles';

describe("the server's database role, as the server checks it at start-up (real PostgreSQL)", () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase();
  });

  afterAll(() => db.drop());

  it('finds nothing wrong with pbw_app: it may read and add events, and nothing more', async () => {
    expect(await inspectServerRole(db.url)).toEqual({ role: 'pbw_app', risks: [], missing: [] });
  });

  it('says what the owner of the tables could do to history, so that a single-role set-up is warned about', async () => {
    const { risks, missing } = await inspectServerRole(db.ownerUrl);
    expect(missing).toEqual([]);
    expect(risks).toEqual([
      'is a superuser',
      'owns game_events (and so can switch off its trigger)',
      'may UPDATE game_events',
      'may DELETE game_events',
      'may TRUNCATE game_events',
    ]);
  });

  it('says what a role that is no member of pbw_app lacks, so that the server can refuse to start with it', async () => {
    const stranger = `pbw_stranger_${db.name}`;
    await asRole(db.ownerUrl, (owner) => owner.query(`CREATE ROLE ${stranger} LOGIN PASSWORD 'stranger'`));
    try {
      expect(await inspectServerRole(urlAsRole(db.ownerUrl, stranger, 'stranger'))).toEqual({ role: stranger, risks: [], missing: ['SELECT', 'INSERT'] });
    } finally {
      await asRole(db.ownerUrl, (owner) => owner.query(`DROP ROLE ${stranger}`));
    }
  });
});
