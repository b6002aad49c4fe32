/**
 * Debian's Chromium, headless, driven through playwright-core: launched
 * once for the run (test/web/global-setup.ts) as a browser server whose
 * address the test files find in TEST_CHROMIUM_ENDPOINT. No browser is
 * downloaded: CI installs the `chromium` package (.ci/run).
 */
import { chromium, type BrowserServer } from 'playwright-core';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ENDPOINT = 'TEST_CHROMIUM_ENDPOINT';

let server: BrowserServer | undefined;

export async function launchChromiumServer(): Promise<void> {
  server = await chromium.launchServer({
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
  // Jest starts its workers after the global setup: they inherit this.
  process.env[CHROMIUM_ENDPOINT] = server.wsEndpoint();
}

export async function closeChromiumServer(): Promise<void> {
  await server?.close();
  server = undefined;
}
