/**
 * Mob Town in the browser: two players choose their agendas and play a few
 * actions by clicking the deck, cards and the city; the mover's history
 * takes the move's entries from the move's answer.
 */
import type { Browser, Page } from 'playwright-core';
import { registerPlayer, startTestServer, TestServer } from '../support/app';
import { DESKTOP, isMyTurn, launchBrowser, openWindow, PHONE, playOneStep, shownVersion, waitForVersion } from './browser';
import { onGraphQLRequest } from './graphql-traffic';
import { startGame } from '../support/games';

describe('web page: Mob Town in the browser', () => {
  let server: TestServer;
  let chromium: Browser;
  let pages: Page[];

  beforeAll(async () => {
    server = await startTestServer({ web: true });
    chromium = await launchBrowser();
    const baseUrl = server.url.replace(/\/graphql$/, '');
    const [ann, bob] = await Promise.all(['Ann', 'Bob'].map((name) => registerPlayer(server.url, name)));
    const id = await startGame(server.url, [ann, bob], { ruleset: 'mob-town', seed: 'web-mob-town' });
    const path = `/games/${id}`;
    pages = [
      (await openWindow(chromium, baseUrl, { viewport: DESKTOP, token: ann.token, path })).page,
      (await openWindow(chromium, baseUrl, { viewport: PHONE, token: bob.token, path })).page,
    ];
    await Promise.all(pages.map((page) => page.locator('.play-area').waitFor()));
  });

  afterAll(async () => {
    await chromium?.close();
    await server?.close();
  });

  it('chooses agendas and plays actions by clicking, live on both pages', async () => {
    expect(await pages[0].locator('[data-target^="cell:"]').count()).toBeGreaterThan(3);
    for (let step = 0; step < 8; step++) {
      const movers = [];
      for (const page of pages) if (await isMyTurn(page)) movers.push(page);
      if (movers.length === 0) break;
      // Drawing from the deck is the one action always offered; agendas are buttons.
      const version = await playOneStep(movers[0], 'deck');
      await Promise.all(pages.map((page) => waitForVersion(page, version)));
    }
    await pages[0].locator('.timeline', { hasText: /chose|drew/ }).waitFor();
    // The city's places are named as a person names them (cards, and empty lots by what they are beside), never by grid numbers.
    const cityNames = await Promise.all((await pages[0].locator('[data-target^="cell:"][aria-label]').all()).map((cell) => cell.getAttribute('aria-label')));
    expect(cityNames.length).toBeGreaterThan(0);
    for (const name of cityNames) expect(name).not.toMatch(/-?\d+,-?\d+/);
  });

  it("shows a move in the mover's history from the move's own answer, asking nothing more; the other page reads it", async () => {
    // Both timelines first hold the game as it stands: a history read still under way when the move is answered
    // is one the new version rightly makes again.
    const before = await shownVersion(pages[0]);
    await Promise.all(pages.map((page) => page.locator(`.timeline li[data-seq="${before}"]`).waitFor()));
    const historyAsked = pages.map(() => 0);
    pages.forEach((page, i) =>
      onGraphQLRequest(page, (request) => {
        if (/query History\b/.test(request.query)) historyAsked[i]++;
      }),
    );
    const mover = (await isMyTurn(pages[0])) ? 0 : 1;
    const other = 1 - mover;
    const version = await playOneStep(pages[mover], 'deck');
    await Promise.all(pages.map((page) => waitForVersion(page, version)));
    // Both timelines end with the new move's entry.
    await Promise.all(pages.map((page) => page.locator(`.timeline li[data-seq="${version}"]`).waitFor()));
    expect(historyAsked[mover]).toBe(0);
    expect(historyAsked[other]).toBeGreaterThan(0);
  });

  it("offers in the new-game form each mode's own options, in words, and the lobby names the mode", async () => {
    const page = pages[0];
    await page.goto('/');
    await page.locator('select[name="ruleset"]').selectOption('mob-town');
    const mode = page.locator('select[name="mode"]');
    expect(await mode.locator('option').allTextContents()).toEqual(['Competitive', 'Co-op: "Upholding the Law"']);
    const professionals = page.getByLabel('Professionals');
    await professionals.check();
    expect(await page.locator('select[name="coopStartingCity"]').count()).toBe(0);

    await mode.selectOption('coop');
    expect(await professionals.count()).toBe(0);
    expect(await page.locator('select[name="coopStartingCity"] option').allTextContents()).toEqual([
      'Easier: 7 cards',
      'Standard: 8 cards',
      'Harder: 9 cards',
      'Hardest: 10 cards',
    ]);
    // Professionals was ticked before co-op was chosen: it is not sent, so the game is made.
    await page.getByRole('button', { name: 'Create game' }).click();
    await page.locator('[data-invite-link]').waitFor();
    await page.goto('/');
    await page.locator('.game-list', { hasText: 'Mode: Co-op: "Upholding the Law"' }).first().waitFor();
  });
});
