/**
 * The page's words when something goes wrong, as a player reads them: an
 * address the site does not have.
 */
import type { Page } from 'playwright-core';
import { Player, registerPlayer, startTestServer, TestServer } from '../support/app';
import { launchBrowser, openWindow, TestBrowser } from './browser';

describe('web page: what it says when something goes wrong', () => {
  let server: TestServer;
  let chromium: TestBrowser;

  beforeAll(async () => {
    server = await startTestServer({ web: true });
    chromium = await launchBrowser();
  });

  afterAll(async () => {
    await chromium?.close();
    await server?.close();
  });

  const site = () => server.url.replace(/\/graphql$/, '');

  async function windowOf(player?: Player): Promise<Page> {
    return (await openWindow(chromium.browser, site(), undefined, player?.token)).page;
  }

  it('answers an address it does not have with a page of the site that leads home', async () => {
    const ann = await registerPlayer(server.url, 'Ann');
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
