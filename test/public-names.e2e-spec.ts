/**
 * Players' names as games show them come from each server process's memory
 * (src/public-names/), and stay right across processes: a name changed
 * through any process, or by hand in the database, or while a process's
 * LISTEN connection was down, is shown afterwards by every process.
 */
import { print } from 'graphql';
import { GameDocument } from '../web/src/api/generated';
import { gql, gqlOk, Player, registerPlayer, startTestServer, TEST_PASSWORD, TestServer } from './support/app';
import { startCountingGame } from './support/counting-api';
import { asRole } from './support/database';
import { countRoundTrips, roundTripsOf } from './support/round-trips';

const GAME = print(GameDocument);

type Named = { host: { displayName: string }; seats: Array<{ user: { displayName: string } | null }> };

describe("players' names across server processes", () => {
  let a: TestServer;
  let b: TestServer;
  let ann: Player;
  let bob: Player;
  let gameId: string;
  const stops: Array<() => void> = [];

  beforeAll(async () => {
    a = await startTestServer();
    b = await startTestServer({ db: a.db });
    stops.push(countRoundTrips(b.app.getHttpServer()));
    ann = await registerPlayer(a.url, 'Ann');
    bob = await registerPlayer(a.url, 'Bob');
    gameId = await startCountingGame(a.url, [ann, bob]);
  });

  afterAll(async () => {
    for (const stop of stops) stop();
    await b.close();
    await a.close();
  });

  async function namesOn(server: TestServer, headers: Record<string, string> = {}): Promise<string[]> {
    const response = await fetch(server.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ query: GAME, variables: { id: gameId } }),
    });
    const { data } = (await response.json()) as { data: { game: Named } };
    return [data.game.host.displayName, ...data.game.seats.map((seat) => seat.user?.displayName ?? '')];
  }

  /** Notices arrive a moment after the commit: what every process shows within a few seconds. */
  async function eventually(server: TestServer, expected: string[]): Promise<void> {
    const until = Date.now() + 5000;
    let seen = await namesOn(server);
    while (JSON.stringify(seen) !== JSON.stringify(expected) && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      seen = await namesOn(server);
    }
    expect(seen).toEqual(expected);
  }

  const rename = (player: Player, name: string) =>
    gqlOk(a.url, `mutation($n: String!) { updateProfile(displayName: $n) { displayName } }`, { n: name }, player.token);
  const renameInDatabase = (player: Player, name: string) =>
    asRole(a.db.ownerUrl, (owner) => owner.query('UPDATE users SET display_name = $2 WHERE id = $1', [player.id, name]));

  it('reads no name a process already knows', async () => {
    expect(await namesOn(b)).toEqual(['Ann', 'Ann', 'Bob']);
    const cost = await roundTripsOf((headers) => namesOn(b, headers));
    expect(cost.statements.filter((s) => /\busers\b/.test(s.text))).toEqual([]);
  });

  it('shows a new name at once in the process that changed it, and soon in every other', async () => {
    await namesOn(b);
    await rename(ann, 'Annabel');
    expect(await namesOn(a)).toEqual(['Annabel', 'Annabel', 'Bob']);
    await eventually(b, ['Annabel', 'Annabel', 'Bob']);
  });

  it('shows a name changed by hand in the database', async () => {
    await renameInDatabase(bob, 'Robert');
    await eventually(a, ['Annabel', 'Annabel', 'Robert']);
    await eventually(b, ['Annabel', 'Annabel', 'Robert']);
  });

  it('shows a name changed while the processes were not listening, without waiting for any notice', async () => {
    expect(await namesOn(b)).toEqual(['Annabel', 'Annabel', 'Robert']);
    await asRole(process.env.TEST_ADMIN_DATABASE_URL!, async (admin) => {
      const { rows } = await admin.query<{ ended: boolean }>(
        'SELECT pg_terminate_backend(pid, 5000) AS ended FROM pg_stat_activity WHERE datname = $1 AND application_name = $2',
        [a.db.name, 'pbw-names'],
      );
      expect(rows).toEqual([{ ended: true }, { ended: true }]);
    });
    // Unheard by both: each either reads it (not listening yet) or forgot everything when it listened again.
    await renameInDatabase(bob, 'Bobby');
    expect(await namesOn(b)).toEqual(['Annabel', 'Annabel', 'Bobby']);
    expect(await namesOn(a)).toEqual(['Annabel', 'Annabel', 'Bobby']);
    // And once listening again, notices are heard again.
    await asRole(process.env.TEST_ADMIN_DATABASE_URL!, async (admin) => {
      const listening = async () =>
        (await admin.query(`SELECT 1 FROM pg_stat_activity WHERE datname = $1 AND application_name = 'pbw-names'`, [a.db.name])).rowCount === 2;
      while (!(await listening())) await new Promise((resolve) => setTimeout(resolve, 100));
    });
    await namesOn(b);
    await renameInDatabase(bob, 'Bob');
    await eventually(b, ['Annabel', 'Annabel', 'Bob']);
  });

  it('shows a deleted account as such everywhere', async () => {
    await namesOn(b);
    const deleted = await gql(a.url, `mutation($p: String!) { deleteAccount(password: $p) }`, { p: TEST_PASSWORD }, bob.token);
    expect(deleted.errors).toBeUndefined();
    expect(await namesOn(a)).toEqual(['Annabel', 'Annabel', 'Deleted player']);
    await eventually(b, ['Annabel', 'Annabel', 'Deleted player']);
  });
});
