/**
 * What the player must see is in the window, on a laptop (1280 x 800) and
 * a phone (390 x 844): the instruction of their turn together with the move
 * the page scrolls to, and while they scroll the board; on a phone, the
 * board a tap on the history replays, and "Game over" after the last move;
 * and what must fit a phone's width does: the players' tables, the lobby's
 * rows.
 */
import type { Page } from 'playwright-core';
import { Player } from '../support/app';
import { until } from '../support/until';
import { seeGame, startCountingGame } from '../support/counting-api';
import { openWindow, PHONE, waitForVersion, pageTestBench } from './browser';
import { offeredInView, startGameFor } from './page-checks';

const LAPTOP = { width: 1280, height: 800 };
const SIZES = [
  { name: 'laptop', viewport: LAPTOP },
  { name: 'phone', viewport: PHONE },
] as const;

/** Whether the element is wholly inside the window and its middle is not under anything else. */
function wholeAndUncovered(page: Page, selector: string): Promise<boolean> {
  return page.evaluate(`(() => {
    const element = document.querySelector(${JSON.stringify(selector)});
    if (!element) return false;
    const box = element.getBoundingClientRect();
    if (box.top < 0 || box.left < 0 || box.bottom > innerHeight || box.right > innerWidth) return false;
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit !== null && (hit === element || element.contains(hit));
  })()`) as Promise<boolean>;
}

describe('web page: what the player must see is in the window', () => {
  const bench = pageTestBench(['Ann', 'Bob', 'Cy']);

  const startGame = (ruleset: string, seats: number, seed: string) => startGameFor(bench.server.url, bench.players, { ruleset, seats, seed });

  async function open(player: Player, path: string, viewport: { width: number; height: number }): Promise<Page> {
    return (await openWindow(bench.chromium, bench.server.url.replace(/\/graphql$/, ''), { viewport, token: player.token, path })).page;
  }

  it.each(SIZES)('on a $name, the instruction of the turn is in view with the move the page scrolls to, and while the board scrolls', async ({ viewport }) => {
    // Five Tribes' first move is a bid on the turn track, under the Sultanate: the page scrolls down to it.
    const { id, activeSeats } = await startGame('five-tribes', 2, 'web-layout-five-tribes');
    const page = await open(bench.players[activeSeats[0]], `/games/${id}`, viewport);
    await page.locator('[data-turn="mine"]').waitFor();
    await page.locator('.target.offered').first().waitFor();
    let seen: string[] = [];
    for (let tries = 0; tries < 30 && seen.length === 0; tries++) {
      seen = await offeredInView(page);
      if (seen.length === 0) await page.waitForTimeout(100);
    }
    expect(seen).not.toEqual([]);
    expect(await page.evaluate<number>('scrollY')).toBeGreaterThan(0);
    await expect(wholeAndUncovered(page, '[data-turn="mine"]')).resolves.toBe(true);
    await expect(page.locator('[data-turn="mine"]').textContent()).resolves.toMatch(/^Your turn: bid/);
    // The player scrolls the board on down to its foot: the instruction is still there.
    await page.evaluate(`document.querySelector('.board-frame').scrollIntoView({ block: 'end' })`);
    await expect(wholeAndUncovered(page, '[data-turn="mine"]')).resolves.toBe(true);
    // A move scrolled to the window's top (as the keyboard's focus scrolls) stops below the instruction, not under it.
    await page.evaluate(`document.querySelector('.target.offered').scrollIntoView({ block: 'start' })`);
    await expect(wholeAndUncovered(page, '.target.offered')).resolves.toBe(true);
    await page.context().close();
  });

  /** Where an element's top is in the window, from 0 (the window's top) to 1 (its foot); below 0 or above 1, out of it. */
  function topInWindow(page: Page, selector: string): Promise<number> {
    return page.evaluate(`document.querySelector(${JSON.stringify(selector)}).getBoundingClientRect().top / innerHeight`) as Promise<number>;
  }

  it('on a phone, a tap on the history shows the board it replays, not only the entry tapped', async () => {
    const { id, activeSeats } = await startGame('five-tribes', 2, 'in-view-replay');
    const page = await open(bench.players[1 - activeSeats[0]], `/games/${id}`, PHONE);
    // The history is under the board, on a phone: the player scrolls down to it and taps its latest entry.
    const entry = page.locator('.timeline li button:not([disabled])').last();
    await entry.waitFor();
    await entry.scrollIntoViewIfNeeded();
    expect(await topInWindow(page, '.board-frame')).toBeLessThan(0);
    await entry.tap();
    await page.locator('.replay-bar').waitFor();
    await page.waitForFunction(`document.querySelector('.replay-bar').getBoundingClientRect().top >= 0`, undefined, { timeout: 5000 }).catch(() => undefined);
    const bar = await topInWindow(page, '.replay-bar');
    expect(bar).toBeGreaterThanOrEqual(0);
    expect(bar).toBeLessThan(0.5);
    const board = await topInWindow(page, '.board-frame');
    expect(board).toBeGreaterThan(bar);
    expect(board).toBeLessThan(0.7);
    await page.context().close();
  });

  it("on a phone, 'Game over' and the result are in view after the last move, for its player and the others", async () => {
    const [ann, bob] = bench.players;
    const id = await startCountingGame(bench.server.url, [ann, bob], { seed: 'in-view-end', options: { target: 3 } });
    const { activeSeats, version } = await seeGame(bench.server.url, id);
    const [mover, other] = activeSeats[0] === 0 ? [ann, bob] : [bob, ann];
    const [moverPage, otherPage] = await Promise.all([open(mover, `/games/${id}`, PHONE), open(other, `/games/${id}`, PHONE)]);
    // Each has scrolled down the page, past the board.
    for (const page of [moverPage, otherPage]) {
      await waitForVersion(page, version);
      await page.evaluate('window.scrollTo(0, document.documentElement.scrollHeight)');
      expect(await topInWindow(page, '.player-strip')).toBeLessThan(0);
    }
    // The mover reaches the target with the move bar (it stays in view): 2, then 1.
    await moverPage.getByRole('button', { name: 'Add, amount 2' }).tap();
    await waitForVersion(moverPage, version + 1);
    await moverPage.getByRole('button', { name: 'Add, amount 1' }).tap();
    for (const page of [moverPage, otherPage]) {
      const headline = page.locator('.end-screen .headline');
      await headline.waitFor();
      // The page scrolls it into view on a frame after drawing it (use-brought-into-view.ts).
      const inUpperWindow = async () => {
        const top = await topInWindow(page, '.end-screen');
        return top >= 0 && top < 0.6;
      };
      await until(inUpperWindow, '"Game over" is in the upper part of the window', 5_000);
      await expect(headline.isVisible()).resolves.toBe(true);
    }
    await moverPage.context().close();
    await otherPage.context().close();
  });

  it.each([
    { ruleset: 'five-tribes', seats: 2 },
    { ruleset: 'five-points', seats: 3 },
    { ruleset: 'mob-town', seats: 3 },
  ])("on a phone, $ruleset's players' table fits the screen's width, each thing labelled", async ({ ruleset, seats }) => {
    const { id } = await startGame(ruleset, seats, `in-view-table-${ruleset}`);
    const page = await open(bench.players[0], `/games/${id}`, PHONE);
    const table = page.locator('.holdings');
    await table.locator('tbody tr').first().waitFor();
    const { scrollWidth, clientWidth, right, labels } = (await page.evaluate(`(() => {
      const table = document.querySelector('.holdings');
      return {
        scrollWidth: table.scrollWidth,
        clientWidth: table.clientWidth,
        right: table.getBoundingClientRect().right,
        labels: [...table.querySelectorAll('tbody td')].map((cell) => getComputedStyle(cell, '::before').content === JSON.stringify(cell.getAttribute('data-label') + ': ')),
      };
    })()`)) as { scrollWidth: number; clientWidth: number; right: number; labels: boolean[] };
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
    expect(right).toBeLessThanOrEqual(PHONE.width);
    // Each value says what it is, as the column's header did.
    expect(labels.length).toBeGreaterThan(seats * 3);
    expect(labels.every(Boolean)).toBe(true);
    await page.context().close();
  });

  it('on a phone, a lobby row gives the game its width, not one word a line', async () => {
    // Five Points' default name is the longest: "Ann's Five Points: Gangs of New York game".
    const { id } = await startGame('five-points', 3, 'in-view-lobby');
    const page = await open(bench.players[0], '/', PHONE);
    const row = page.getByRole('region', { name: 'Waiting for others' }).locator(`li[data-game="${id}"]`);
    await row.waitFor();
    const [link, name] = await Promise.all([row.locator('a.game-link').boundingBox(), row.locator('.name').boundingBox()]);
    const lineHeight = (await page.evaluate<number>(`parseFloat(getComputedStyle(document.querySelector('.game-list .name')).lineHeight)`)) || 24;
    expect(name!.width).toBeGreaterThan(link!.width * 0.6);
    expect(name!.height).toBeLessThan(lineHeight * 2.5);
    await page.context().close();
  });
});
