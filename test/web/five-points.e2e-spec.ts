/**
 * Five Points in the browser: three players (the rules need three), the
 * host creates and starts the game on the page, the starting player places
 * the two face-down buildings by clicking neighborhoods, and they play a
 * placement round by clicking neighborhoods and markers.
 */
import type { Browser, Page } from 'playwright-core';
import { registerPlayer, startTestServer, TestServer } from '../support/app';
import { DESKTOP, isMyTurn, launchBrowser, openWindow, PHONE, playOneStep, startGameOnPage, waitForVersion } from './browser';

describe('web page: Five Points in the browser', () => {
  let server: TestServer;
  let chromium: Browser;
  let pages: Page[];

  beforeAll(async () => {
    server = await startTestServer({ web: true });
    chromium = await launchBrowser();
    const baseUrl = server.url.replace(/\/graphql$/, '');
    // Signing up through the page is covered by the Five Tribes spec: here the accounts come from the API.
    const players = await Promise.all(['Ann', 'Bob', 'Cy'].map((name) => registerPlayer(server.url, name)));
    pages = await Promise.all(
      players.map(async (player, i) => (await openWindow(chromium, baseUrl, { viewport: i === 1 ? PHONE : DESKTOP, token: player.token })).page),
    );
    await startGameOnPage(
      pages,
      server.url,
      players.map((player) => player.token),
      { ruleset: 'five-points', seed: 'web-five-points' },
    );
  });

  afterAll(async () => {
    await chromium?.close();
    await server?.close();
  });

  async function mover(): Promise<Page> {
    for (const page of pages) if (await isMyTurn(page)) return page;
    throw new Error('nobody has the turn');
  }

  it('draws the city, lets the starting player place the buildings, then plays placements and bids by clicking', async () => {
    const [ann] = pages;
    expect(await ann.locator('[data-target^="hood:"]').count()).toBeGreaterThanOrEqual(11);
    // Setup: the starting player clicks a neighborhood for each face-down building; nobody else is offered anything.
    for (let i = 0; i < 2; i++) {
      const page = await mover();
      const offered = page.locator('.target.offered');
      expect(await offered.count()).toBe(11 - i);
      expect(await page.locator('.target.offered:not([data-target^="hood:"])').count()).toBe(0);
      const version = await playOneStep(page, 'hood:');
      await Promise.all(pages.map((other) => waitForVersion(other, version)));
    }
    await ann.locator('.timeline', { hasText: 'placed a building face down on' }).waitFor();
    await ann.locator('.timeline', { hasText: 'The buildings were revealed' }).waitFor();
    expect(await ann.locator('[data-target^="marker:"]').count()).toBe(4);
    // The mover reads what they are asked; the others read whom they wait for, never the mover's "your".
    {
      const page = await mover();
      const name = ['Ann', 'Bob', 'Cy'][pages.indexOf(page)];
      expect(await page.locator('.turn-banner').textContent()).toMatch(/^Your turn: place one rabble from your HQ/);
      for (const other of pages.filter((other) => other !== page)) expect(await other.locator('.turn-banner').textContent()).toBe(`Waiting for ${name}`);
    }
    for (let i = 0; i < 6; i++) {
      const page = await mover();
      // A placement is a click on a neighborhood; the bid after it a click on a marker, or "No bid".
      const version = await playOneStep(page, (await page.locator('.target.offered[data-target^="hood:"]').count()) > 0 ? 'hood:' : 'marker:');
      await Promise.all(pages.map((other) => waitForVersion(other, version)));
    }
    await ann.locator('.timeline', { hasText: 'placed a rabble on' }).waitFor();
  });
});
