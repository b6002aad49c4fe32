/**
 * The web page's account pieces in Chromium, against a server that
 * verifies addresses and mails through a real SMTP server: signing up with
 * the verification banner, a forgotten password and its reset, and the
 * account page (name, address, password, sessions, logging out everywhere,
 * deletion).
 */
import type { ParsedMail } from 'mailparser';
import type { Browser, Page } from 'playwright-core';
import { gqlOk, startTestServer, TEST_PASSWORD, TestServer } from '../support/app';
import { SmtpInbox } from '../support/smtp-inbox';
import { DESKTOP, launchBrowser, openWindow, PHONE, waitUntil } from './browser';

const NEW_PASSWORD = 'lanterns over the harbour';

/** The path and query of the first link to `path` in a mail, to open on the test server. */
function linkIn(mail: ParsedMail, path: string): string {
  const match = new RegExp(`https?://[^/\\s]+(${path}\\?token=[^\\s"]+)`).exec(mail.text ?? '');
  if (!match) throw new Error(`no ${path} link in: ${mail.text}`);
  return match[1];
}

describe('web page: signing up with a verified address, resetting a password, and the account page', () => {
  let inbox: SmtpInbox;
  let server: TestServer;
  let chromium: Browser;
  let baseUrl: string;
  const email = `ann-${Date.now()}@example.org`;
  /** What the browser refused under the page's Content-Security-Policy: nothing, if it fits the page. */
  const refusedByPolicy: string[] = [];

  async function openPage(viewport = DESKTOP, timezoneId?: string) {
    const window = await openWindow(chromium, baseUrl, { viewport, timezoneId });
    window.page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) refusedByPolicy.push(message.text());
    });
    return window;
  }

  beforeAll(async () => {
    inbox = await SmtpInbox.start();
    server = await startTestServer({
      web: true,
      emailVerification: true,
      mail: { transportUrl: inbox.url, from: 'Play by Web <games@example.org>', publicUrl: 'http://play.example', delivery: { pollingIntervalSeconds: 0.2 } },
    });
    chromium = await launchBrowser();
    baseUrl = server.url.replace(/\/graphql$/, '');
  });

  afterAll(async () => {
    await chromium?.close();
    await server?.close();
    await inbox?.stop();
  });

  async function logIn(page: Page, password: string): Promise<void> {
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('form', { name: 'Log in' }).getByRole('button', { name: 'Log in' }).click();
    await page.locator('header .who').waitFor();
  }

  it("signs up with the browser's time zone, shows the verification banner, sends the link again, and signs in from the link", async () => {
    const { page } = await openPage(DESKTOP, 'Asia/Tokyo');
    await page.getByRole('button', { name: 'New here? Sign up' }).click();
    await page.getByLabel('Your name, as other players see it').fill('Ann');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('password123');
    await page.getByRole('form', { name: 'Sign up' }).getByRole('button', { name: 'Sign up' }).click();
    await expect(page.getByRole('alert').textContent()).resolves.toMatch(/commonly used password/);
    await page.getByLabel('Password').fill(TEST_PASSWORD);
    await page.getByRole('form', { name: 'Sign up' }).getByRole('button', { name: 'Sign up' }).click();
    const banner = page.getByRole('status', { name: 'Check your mail' });
    await banner.waitFor();
    await expect(banner.textContent()).resolves.toContain(email);
    await banner.getByRole('button', { name: 'Send the link again' }).click();
    await banner.getByText('Sent again.', { exact: true }).waitFor();
    const mails = await inbox.waitFor(email, /Confirm your email address/, { count: 2 });
    await page.goto(linkIn(mails[1], '/verify-email'));
    await page.locator('header .who', { hasText: 'Ann' }).waitFor();
    // The zone the browser is in went with the sign-up: the account's mail writes times in it.
    const token = await page.evaluate<string>("localStorage.getItem('pbw.token')");
    expect((await gqlOk<{ me: { timeZone: string } }>(server.url, '{ me { timeZone } }', {}, token)).me.timeZone).toBe('Asia/Tokyo');
    await page.context().close();
  });

  it('sets a new password from the link a forgotten password sends', async () => {
    const { page } = await openPage(DESKTOP);
    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send me a link' }).click();
    await page.getByRole('status').filter({ hasText: 'Check your mail' }).waitFor();
    const [mail] = await inbox.waitFor(email, /Set a new password/);
    await page.goto(linkIn(mail, '/reset-password'));
    await page.locator('input[name="newPassword"]').fill('qwertyuiop');
    await page.getByRole('button', { name: 'Set the new password' }).click();
    await page.getByRole('alert').waitFor();
    await page.locator('input[name="newPassword"]').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Set the new password' }).click();
    await page.locator('header .who', { hasText: 'Ann' }).waitFor();
    await page.context().close();
  });

  it('changes name, address and password on the account page, lists sessions, logs out everywhere and deletes the account', async () => {
    const desk = await openPage(DESKTOP);
    const phone = await openPage(PHONE);
    await logIn(desk.page, NEW_PASSWORD);
    await logIn(phone.page, NEW_PASSWORD);
    const page = desk.page;
    await page.getByRole('link', { name: 'Account' }).click();

    const name = page.getByRole('form', { name: 'Your name' });
    await name.getByLabel('Name, as other players see it').fill('Annie');
    await name.getByRole('button', { name: 'Save name' }).click();
    await page.locator('header .who', { hasText: 'Annie' }).waitFor();

    const newEmail = `annie-${Date.now()}@example.org`;
    const address = page.getByRole('form', { name: 'Your email address' });
    await address.getByLabel('New address').fill(newEmail);
    await address.getByLabel('Your password').fill(NEW_PASSWORD);
    await address.getByRole('button', { name: 'Change address' }).click();
    await expect(page.getByRole('status', { name: 'Check your mail' }).textContent()).resolves.toContain(newEmail);
    await inbox.waitFor(email, /about to change/);

    const sessions = page.getByRole('region', { name: 'Where you are logged in' });
    // This window, the phone, and the one that set the new password.
    await sessions.getByText('(this one)').waitFor();
    await expect(sessions.locator('li').count()).resolves.toBe(3);

    const password = page.getByRole('form', { name: 'Your password' });
    await password.getByLabel('Current password').fill(NEW_PASSWORD);
    await password.getByLabel('New password').fill('a quieter harbour at seven');
    await password.getByRole('button', { name: 'Change password' }).click();
    await password.getByText('Changed.').waitFor();
    await waitUntil(page, `document.querySelectorAll('.session-list li').length === 1`);
    // The phone's session ended with the change: on its next request it asks to log in.
    await phone.page.reload();
    await phone.page.getByRole('form', { name: 'Log in' }).waitFor();
    await logIn(phone.page, 'a quieter harbour at seven');
    await phone.page.getByRole('link', { name: 'Account' }).click();
    await phone.page.getByRole('form', { name: 'Delete your account' }).waitFor();
    const overflow = await phone.page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth');
    expect(overflow).toBeLessThanOrEqual(0);

    await sessions.getByRole('button', { name: 'Log out everywhere' }).click();
    await page.getByRole('form', { name: 'Log in' }).waitFor();
    await phone.page.reload();
    await phone.page.getByRole('form', { name: 'Log in' }).waitFor();

    await logIn(page, 'a quieter harbour at seven');
    await page.getByRole('link', { name: 'Account' }).click();
    const deletion = page.getByRole('form', { name: 'Delete your account' });
    await deletion.getByLabel('Your password').fill('a quieter harbour at seven');
    await deletion.getByLabel('I want to delete my account').check();
    await deletion.getByRole('button', { name: 'Delete my account' }).click();
    await page.getByRole('form', { name: 'Log in' }).waitFor();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('a quieter harbour at seven');
    await page.getByRole('form', { name: 'Log in' }).getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByRole('alert').textContent()).resolves.toMatch(/Wrong email or password/);
    expect(refusedByPolicy).toEqual([]);
  });
});
