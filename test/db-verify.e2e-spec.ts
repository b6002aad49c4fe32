/**
 * `npm run db:verify`, run as an operator runs it (after a restore from
 * backup, say): it checks every game's chain, lists the games whose history
 * was changed, and says so in its exit code.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { EventStore } from '../src/event-store/event-store';
import { registerPlayer, startTestServer, TestServer } from './support/app';
import { playTurn, startCountingGame } from './support/counting-api';
import { tamper } from './support/database';

const run = promisify(execFile);
const ROOT = join(__dirname, '..');

async function dbVerify(databaseUrl: string): Promise<{ code: number; stdout: string }> {
  try {
    const { stdout } = await run(process.execPath, ['-r', 'ts-node/register/transpile-only', join(ROOT, 'scripts/db-verify.ts')], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: databaseUrl },
    });
    return { code: 0, stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string };
    return { code: failed.code, stdout: failed.stdout };
  }
}

describe('npm run db:verify', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });

  afterAll(() => server.close());

  it("checks every game's chain and lists those whose history was changed", async () => {
    const players = await Promise.all(['Ann', 'Bob'].map((name) => registerPlayer(server.url, name)));
    const games = [];
    for (let i = 0; i < 3; i++) {
      const gameId = await startCountingGame(server.url, players, { seed: `verify-${i}` });
      for (let turn = 0; turn < 2; turn++) await playTurn(server.url, gameId, players);
      games.push(gameId);
    }
    const intact = await dbVerify(server.db.url);
    expect(intact).toEqual({ code: 0, stdout: expect.stringMatching(/^Checked 3 games \(\d+ events\): every history matches its hashes\.$/m) });

    await tamper(server.db, `UPDATE game_events SET payload = jsonb_set(payload, '{card}', '9') WHERE game_id = $1 AND type = 'cardDrawn'`, [games[0]]);
    await tamper(server.db, `DELETE FROM game_events WHERE game_id = $1 AND seq = (SELECT max(seq) FROM game_events WHERE game_id = $1)`, [games[2]]);
    const broken = await dbVerify(server.db.url);
    expect(broken.code).toBe(1);
    const store = server.app.get(EventStore);
    const firstCard = (await store.readEvents(games[0])).find((event) => event.type === 'cardDrawn')!.seq;
    const version = (await store.readEvents(games[1])).length;
    const lines = broken.stdout.trim().split('\n');
    expect(lines).toEqual([
      `game ${games[0]} (counting, version ${version}): event ${firstCard} does not match its hash chain`,
      `game ${games[2]} (counting, version ${version}): event ${version} is missing`,
      expect.stringMatching(/^Checked 3 games \(\d+ events\): 2 with a history changed in the database \(listed above\)\.$/),
    ]);
  });
});
