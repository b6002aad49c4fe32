/**
 * How the boards look, where words and markers must stay readable, on a
 * laptop (1280 x 800) and a phone (390 x 844), light and dark: Five Tribes'
 * tile names inside their tiles; Mob Town's pawns beside, not over, the
 * names of the cards they stand on; the black seat's markers standing out
 * from the dark theme's backgrounds.
 */
import type { Page } from 'playwright-core';
import { gqlOk, Player, registerPlayer, startTestServer, TestServer } from '../support/app';
import { launchBrowser, openWindow, PHONE, TestBrowser } from './browser';

const LAPTOP = { width: 1280, height: 800 };
const SIZES = [
  { name: 'laptop', viewport: LAPTOP },
  { name: 'phone', viewport: PHONE },
] as const;

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

const overlap = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

describe('web page: words and markers on the boards stay readable', () => {
  let server: TestServer;
  let chromium: TestBrowser;
  let players: Player[];

  beforeAll(async () => {
    server = await startTestServer({ web: true });
    chromium = await launchBrowser();
    players = await Promise.all(['Ann', 'Bob', 'Cy'].map((name) => registerPlayer(server.url, name)));
  });

  afterAll(async () => {
    await chromium?.close();
    await server?.close();
  });

  /** A started game of `seats` players, the first hosting. */
  async function startGame(ruleset: string, seats: number, seed: string, options: Record<string, unknown> = {}): Promise<string> {
    const { createGame } = await gqlOk<{ createGame: { id: string } }>(
      server.url,
      `mutation($r: String!, $n: Int!, $s: String!, $o: JSON) { createGame(input: { ruleset: $r, seats: $n, seed: $s, options: $o }) { id } }`,
      { r: ruleset, n: seats, s: seed, o: options },
      players[0].token,
    );
    const id = createGame.id;
    for (const player of players.slice(1, seats)) await gqlOk(server.url, `mutation($id: ID!) { joinGame(gameId: $id) { id } }`, { id }, player.token);
    await gqlOk(server.url, `mutation($id: ID!) { startGame(gameId: $id) { id } }`, { id }, players[0].token);
    return id;
  }

  async function open(player: Player, path: string, viewport: { width: number; height: number }, colorScheme: 'light' | 'dark' = 'light'): Promise<Page> {
    const { page } = await openWindow(chromium.browser, server.url.replace(/\/graphql$/, ''), viewport, player.token);
    await page.emulateMedia({ colorScheme });
    await page.goto(path);
    await page.locator('svg.drawing text').first().waitFor();
    return page;
  }

  it.each(SIZES)("Five Tribes on a $name: every tile's name is inside its tile", async ({ viewport }) => {
    const id = await startGame('five-tribes', 2, 'web-layout-five-tribes');
    const page = await open(players[0], `/games/${id}`, viewport);
    const outside = (await page.evaluate(`[...document.querySelectorAll('[data-target^="tile:"]')].flatMap((tile) => {
      const edge = tile.querySelector('rect').getBoundingClientRect();
      return [...tile.querySelectorAll('text')].flatMap((text) => {
        const box = text.getBoundingClientRect();
        const inside = box.left >= edge.left && box.right <= edge.right && box.top >= edge.top && box.bottom <= edge.bottom;
        return inside ? [] : [tile.getAttribute('data-target') + ': ' + text.textContent.trim()];
      });
    })`)) as string[];
    expect(outside).toEqual([]);
    expect(await page.locator('[data-target^="tile:"] text', { hasText: 'market' }).count()).toBeGreaterThan(0);
    await page.context().close();
  });
});
