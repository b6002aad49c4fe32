/**
 * The page tests' run: the database (test/support/global-setup.ts) and the
 * headless Chromium (two builds of it, test/web/chromium.ts) that every page
 * test file connects to and opens its own windows in (test/web/browser.ts):
 * a launch costs far more than a connection, and a file's windows are as
 * separate from another's as two browsers are (each context has its own
 * storage and cookies).
 */
import databaseSetup from '../support/global-setup';
import { launchChromiumServers } from './chromium';

export default async function globalSetup(): Promise<void> {
  await databaseSetup();
  await launchChromiumServers();
}
