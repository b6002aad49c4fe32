/**
 * Driving Debian's Chromium (headless, through playwright-core) against a
 * test server that serves the built web page. No browser is downloaded:
 * CI installs the `chromium` package (.ci/run).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const SCREENSHOTS = join(__dirname, '..', 'screenshots');

export const DESKTOP = { width: 1280, height: 900 };
export const PHONE = { width: 390, height: 844 };

export interface TestBrowser {
  browser: Browser;
  close(): Promise<void>;
}

/** Playwright gives every launch a fresh, empty profile directory of its own. */
export async function launchBrowser(): Promise<TestBrowser> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    // This machine has no internet: without these, Chromium keeps trying Google's services.
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  return {
    browser,
    close: () => browser.close(),
  };
}

/** A player's own browser window (own localStorage, so own login). */
export async function openWindow(browser: Browser, baseUrl: string, viewport = DESKTOP, token?: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport, baseURL: baseUrl, isMobile: viewport.width < 600, hasTouch: viewport.width < 600 });
  // Logged in as the web page itself would be (web/src/api/client.ts keeps the token there).
  if (token) await context.addInitScript(`localStorage.setItem('pbw.token', ${JSON.stringify(token)})`);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await page.goto('/');
  return { context, page };
}

export async function signUp(page: Page, name: string): Promise<string> {
  const email = `${name.toLowerCase()}-${Math.random().toString(36).slice(2)}@example.org`;
  await page.getByRole('button', { name: 'New here? Sign up' }).click();
  await page.getByLabel('Your name, as other players see it').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('correct horse battery');
  await page.getByRole('form', { name: 'Sign up' }).getByRole('button', { name: 'Sign up' }).click();
  await page.locator('header .who', { hasText: name }).waitFor();
  return email;
}

/** The game version the page shows; it changes with every event. */
export async function shownVersion(page: Page): Promise<number> {
  return Number(await page.locator('.play-area').getAttribute('data-version'));
}

/** Waits until `expression`, evaluated in the page, is true (a string: the tests are compiled without DOM types). */
export async function waitUntil(page: Page, expression: string): Promise<void> {
  await page.waitForFunction(expression);
}

const VERSION_IN_PAGE = `Number(document.querySelector('.play-area')?.getAttribute('data-version'))`;

export async function waitForVersionAbove(page: Page, version: number): Promise<number> {
  await waitUntil(page, `${VERSION_IN_PAGE} > ${version}`);
  return shownVersion(page);
}

/** Waits until the page shows `version` or a later one: a move made elsewhere has arrived. */
export async function waitForVersion(page: Page, version: number): Promise<void> {
  await waitUntil(page, `${VERSION_IN_PAGE} >= ${version}`);
}

export function isMyTurn(page: Page): Promise<boolean> {
  return page.locator('[data-turn="mine"]').isVisible();
}

/**
 * Makes one move the way a player would: clicks a highlighted piece of the
 * board (`preferTarget` first, e.g. "tile:" or "spot:"), picking the first
 * offer if the click opens a choice; with nothing to click, the first move
 * button. Returns the new version.
 */
export async function playOneStep(page: Page, preferTarget = ''): Promise<number> {
  const before = await shownVersion(page);
  const offered = page.locator(`.target.offered[data-target^="${preferTarget}"]`);
  const anyOffered = page.locator('.target.offered');
  const target = (await offered.count()) > 0 ? offered.first() : (await anyOffered.count()) > 0 ? anyOffered.first() : null;
  if (target) {
    await target.click();
    // One click is one move, unless several moves are offered there: then a chooser opens.
    const chooser = page.getByRole('dialog', { name: 'Choose your move' });
    await Promise.race([chooser.waitFor(), waitForVersionAbove(page, before)]);
    if (await chooser.isVisible()) await chooser.locator('button.choice').first().click();
  } else {
    await page.locator('.move-bar button.move').first().click();
  }
  return waitForVersionAbove(page, before);
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
}
