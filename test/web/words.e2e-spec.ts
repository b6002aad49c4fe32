/**
 * The page's words when something goes wrong, as a player reads them: the
 * login page saying what the site is, a wrong password, too many failed
 * logins (and when to try again), a move from a page that was behind the
 * game, "No connection" once the server is back, and an address the site
 * does not have.
 */
import type { Page } from 'playwright-core';
import { SERVICE_RESTART_CLOSE_CODE } from '../../src/lifecycle/graceful-shutdown';
import { ShutdownState } from '../../src/lifecycle/shutdown-state';
import { emailOf, gqlOk, Player, registerPlayer, TEST_PASSWORD } from '../support/app';
import { seeGame, startCountingGame } from '../support/counting-api';
import { openWindow, waitForVersion, waitUntil, pageTestBench } from './browser';
import { followingTheGame, reachableSockets } from './graphql-traffic';

describe('web page: what it says when something goes wrong', () => {
  const bench = pageTestBench();

  const site = () => bench.server.url.replace(/\/graphql$/, '');

  async function windowOf(player?: Player): Promise<Page> {
    return (await openWindow(bench.chromium, site(), { token: player?.token })).page;
  }

  async function logIn(page: Page, email: string, password: string): Promise<void> {
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('form', { name: 'Log in' }).getByRole('button', { name: 'Log in' }).click();
  }

  /** The page's problem banner, as read (without its dismiss button). */
  const alertText = async (page: Page) => ((await page.getByRole('alert').textContent()) ?? '').replace(/×$/, '').trim();

  /** A started counting game, open in the window of the player to move. */
  async function moverAtGame(name: string) {
    const [ann, bob] = await Promise.all(['Ann', 'Bob'].map((player) => registerPlayer(bench.server.url, player)));
    const gameId = await startCountingGame(bench.server.url, [ann, bob], { name, seed: `words-${name}` });
    const game = await seeGame(bench.server.url, gameId);
    const mover = [ann, bob][game.activeSeats[0]];
    const page = await windowOf(mover);
    return { gameId, game, mover, page };
  }

  it('says what the site is, on the page a newcomer lands on', async () => {
    const page = await windowOf();
    const about = page.getByRole('region', { name: 'About this site' });
    await about.getByRole('heading', { name: 'Play by Web' }).waitFor();
    await expect(about.textContent()).resolves.toMatch(/Board games played by turns/);
    await about.getByText(/Games here: .*Five Tribes/).waitFor();
    await page.context().close();
  });

  it('says a password is wrong, and nothing more', async () => {
    const ann = await registerPlayer(bench.server.url, 'Ann');
    const page = await windowOf();
    await logIn(page, await emailOf(bench.server.url, ann), 'not the password');
    await expect(alertText(page)).resolves.toBe('Wrong email or password.');
    await page.context().close();
  });

  it('says when to try again after too many failed logins, and counts down to it', async () => {
    const ann = await registerPlayer(bench.server.url, 'Ann');
    const email = await emailOf(bench.server.url, ann);
    const page = await windowOf();
    for (let tries = 0; tries < 5; tries++) {
      await logIn(page, email, `wrong ${tries}`);
      await page.getByRole('alert').filter({ hasText: 'Wrong email or password.' }).waitFor();
      await page.getByRole('button', { name: 'Dismiss' }).click();
    }
    // The right password now, too soon: refused, saying how long to wait, the button waiting as long.
    await logIn(page, email, TEST_PASSWORD);
    await page.getByRole('alert').filter({ hasText: 'Too many failed logins.' }).waitFor();
    const said = await alertText(page);
    expect(said).toMatch(/^Please wait\. Too many failed logins\. You can try again in (\d+) seconds\.$/);
    const first = Number(/in (\d+) seconds/.exec(said)![1]);
    expect(first).toBeGreaterThan(50);
    expect(first).toBeLessThanOrEqual(60);
    await expect(page.getByRole('form', { name: 'Log in' }).getByRole('button', { name: 'Log in' }).isDisabled()).resolves.toBe(true);
    // It counts down: a little later it says two seconds less, or fewer. (Waiting for exactly two less failed on a busy machine,
    // where the page showed that number for its one second while nothing looked.)
    const secondsSaid = `Number(/in (\\d+) seconds/.exec(document.querySelector('[role="alert"]')?.textContent ?? '')?.[1])`;
    await waitUntil(page, `${secondsSaid} <= ${first - 2}`, 10_000);
    expect(await alertText(page)).toMatch(/^Please wait\. Too many failed logins\. You can try again in \d+ seconds\.$/);
    await page.context().close();
  });

  it('tells of a move made on a page that was behind the game in one sentence, with no version numbers', async () => {
    const { gameId, game, mover, page } = await moverAtGame('Behind');
    // The page stops hearing from the server, as a phone that slept; meanwhile the player moves from another tab.
    let deaf = false;
    await page.routeWebSocket(/\/graphql$/, (socket) => {
      const toServer = socket.connectToServer();
      toServer.onMessage((message) => !deaf && socket.send(message));
    });
    await page.goto(`/games/${gameId}`);
    await waitForVersion(page, game.version);
    deaf = true;
    await gqlOk(
      bench.server.url,
      `mutation($id: ID!, $v: Int!) { submitMove(gameId: $id, move: { type: "add", amount: 1 }, expectedVersion: $v) { version } }`,
      { id: gameId, v: game.version },
      mover.token,
    );
    await page.getByRole('button', { name: 'Add, amount 1' }).click();
    await page.getByRole('alert').waitFor();
    const said = await alertText(page);
    expect(said).toBe('The game changed meanwhile. This page was behind the game, so nothing was done: the board now shows the game as it is.');
    expect(said).not.toMatch(/\d|version|reload/i);
    // And it does show the game as it is.
    await waitForVersion(page, game.version + 1);
    await page.context().close();
  });

  it('takes "No connection" away once the server can be reached again', async () => {
    const { gameId, game, page } = await moverAtGame('Offline');
    const sockets = await reachableSockets(page);
    const following = followingTheGame(page);
    await page.goto(`/games/${gameId}`);
    await waitForVersion(page, game.version);
    await following;
    // The server is out of reach: its socket closes (as in a restart) and cannot open again, and the move, sent over HTTP, is not sent.
    const triedAgain = sockets.cut();
    await page.route(/\/graphql$/, (route) => route.abort('internetdisconnected'));
    for (const socket of bench.server.app.get(ShutdownState).sockets) socket.close(SERVICE_RESTART_CLOSE_CODE, 'restarting');
    await triedAgain;
    await page.getByRole('button', { name: 'Add, amount 1' }).click();
    await page.getByRole('alert').filter({ hasText: 'No connection.' }).waitFor();
    // It is back: the page's socket, trying again by itself, reconnects.
    sockets.restore();
    await page.unroute(/\/graphql$/);
    await page.getByRole('alert').waitFor({ state: 'detached', timeout: 15_000 });
    await page.context().close();
  });

  it('answers an address it does not have with a page of the site that leads home', async () => {
    const ann = await registerPlayer(bench.server.url, 'Ann');
    const page = await windowOf(ann);
    const answer = await page.goto('/no/such/page');
    expect(answer?.status()).toBe(404);
    await page.getByRole('heading', { name: 'No such page' }).waitFor();
    expect(await page.textContent('body')).not.toMatch(/Cannot GET/);
    await page.getByRole('link', { name: 'Go to your games' }).click();
    await page.getByRole('region', { name: 'My turns' }).waitFor();
    await page.context().close();
  });
});
