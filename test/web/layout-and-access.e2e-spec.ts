/**
 * Every game read on a laptop (1280 x 800) and a phone (390 x 844): on the
 * player's turn a move offered is in the window at once and nothing covers
 * it, every offered move comes clear of anything fixed once scrolled to, and
 * no page scrolls sideways; no board text is drawn under 11 px at 100%, and on a phone
 * the board zooms (buttons, pinch), pans in its own frame and, zoomed out all
 * the way, fits the screen whole; and a tap on a
 * Djinn, a card or a neighborhood reads it in full; axe-core finds no serious or critical accessibility violation on the
 * lobby, each game (with its history), the settings and the account pages,
 * in the light theme and the dark one.
 */
import type { Browser, Page } from 'playwright-core';
import { gqlOk, Player, registerPlayer, startTestServer, TestServer } from '../support/app';
import { launchBrowser, openWindow, PHONE } from './browser';
import { offeredInView, seriousViolations, sidewaysOverflow } from './page-checks';
import { startGame, startGameFields } from '../support/games';

const LAPTOP = { width: 1280, height: 800 };
const SIZES = [
  { name: 'laptop', viewport: LAPTOP },
  { name: 'phone', viewport: PHONE },
] as const;
const RULESETS = [
  { ruleset: 'five-tribes', seats: 2, seed: 'web-layout-five-tribes' },
  { ruleset: 'five-points', seats: 3, seed: 'web-layout-five-points' },
  { ruleset: 'mob-town', seats: 2, seed: 'web-layout-mob-town' },
];

/**
 * Offered moves that, once scrolled into view as the browser brings a target
 * forward (`nearest`), are still under something else at their middle: the
 * sticky move bar, say. Every target must come clear of it.
 */
function coveredOnceScrolledTo(page: Page): Promise<string[]> {
  return page.evaluate(`[...document.querySelectorAll('.target.offered, .move-bar button.move')].flatMap((element) => {
    element.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    const box = element.getBoundingClientRect();
    if (box.width === 0) return [];
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit && (hit === element || element.contains(hit)) ? [] : [(element.getAttribute('data-target') ?? element.textContent) + ' under ' + (hit ? hit.outerHTML.slice(0, 80) : 'nothing')];
  })`) as Promise<string[]>;
}

/** The smallest board text as it is drawn, in CSS pixels: each text's font size times its drawing's scale on the screen; and how many texts there are. */
function boardText(page: Page): Promise<{ smallest: number; count: number }> {
  return page.evaluate(`(() => {
    const sizes = [...document.querySelectorAll('svg.drawing text')].map((text) => Number(text.getAttribute('font-size')) * text.getScreenCTM().a);
    return { smallest: Math.min(...sizes), count: sizes.length };
  })()`) as Promise<{ smallest: number; count: number }>;
}

/** The width each of the board's drawings is drawn at, and whether its frame pans (is wider inside than it shows). */
function drawings(page: Page): Promise<Array<{ width: number; pans: boolean }>> {
  return page.evaluate(`[...document.querySelectorAll('.drawing-pan')].map((frame) => ({
    width: frame.querySelector('svg.drawing').getBoundingClientRect().width,
    pans: frame.scrollWidth > frame.clientWidth + 1,
  }))`) as Promise<Array<{ width: number; pans: boolean }>>;
}

describe('web page: every game on a laptop and a phone, and accessibility', () => {
  let server: TestServer;
  let chromium: Browser;
  let baseUrl: string;
  let players: Player[];
  const games = new Map<string, { id: string; activeSeat: number; waitingSeat: number }>();

  beforeAll(async () => {
    server = await startTestServer({ web: true });
    chromium = await launchBrowser();
    baseUrl = server.url.replace(/\/graphql$/, '');
    players = await Promise.all(['Ann', 'Bob', 'Cy'].map((name) => registerPlayer(server.url, name)));
    for (const { ruleset, seats, seed } of RULESETS) {
      const started = await startGameFields<{ id: string; activeSeats: number[] }>(server.url, players.slice(0, seats), { ruleset, seed }, 'id activeSeats');
      const { id } = started;
      let active = started.activeSeats;
      const last = active[active.length - 1];
      while (active.length === seats) active = await moveToWait(id, last);
      const waitingSeat = Array.from({ length: seats }, (_, seat) => seat).find((seat) => !active.includes(seat))!;
      games.set(ruleset, { id, activeSeat: active[0], waitingSeat });
    }
  });

  /** Where every seat acts at once (Mob Town's agendas), one makes a move toward waiting: the seats active then. */
  async function moveToWait(id: string, seat: number): Promise<number[]> {
    const { game } = await gqlOk<{ game: { version: number; legalMoves: unknown[] } }>(
      server.url,
      `query($id: ID!) { game(id: $id) { version legalMoves } }`,
      { id },
      players[seat].token,
    );
    const moved = await gqlOk<{ submitMove: { activeSeats: number[] } }>(
      server.url,
      `mutation($id: ID!, $move: JSON!, $v: Int!) { submitMove(gameId: $id, move: $move, expectedVersion: $v) { activeSeats } }`,
      { id, move: game.legalMoves[0], v: game.version },
      players[seat].token,
    );
    return moved.submitMove.activeSeats;
  }

  afterAll(async () => {
    await chromium?.close();
    await server?.close();
  });

  async function open(player: Player, path: string, viewport: { width: number; height: number }, colorScheme: 'light' | 'dark' = 'light'): Promise<Page> {
    return (await openWindow(chromium, baseUrl, { viewport, token: player.token, colorScheme, path })).page;
  }

  describe.each(RULESETS.map(({ ruleset }) => ruleset))('%s', (ruleset) => {
    it.each(SIZES)('on a $name: a move offered in view at once, nothing over it; no serious axe finding; your turn and waiting', async ({ viewport }) => {
      const { id, activeSeat, waitingSeat } = games.get(ruleset)!;
      const mover = await open(players[activeSeat], `/games/${id}`, viewport);
      const waiting = await open(players[waitingSeat], `/games/${id}`, viewport);
      for (const page of [mover, waiting]) await page.locator('.play-area .timeline li').first().waitFor();
      await mover.locator('[data-turn="mine"]').waitFor();
      await mover.locator('.target.offered, .move-bar button.move').first().waitFor();
      // The page may scroll the first one into view by itself (use-offer-in-view.ts); the player never has to.
      let seen: string[] = [];
      for (let tries = 0; tries < 30 && seen.length === 0; tries++) {
        seen = await offeredInView(mover);
        if (seen.length === 0) await mover.waitForTimeout(100);
      }
      expect(seen).not.toEqual([]);
      for (const page of [mover, waiting]) {
        expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
        const text = await boardText(page);
        expect(text.count).toBeGreaterThan(10);
        expect(text.smallest).toBeGreaterThanOrEqual(10.99);
      }
      expect(await seriousViolations(mover)).toEqual([]);
      expect(await seriousViolations(waiting)).toEqual([]);
      // Checked last, after what the page shows as it opens: every target, brought into view, comes clear of the move bar.
      expect(await coveredOnceScrolledTo(mover)).toEqual([]);
      await mover.context().close();
      await waiting.context().close();
    });
  });

  it.each(RULESETS.map(({ ruleset }) => ruleset))(
    '%s on a phone: the board zooms with its buttons and with two fingers, pans in its own frame, and fits the screen whole zoomed out',
    async (ruleset) => {
      const { id, waitingSeat } = games.get(ruleset)!;
      const page = await open(players[waitingSeat], `/games/${id}`, PHONE);
      await page.locator('svg.drawing text').first().waitFor();
      const zoom = () => page.locator('.board-zoom').getAttribute('data-zoom').then(Number);
      expect(await zoom()).toBe(1);
      const before = await drawings(page);
      // At 100%, where it opens, the board is as wide as its text needs: wider than the phone, panned in its own frame.
      expect(before.some((drawing) => drawing.pans)).toBe(true);

      await page.getByRole('button', { name: 'Zoom in' }).click();
      expect(await zoom()).toBe(1.25);
      const zoomedIn = await drawings(page);
      zoomedIn.forEach((drawing, i) => expect(Math.abs(drawing.width - before[i].width * 1.25)).toBeLessThan(2));
      expect(zoomedIn.every((drawing) => drawing.pans)).toBe(true);
      expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);

      // A pinch: two fingers on the board, moved apart to twice their distance.
      const frame = (await page.locator('.drawing-pan').first().boundingBox())!;
      const y = frame.y + Math.min(frame.height, 300) / 2;
      const cdp = await page.context().newCDPSession(page);
      const fingers = (spread: number) => [
        { x: 195 - spread, y, id: 0 },
        { x: 195 + spread, y, id: 1 },
      ];
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: fingers(40) });
      for (const spread of [50, 60, 70, 80]) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: fingers(spread) });
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
      await page.waitForFunction("document.querySelector('.board-zoom').getAttribute('data-zoom') !== '1.25'");
      expect(await zoom()).toBeCloseTo(2.5, 1);
      expect((await boardText(page)).smallest).toBeGreaterThanOrEqual(10.99 * 2.5);

      // Zoomed out as far as it goes, the whole board is in view at once: each drawing fits the phone's width and height, and pans no more.
      while (await page.getByRole('button', { name: 'Zoom out' }).isEnabled()) await page.getByRole('button', { name: 'Zoom out' }).click();
      expect(await page.locator('.board-zoom').getAttribute('data-zoom')).toBe('whole');
      await page.locator('.zoom-controls output', { hasText: 'Whole board' }).waitFor();
      const whole = await drawings(page);
      expect(whole.filter((drawing) => drawing.pans || drawing.width > PHONE.width - 10)).toEqual([]);
      const tallest = (await page.evaluate(
        `Math.max(...[...document.querySelectorAll('svg.drawing')].map((svg) => svg.getBoundingClientRect().height))`,
      )) as number;
      expect(tallest).toBeLessThan(PHONE.height);
      expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
      // One step in is 100% again, where the board opens: as large as its text needs.
      await page.getByRole('button', { name: 'Zoom in' }).click();
      expect(await zoom()).toBe(1);
      expect((await boardText(page)).smallest).toBeGreaterThanOrEqual(10.99);
      await page.context().close();
    },
  );

  it('Mob Town on a laptop: the cards (hand, lineup) stand beside the city, and the moves offered are in view with them', async () => {
    const { id, activeSeat } = games.get('mob-town')!;
    const page = await open(players[activeSeat], `/games/${id}`, LAPTOP);
    await page.locator('[data-turn="mine"]').waitFor();
    await page.locator('.move-bar button.move').first().waitFor();
    const [city, cards] = (await page.evaluate(`[...document.querySelectorAll('.board.mob-town svg.drawing')].map((svg) => {
      const box = svg.getBoundingClientRect();
      return { left: box.left, right: box.right, top: box.top, bottom: box.bottom };
    })`)) as Array<{ left: number; right: number; top: number; bottom: number }>;
    expect(cards.left).toBeGreaterThanOrEqual(city.right);
    expect(cards.top).toBeLessThan(city.bottom);
    expect((await boardText(page)).smallest).toBeGreaterThanOrEqual(10.99);
    // The city's first row and the hand are on the screen, above the move bar, with the moves.
    const barTop = (await page.evaluate(`document.querySelector('.move-bar').getBoundingClientRect().top`)) as number;
    expect(Math.max(city.top, cards.top)).toBeGreaterThanOrEqual(0);
    expect(Math.max(city.top, cards.top) + 160).toBeLessThan(barTop);
    expect(await offeredInView(page)).not.toEqual([]);
    await page.context().close();
  });

  it.each([
    { ruleset: 'five-tribes', readable: '[data-target^="djinn:"]', says: 'victory points' },
    { ruleset: 'five-points', readable: '[data-target^="hood:"]', says: 'district' },
    { ruleset: 'mob-town', readable: '[data-target^="cell:"]', says: 'worth' },
  ])('$ruleset on a phone: a tap reads a card in full; Escape, Close and the keyboard work', async ({ ruleset, readable, says }) => {
    const { id, waitingSeat } = games.get(ruleset)!;
    const page = await open(players[waitingSeat], `/games/${id}`, PHONE);
    const card = page.locator(`${readable}.readable`).first();
    await card.waitFor();
    const target = await card.getAttribute('data-target');
    await card.tap();
    const dialog = page.getByRole('dialog');
    await expect(dialog.textContent()).resolves.toContain(says);
    expect(await dialog.locator('h3').textContent()).toBe((await card.getAttribute('aria-label'))!.replace(/^About /, ''));
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // The keyboard is back on what opened it; Enter opens it again, and Close closes it.
    await expect(page.evaluate('document.activeElement.getAttribute("data-target")')).resolves.toBe(target);
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.context().close();
  });

  it.each([
    { page: 'lobby', path: '/' },
    { page: 'settings', path: '/settings' },
    { page: 'account', path: '/account' },
  ])('the $page page: no serious axe finding, light or dark, laptop or phone', async ({ path }) => {
    for (const colorScheme of ['light', 'dark'] as const) {
      for (const { viewport } of SIZES) {
        const page = await open(players[0], path, viewport, colorScheme);
        await page.locator('main h1, main h2').first().waitFor();
        await expect(page.evaluate('document.documentElement.dataset.theme')).resolves.toBe(colorScheme);
        expect(await seriousViolations(page)).toEqual([]);
        expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
        await page.context().close();
      }
    }
  });

  it("a finished game's page, one player having left: no serious axe finding, light or dark, laptop or phone", async () => {
    const id = await startGame(server.url, players.slice(0, 2), { ruleset: 'five-tribes', seed: 'web-layout-finished' });
    await gqlOk(server.url, `mutation($id: ID!) { resignGame(gameId: $id) { id } }`, { id }, players[1].token);
    for (const colorScheme of ['light', 'dark'] as const) {
      for (const { viewport } of SIZES) {
        const page = await open(players[0], `/games/${id}`, viewport, colorScheme);
        // Its end, who left, and its record checked: the words in color that each theme must keep readable.
        await page.locator('.end-screen').waitFor();
        await page.locator('.player-strip .tag', { hasText: 'left the game' }).waitFor();
        await page.locator('.record-check').waitFor();
        expect(await seriousViolations(page)).toEqual([]);
        await page.context().close();
      }
    }
  });

  it("keeps the theme the player chose, over the system's", async () => {
    const page = await open(players[0], '/settings', LAPTOP, 'light');
    await page.getByLabel('Theme').selectOption('dark');
    await expect(page.evaluate('document.documentElement.dataset.theme')).resolves.toBe('dark');
    await page.reload();
    await page.locator('main h1, main h2').first().waitFor();
    await expect(page.evaluate('document.documentElement.dataset.theme')).resolves.toBe('dark');
    await page.getByLabel('Theme').selectOption('system');
    await expect(page.evaluate('document.documentElement.dataset.theme')).resolves.toBe('light');
    await page.context().close();
  });
});
