/**
 * The page tests' run: the database (test/support/global-setup.ts). Each page
 * test file launches its own Chromium (test/web/chromium.ts).
 */
export { default } from '../support/global-setup';
