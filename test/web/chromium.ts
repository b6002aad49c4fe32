/**
 * Debian's Chromium, headless, driven through playwright-core: launched
 * once for the run (test/web/global-setup.ts) as browser servers whose
 * addresses the test files find in the environment. No browser is
 * downloaded: CI installs the `chromium` and `chromium-headless-shell`
 * packages (.ci/run).
 *
 * Two of them: page tests run in Chromium's headless shell, the lighter
 * build of the same engine that Playwright itself runs headless tests in
 * (on five page files it took half the full build's CPU; over a whole run,
 * Chromium's CPU fell by a fifth); the tests of browser notifications run in the full
 * Chromium, because the shell reports notification permission as denied
 * whatever the test grants. Where the shell is not installed, every page
 * test runs in the full Chromium.
 */
import { existsSync } from 'node:fs';
import { chromium, type BrowserServer } from 'playwright-core';

const FULL_CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const HEADLESS_SHELL = process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell';

/** Which Chromium a page test file runs in. */
export type ChromiumBuild = 'headless-shell' | 'full';

/** Where the run's browser server of each build listens (set for Jest's workers). */
export const CHROMIUM_ENDPOINTS: Record<ChromiumBuild, string> = {
  'headless-shell': 'TEST_CHROMIUM_ENDPOINT',
  full: 'TEST_FULL_CHROMIUM_ENDPOINT',
};

let servers: BrowserServer[] = [];

function launch(executablePath: string): Promise<BrowserServer> {
  return chromium.launchServer({
    executablePath,
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
}

export async function launchChromiumServers(): Promise<void> {
  const full = await launch(FULL_CHROMIUM);
  const shell = existsSync(HEADLESS_SHELL) ? await launch(HEADLESS_SHELL) : full;
  servers = [...new Set([full, shell])];
  // Jest starts its workers after the global setup: they inherit these.
  process.env[CHROMIUM_ENDPOINTS.full] = full.wsEndpoint();
  process.env[CHROMIUM_ENDPOINTS['headless-shell']] = shell.wsEndpoint();
}

export async function closeChromiumServers(): Promise<void> {
  await Promise.all(servers.map((server) => server.close()));
  servers = [];
}
