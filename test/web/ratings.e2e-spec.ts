/**
 * Ratings on the page: in the lobby each player's name links to their
 * profile and shows their rating in the game's ruleset; the profile shows,
 * per game, the rating, the rated games it rests on, that it is still
 * provisional, its history as a small chart, and the player's reliability.
 * axe-core finds nothing serious on either page, light or dark, on a laptop
 * or a phone, and neither scrolls sideways.
 */
import { gqlOk } from '../support/app';
import { startGame } from '../support/games';
import { openWindow, pageTestBench, PHONE } from './browser';
import { seriousViolations, sidewaysOverflow } from './page-checks';

const LAPTOP = { width: 1280, height: 800 };

describe('ratings on the page', () => {
  const bench = pageTestBench(['Ann', 'Bob']);
  let ratingOf: Map<string, number>;

  beforeAll(async () => {
    const [ann, bob] = bench.players;
    // Two rated games Bob left before his first turn, and one still being played.
    for (let i = 0; i < 2; i++) {
      const id = await startGame(bench.server.url, [ann, bob], { ruleset: 'five-tribes' });
      await gqlOk(bench.server.url, `mutation($id: ID!) { resignGame(gameId: $id) { id } }`, { id }, bob.token);
    }
    await startGame(bench.server.url, [ann, bob], { ruleset: 'five-tribes', name: 'Evening game' });
    const { ratings } = await gqlOk<{ ratings: Array<{ user: { id: string }; rating: number }> }>(
      bench.server.url,
      `{ ratings(ruleset: "five-tribes") { user { id } rating } }`,
    );
    ratingOf = new Map(ratings.map((rating) => [rating.user.id, rating.rating]));
  });

  const open = async (path: string, viewport = LAPTOP, colorScheme: 'light' | 'dark' = 'light') =>
    (await openWindow(bench.chromium, bench.server.url.replace(/\/graphql$/, ''), { token: bench.players[0].token, path, viewport, colorScheme })).page;

  it("shows each player's rating beside their name in the lobby, the name a link to their profile", async () => {
    const [ann, bob] = bench.players;
    const page = await open('/');
    const row = page.locator('li', { hasText: 'Evening game' }).first();
    const bobLink = row.getByRole('link', { name: 'Bob', exact: true });
    // The ratings come after the games' list.
    await row.locator('.rating').nth(1).waitFor();
    await expect(bobLink.getAttribute('href')).resolves.toBe(`/players/${bob.id}`);
    await expect(row.locator('.players').textContent()).resolves.toBe(`Ann ${ratingOf.get(ann.id)!.toFixed(1)}?, Bob ${ratingOf.get(bob.id)!.toFixed(1)}?`);
    await bobLink.click();
    await page.getByRole('heading', { level: 1, name: 'Bob' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/players/${bob.id}`);
    await page.context().close();
  });

  it('shows a profile: per game the rating, its games, provisional, its history as a chart; the reliability', async () => {
    const [, bob] = bench.players;
    const page = await open(`/players/${bob.id}`);
    const card = page.getByRole('region', { name: 'Five Tribes' });
    await expect(card.locator('.rating-line').textContent()).resolves.toBe(
      `${ratingOf.get(bob.id)!.toFixed(1)} after 2 rated games · provisional until 10 games`,
    );
    const chart = card.getByRole('img', { name: /^Five Tribes rating after each of 2 rated games, from -?\d+\.\d to -?\d+\.\d$/ });
    const box = (await chart.boundingBox())!;
    expect(box.width).toBeGreaterThan(100);
    expect(box.height).toBeGreaterThan(30);
    const reliability = page.getByRole('region', { name: 'Reliability' });
    await expect(reliability.locator('dd').allTextContents()).resolves.toEqual(['no turns yet', '2 of 2 finished games (100.0%)']);
    await page.context().close();
  });

  it('says so of an address that is no player', async () => {
    const page = await open('/players/00000000-0000-4000-8000-000000000000');
    await page.getByText('There is no such player.').waitFor();
    await page.context().close();
  });

  it.each([
    { page: 'profile', path: () => `/players/${bench.players[1].id}` },
    { page: 'lobby', path: () => '/' },
  ])('the $page page, with ratings: no serious axe finding, light or dark, laptop or phone, nothing sideways', async ({ path }) => {
    for (const colorScheme of ['light', 'dark'] as const) {
      for (const viewport of [LAPTOP, PHONE]) {
        const page = await open(path(), viewport, colorScheme);
        await page.locator('.rating, .rating-value').first().waitFor();
        expect(await seriousViolations(page)).toEqual([]);
        expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
        await page.context().close();
      }
    }
  });
});
