/**
 * The web page through a server restart and a database outage: when its
 * live-update socket drops (a restart closes it with 1012, a phone drops it
 * while asleep) it reconnects by itself and is caught up at once, a move made
 * while it was away included, without a reload; a move clicked while the
 * server cannot reach its database is sent again by itself until it goes
 * through; when the server ends its session (4401), it forgets the token and
 * asks to log in, and the next player's live updates come on a socket of
 * their own.
 */
import { SERVICE_RESTART_CLOSE_CODE } from '../../src/lifecycle/graceful-shutdown';
import { ShutdownState } from '../../src/lifecycle/shutdown-state';
import { Client } from 'pg';
import { gqlOk, Player } from '../support/app';
import { countingGame, recordedMoves } from '../support/move-stream';
import { openWindow, shownVersion, signUp, waitForVersion, waitUntil, pageTestBench } from './browser';
import { nextGraphQLAnswer } from './graphql-traffic';

describe('web page: live updates across a dropped socket', () => {
  const bench = pageTestBench();

  /** A started counting game, open in the window of its player to move or of the other (the watcher). */
  async function openGame(name: string, as: 'mover' | 'watcher') {
    const { gameId, players } = await countingGame(bench.server.url, name);
    const { game } = await gqlOk<{ game: { version: number; activeSeats: number[] } }>(
      bench.server.url,
      `query($id: ID!) { game(id: $id) { version activeSeats } }`,
      { id: gameId },
    );
    const mover = players[game.activeSeats[0]];
    const watcher = players[1 - game.activeSeats[0]];
    const { page } = await openWindow(bench.chromium, bench.server.url.replace(/\/graphql$/, ''), {
      token: (as === 'mover' ? mover : watcher).token,
      path: `/games/${gameId}`,
    });
    await waitForVersion(page, game.version);
    return { gameId, version: game.version, mover, watcher, page };
  }

  /** The mover adds 1 through the API, not the page; the version it makes. */
  async function addOne(gameId: string, version: number, mover: Player): Promise<number> {
    const { submitMove } = await gqlOk<{ submitMove: { version: number } }>(
      bench.server.url,
      `mutation($id: ID!, $v: Int!) { submitMove(gameId: $id, move: { type: "add", amount: 1 }, expectedVersion: $v) { version } }`,
      { id: gameId, v: version },
      mover.token,
    );
    return submitMove.version;
  }

  it('shows a move made while its socket was closed, once it has reconnected', async () => {
    const { gameId, version, mover, page } = await openGame('Page', 'watcher');

    // The server closes the page's socket as a restart does, and a move is made before the page is back.
    const sockets = [...bench.server.app.get(ShutdownState).sockets];
    expect(sockets).toHaveLength(1);
    for (const socket of sockets) socket.close(SERVICE_RESTART_CLOSE_CODE, 'restarting');
    const moved = await addOne(gameId, version, mover);
    expect(await shownVersion(page)).toBe(version);

    await waitForVersion(page, moved);
    await page.context().close();
  });

  it('sends a move clicked during a database outage again by itself, once, and shows it', async () => {
    const { gameId, version, page } = await openGame('Outage', 'mover');

    const admin = new Client({ connectionString: process.env.TEST_ADMIN_DATABASE_URL });
    await admin.connect();
    try {
      // The database closes its doors to the server for a while, as during maintenance.
      await admin.query(`ALTER DATABASE "${bench.server.db.name}" ALLOW_CONNECTIONS false`);
      await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [bench.server.db.name]);
      const refused = nextGraphQLAnswer(page, (answer) => JSON.stringify(answer).includes('SERVICE_UNAVAILABLE'));
      await page.getByRole('button', { name: 'Add, amount 1' }).click();
      // The server could not take the move: the page still shows the game as it was.
      expect(await refused).toMatchObject({ errors: [{ extensions: { code: 'SERVICE_UNAVAILABLE' } }] });
      expect(await shownVersion(page)).toBe(version);
    } finally {
      await admin.query(`ALTER DATABASE "${bench.server.db.name}" ALLOW_CONNECTIONS true`);
      await admin.end();
    }
    await waitForVersion(page, version + 1);
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(await recordedMoves(bench.server.db.url, gameId)).toHaveLength(1);
    await page.context().close();
  });

  it('asks to log in at once when the session is ended elsewhere, and follows the game live for whoever logs in next', async () => {
    const { gameId, version, mover, watcher, page } = await openGame('Ended', 'watcher');
    await page.evaluate('window.notReloaded = true');

    // Logged out everywhere from another device: the server closes this page's socket with 4401.
    await gqlOk(bench.server.url, `mutation { logoutEverywhere }`, {}, watcher.token);
    await page.getByRole('form', { name: 'Log in' }).waitFor();
    await waitUntil(page, `localStorage.getItem('pbw.token') === null`);
    expect(await page.evaluate<boolean>('window.notReloaded === true')).toBe(true);

    await signUp(page, 'Newcomer');
    await waitForVersion(page, await addOne(gameId, version, mover));
    expect(await page.evaluate<boolean>('window.notReloaded === true')).toBe(true);
    await page.context().close();
  });
});
