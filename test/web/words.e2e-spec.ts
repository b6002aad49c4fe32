/**
 * The page's words when something goes wrong, as a player reads them: a
 * wrong password, too many failed logins (and when to try again), and an
 * address the site does not have.
 */
import type { Page } from 'playwright-core';
import { emailOf, Player, registerPlayer, startTestServer, TEST_PASSWORD, TestServer } from '../support/app';
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

  async function logIn(page: Page, email: string, password: string): Promise<void> {
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('form', { name: 'Log in' }).getByRole('button', { name: 'Log in' }).click();
  }

  /** The page's problem banner, as read (without its dismiss button). */
  const alertText = async (page: Page) => ((await page.getByRole('alert').textContent()) ?? '').replace(/×$/, '').trim();

  it('says a password is wrong, and nothing more', async () => {
    const ann = await registerPlayer(server.url, 'Ann');
    const page = await windowOf();
    await logIn(page, await emailOf(server.url, ann), 'not the password');
    await expect(alertText(page)).resolves.toBe('Wrong email or password.');
    await page.context().close();
  });

  it('says when to try again after too many failed logins, and counts down to it', async () => {
    const ann = await registerPlayer(server.url, 'Ann');
    const email = await emailOf(server.url, ann);
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
    await page
      .getByRole('alert')
      .filter({ hasText: `in ${first - 2} seconds` })
      .waitFor({ timeout: 5000 });
    await page.context().close();
  });

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
