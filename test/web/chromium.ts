/**
 * Debian's Chromium, headless, driven through playwright-core: each page
 * test file launches its own (about a third of a second of CPU) and closes it
 * when done. No browser is downloaded: CI installs the `chromium` and
 * `chromium-headless-shell` packages (.ci/run).
 *
 * Launched by the test file itself, Playwright talks to Chromium over a pipe
 * from the test's own process. One browser server for the whole run (as
 * before) put a WebSocket hop between them that compressed and decoded every
 * protocol message twice: about a tenth of the CPU a page test used.
 *
 * Two builds: page tests run in Chromium's headless shell, the lighter
 * build of the same engine that Playwright itself runs headless tests in
 * (on five page files it took half the full build's CPU; over a whole run,
 * Chromium's CPU fell by a fifth); the tests of browser notifications run in the full
 * Chromium, because the shell reports notification permission as denied
 * whatever the test grants. Where the shell is not installed, every page
 * test runs in the full Chromium.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

const FULL_CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const HEADLESS_SHELL = process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell';

/** Which Chromium a page test file runs in. */
export type ChromiumBuild = 'headless-shell' | 'full';

function executableOf(build: ChromiumBuild): string {
  return build === 'headless-shell' && existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_CHROMIUM;
}

export function launchChromium(build: ChromiumBuild): Promise<Browser> {
  return chromium.launch({
    executablePath: executableOf(build),
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
