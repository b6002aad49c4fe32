/**
 * How the boards look, where words and markers must stay readable, on a
 * laptop (1280 x 800) and a phone (390 x 844), light and dark: Five Tribes'
 * tile names inside their tiles; Mob Town's pawns beside, not over, the
 * names of the cards they stand on; the black seat's markers standing out
 * from the dark theme's backgrounds.
 */
import type { Page } from 'playwright-core';
import { gqlOk, Player } from '../support/app';
import { openWindow, PHONE, pageTestBench } from './browser';
import { startGameFor } from './page-checks';

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
  const bench = pageTestBench(['Ann', 'Bob', 'Cy']);

  /** A started game of `seats` players, the first hosting. */
  const startGame = async (ruleset: string, seats: number, seed: string, options: Record<string, unknown> = {}) =>
    (await startGameFor(bench.server.url, bench.players, { ruleset, seats, seed, options })).id;

  async function open(player: Player, path: string, viewport: { width: number; height: number }, colorScheme: 'light' | 'dark' = 'light'): Promise<Page> {
    const { page } = await openWindow(bench.chromium, bench.server.url.replace(/\/graphql$/, ''), { viewport, token: player.token, colorScheme, path });
    await page.locator('svg.drawing text').first().waitFor();
    return page;
  }

  it.each(SIZES)("Five Tribes on a $name: every tile's name is inside its tile", async ({ viewport }) => {
    const id = await startGame('five-tribes', 2, 'web-layout-five-tribes');
    const page = await open(bench.players[0], `/games/${id}`, viewport);
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

  /**
   * Each of the black seat's markers beside the players' names and on the
   * board's own background, as its edge or its fill stands out from what
   * is behind it: the better of the two contrast ratios (WCAG's, 1 to 21).
   */
  function blackMarkerContrasts(page: Page): Promise<Array<{ where: string; contrast: number }>> {
    return page.evaluate(`(() => {
      const rgb = (color) => (color.match(/[\\d.]+/g) || []).map(Number);
      const luminance = ([r, g, b]) => {
        const [R, G, B] = [r, g, b].map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
        return 0.2126 * R + 0.7152 * G + 0.0722 * B;
      };
      // A color that paints nothing ('none', or transparent) stands out from nothing: 1.
      const paints = (color) => rgb(color).length === 3 || rgb(color)[3] > 0;
      const ratio = (a, b) => {
        if (!paints(a)) return 1;
        const [x, y] = [luminance(rgb(a)), luminance(rgb(b))].sort((p, q) => q - p);
        return (x + 0.05) / (y + 0.05);
      };
      const behind = (element) => {
        for (let at = element; at; at = at.parentElement) {
          const color = getComputedStyle(at).backgroundColor;
          if (paints(color)) return color;
        }
        return 'rgb(255, 255, 255)';
      };
      const contrast = (shape) => {
        const style = getComputedStyle(shape), background = behind(shape);
        return Math.max(ratio(style.stroke, background), ratio(style.fill, background));
      };
      const black = [...document.querySelectorAll('svg circle, svg rect, svg polygon')].filter((shape) => shape.getAttribute('fill') === '${'#1f1f1f'}');
      return [
        ...black.filter((shape) => shape.closest('.player-strip')).map((shape) => ({ where: 'beside the name', contrast: contrast(shape) })),
        ...black.filter((shape) => shape.closest('svg.drawing') && !shape.closest('[data-target]') && shape.parentElement.querySelector('title')).map((shape) => ({ where: 'on the board', contrast: contrast(shape) })),
      ];
    })()`) as Promise<Array<{ where: string; contrast: number }>>;
  }

  describe.each(['light', 'dark'] as const)('in the %s theme', (colorScheme) => {
    it.each(SIZES)("the black seat's markers stand out from what is behind them, on a $name", async ({ viewport }) => {
      const id = await startGame('five-tribes', 2, 'web-layout-five-tribes');
      const page = await open(bench.players[1], `/games/${id}`, viewport, colorScheme);
      const contrasts = await blackMarkerContrasts(page);
      expect(contrasts.map(({ where }) => where)).toEqual(expect.arrayContaining(['beside the name', 'on the board']));
      // WCAG 1.4.11: graphical objects a player must tell apart, at least 3 to 1.
      expect(contrasts.filter(({ contrast }) => contrast < 3)).toEqual([]);
      await page.context().close();
    });
  });

  /** Plays the first move offered, by whoever is to act, until `done` says the game's view is as wanted. */
  async function playUntil(id: string, done: (view: Record<string, unknown>) => boolean): Promise<void> {
    for (let moves = 0; moves < 30; moves++) {
      const { game } = await gqlOk<{ game: { activeSeats: number[]; view: Record<string, unknown> } }>(
        bench.server.url,
        `query($id: ID!) { game(id: $id) { activeSeats view } }`,
        { id },
      );
      if (done(game.view)) return;
      const mover = bench.players[game.activeSeats[0]];
      const { game: mine } = await gqlOk<{ game: { version: number; legalMoves: unknown[] } }>(
        bench.server.url,
        `query($id: ID!) { game(id: $id) { version legalMoves } }`,
        { id },
        mover.token,
      );
      await gqlOk(
        bench.server.url,
        `mutation($id: ID!, $m: JSON!, $v: Int!) { submitMove(gameId: $id, move: $m, expectedVersion: $v) { id } }`,
        { id, m: mine.legalMoves[0], v: mine.version },
        mover.token,
      );
    }
    throw new Error('the game never came to the position wanted');
  }

  it.each(SIZES)('Mob Town on a $name: the co-op pawns stand clear of the names of the cards they are on', async ({ viewport }) => {
    const id = await startGame('mob-town', 3, 'web-mob-town-coop-49', { mode: 'coop' });
    await playUntil(id, (view) => (view.players as Array<{ pawn: unknown }>).every((player) => player.pawn));
    const page = await open(bench.players[0], `/games/${id}`, viewport);
    await page.locator('.pawn').first().waitFor();
    const boxes = (await page.evaluate(`(() => {
      const box = (element) => { const { left, top, right, bottom } = element.getBoundingClientRect(); return { left, top, right, bottom }; };
      return {
        pawns: [...document.querySelectorAll('.pawn path')].map(box),
        names: [...document.querySelectorAll('[data-target^="cell:"] text')].map((text) => ({ name: text.textContent.trim(), ...box(text) })),
      };
    })()`)) as { pawns: Box[]; names: Array<Box & { name: string }> };
    expect(boxes.pawns).toHaveLength(3);
    expect(boxes.names.filter((name) => boxes.pawns.some((pawn) => overlap(pawn, name))).map((name) => name.name)).toEqual([]);
    await page.context().close();
  });
});
