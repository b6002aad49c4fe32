/**
 * Playing against bots in Chromium: a player gives a seat to a bot in the
 * new-game form, the game starts at once, and they click their way through
 * it to the end while the bot answers each turn by itself, live.
 */
import { isMyTurn, openWindow, pageTestBench, playOneStep, waitUntil } from './browser';

describe('web page: a game against a bot', () => {
  const bench = pageTestBench(['Ann']);

  it('creates a game with a greedy bot in seat 2, and plays it to the end by clicking, the bot moving by itself', async () => {
    const [ann] = bench.players;
    const site = bench.server.url.replace(/\/graphql$/, '');
    const { page } = await openWindow(bench.chromium, site, { token: ann.token, path: '/' });
    const form = page.getByRole('form', { name: 'New game' });
    await form.locator('select[name="ruleset"]').selectOption('counting');
    await form.locator('select[name="seats"]').selectOption('2');
    await form.locator('input[name="target"]').fill('12');
    await form.locator('select[name="seat-1"]').selectOption('GREEDY');
    await form.getByRole('button', { name: 'Create game' }).click();

    await page.locator('.play-area').waitFor();
    await page.getByText('Bots play in this game.').waitFor();
    await page.locator('.player-strip li', { hasText: 'Bot (greedy)' }).waitFor();

    let myMoves = 0;
    const finishedOrMine = `!!document.querySelector('.end-screen') || !!document.querySelector('[data-turn="mine"]')`;
    while (!(await page.locator('.end-screen').isVisible())) {
      if (await isMyTurn(page)) {
        await playOneStep(page);
        myMoves++;
      } else {
        await waitUntil(page, finishedOrMine, 20_000);
      }
      expect(myMoves).toBeLessThan(100);
    }
    expect(myMoves).toBeGreaterThan(0);

    // The lobby marks it as a game with bots.
    await page.goto(`${site}/`);
    await page.getByRole('region', { name: 'Finished' }).locator('li', { hasText: 'with bots' }).waitFor();
  });
});
