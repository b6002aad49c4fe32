/**
 * Signing up on the default set-up, in Chromium: `npm start` with nothing
 * configured sends no mail but catches it (src/notifications/mail-catcher.ts),
 * and a newcomer signs up through the catcher. The "check your mail" note
 * points to it; the catcher shows the mail's HTML part, whose "confirm your
 * address" opens the site signed in (in a new tab, as from a mail client);
 * its pages fit a phone and have an icon; and after a restart on the same
 * DATA_DIR the catcher's address, key and all, still shows the mail.
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { TEST_PASSWORD } from '../support/app';
import { npmStart, npmStartOnAFreePort, NpmStartedServer } from '../support/npm-start';
import { DESKTOP, launchBrowser, openWindow, PHONE } from './browser';

const SUBJECT = 'Confirm your email address to start playing';
const MAIL_FRAME = 'iframe[title="The mail\'s HTML part"]';

/** Opens the catcher at `url` and waits, reloading, until the sign-up mail is listed. */
async function openCaughtMail(page: Page, url: string): Promise<void> {
  await page.goto(url);
  for (const deadline = Date.now() + 60_000; !(await page.getByRole('link', { name: SUBJECT }).isVisible());) {
    if (Date.now() > deadline) throw new Error(`no "${SUBJECT}" in the catcher: ${await page.textContent('body')}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
    await page.reload();
  }
  await page.getByRole('link', { name: SUBJECT }).click();
  await page.getByRole('heading', { name: SUBJECT }).waitFor();
}

/**
 * Clicks a link of the caught mail's HTML part with the mouse, where it is
 * on the screen. (Chromium runs the sandboxed frame in a process of its own,
 * and Playwright's own click fails to place an element there when it runs
 * under Jest on Node 20: "Object not disposable", retried until it times out.)
 */
async function clickInMail(page: Page, name: string): Promise<void> {
  const frame = page.locator(MAIL_FRAME);
  await frame.scrollIntoViewIfNeeded();
  const box = (await frame.boundingBox())!;
  const at = await page
    .frameLocator(MAIL_FRAME)
    .getByRole('link', { name })
    .evaluate((link: { getBoundingClientRect(): { x: number; y: number; width: number; height: number } }) => {
      const rect = link.getBoundingClientRect();
      return { x: rect.x + rect.width / 2, y: rect.y + rect.height / 2 };
    });
  await page.mouse.click(box.x + at.x, box.y + at.y);
}

describe('the mail catcher of npm start', () => {
  let dataDir: string;
  let port: number;
  let server: NpmStartedServer | undefined;
  let chromium: Browser;
  /** What Chromium refused under a page's Content-Security-Policy, and pages it could not load. */
  const refused: string[] = [];

  const watch = (context: BrowserContext) => {
    context.on('console', (message) => {
      if (/Content Security Policy|frame-ancestors/i.test(message.text())) refused.push(message.text());
    });
    context.on('response', (response) => {
      if (response.status() >= 400) refused.push(`${response.status()} ${new URL(response.url()).pathname}`);
    });
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'pbw-mail-catcher-'));
    chmodSync(dataDir, 0o755);
    chromium = await launchBrowser();
  });

  afterAll(async () => {
    await chromium?.close();
    await server?.kill();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('signs a newcomer up through the caught mail, whose link opens the site; a phone reads it too; a restart keeps the mail and the key', async () => {
    ({ server, port } = await npmStartOnAFreePort(dataDir));
    const { context, page } = await openWindow(chromium, server.pageUrl, { viewport: DESKTOP });
    watch(context);
    await page.getByRole('button', { name: 'New here? Sign up' }).click();
    await page.getByLabel('Your name, as other players see it').fill('Ann');
    await page.getByLabel('Email').fill('ann@example.org');
    await page.getByLabel('Password').fill(TEST_PASSWORD);
    await page.getByRole('form', { name: 'Sign up' }).getByRole('button', { name: 'Sign up' }).click();
    const banner = page.getByRole('status', { name: 'Check your mail' });
    await banner.getByText("Read it in the server's mail catcher").waitFor();
    await expect(banner.textContent()).resolves.not.toContain('spam');

    const catcher = await context.newPage();
    await openCaughtMail(catcher, server.catcherUrl);
    const [site] = await Promise.all([context.waitForEvent('page'), clickInMail(catcher, 'confirm your address')]);
    await site.locator('header .who', { hasText: 'Ann' }).waitFor();

    // On a phone: laid out at its width, with the site's icon, no file missing.
    const phone = await openWindow(chromium, server.pageUrl, { viewport: PHONE });
    watch(phone.context);
    await openCaughtMail(phone.page, server.catcherUrl);
    expect(await phone.page.evaluate('document.documentElement.clientWidth')).toBe(PHONE.width);
    expect(await phone.page.locator('link[rel="icon"]').getAttribute('href')).toMatch(/^data:image\/svg\+xml,/);
    await phone.page.frameLocator(MAIL_FRAME).getByRole('link', { name: 'confirm your address' }).waitFor();

    // Restarted on the same data, the tab left open still opens the catcher, and the mail is there.
    expect(await server.interrupt()).toBe(0);
    server = await npmStart(dataDir, port);
    expect(server.catcherUrl).toBe(catcher.url().replace(/\/dev\/mail\/\d+\?/, '/dev/mail?'));
    await catcher.reload();
    await catcher.getByRole('heading', { name: SUBJECT }).waitFor();
    await catcher.frameLocator(MAIL_FRAME).getByRole('link', { name: 'confirm your address' }).waitFor();
    expect(refused).toEqual([]);
  }, 300_000);
});
