/**
 * The settings page and invitations by email, in headless Chromium: a player
 * chooses how each kind of mail arrives, plans, is refused and ends
 * vacations, copies their calendar address and makes a new one, and a host invites a registered player from the game's lobby.
 * Server time is a ManualClock, and the browser's clock is set to the same
 * time, so "days left this year" and "now" versus "planned" do not depend
 * on the day the test runs.
 */
import type { Browser, Page } from 'playwright-core';
import { ManualClock } from '../../src/common/clock';
import { PrismaService } from '../../src/database/prisma.service';
import { gqlOk, startTestServer, TestServer } from '../support/app';
import { DESKTOP, launchBrowser, openWindow, PHONE, signUp } from './browser';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** A datetime-local value in the browser's time zone (the same as this process's: both take the machine's). */
function localInput(at: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

type Settings = {
  deliveries: Array<{ kind: string; delivery: string }>;
  vacations: Array<{ startsAt: string; endsAt: string }>;
  vacationDaysLeftThisYear: number;
};

describe('web page: email settings, vacations, the calendar address and invitations by email', () => {
  const clock = new ManualClock(new Date('2026-03-02T09:00:00.000Z'));
  let server: TestServer;
  let chromium: Browser;
  let ann: Page;
  let bob: Page;
  let annToken: string;
  let bobEmail: string;
  let bobToken: string;

  beforeAll(async () => {
    server = await startTestServer({ web: true, clock });
    chromium = await launchBrowser();
    const baseUrl = server.url.replace(/\/graphql$/, '');
    ann = (await openWindow(chromium, baseUrl, { viewport: DESKTOP })).page;
    // Bob's browser is in Tokyo: his sign-up says so.
    bob = (await openWindow(chromium, baseUrl, { viewport: PHONE, timezoneId: 'Asia/Tokyo' })).page;
    await ann.clock.setFixedTime(clock.now());
    await signUp(ann, 'Ann');
    bobEmail = await signUp(bob, 'Bob');
    annToken = await tokenOf(ann);
    bobToken = await tokenOf(bob);
  });

  afterAll(async () => {
    await chromium?.close();
    await server?.close();
  });

  /** The token the page logged in with (web/src/api/client.ts keeps it in localStorage). */
  async function tokenOf(page: Page): Promise<string> {
    const token = await page.evaluate<string | null>(`localStorage.getItem('pbw.token')`);
    if (!token) throw new Error('The page holds no token');
    return token;
  }

  async function storedSettings(token: string): Promise<Settings> {
    const query = `{ notificationSettings { deliveries { kind delivery } vacations { startsAt endsAt } vacationDaysLeftThisYear } }`;
    return (await gqlOk<{ notificationSettings: Settings }>(server.url, query, {}, token)).notificationSettings;
  }

  const delivery = (page: Page, kind: string, choice: string) => page.getByRole('group', { name: kind }).getByRole('radio', { name: choice });
  const vacations = () => ann.getByRole('region', { name: 'Vacations' });
  const planForm = () => ann.getByRole('form', { name: 'Plan a vacation' });
  const daysLeft = async () => Number(await vacations().locator('[data-days-left]').getAttribute('data-days-left'));

  async function planVacation(from: Date, to: Date): Promise<void> {
    await planForm().getByLabel('Starts').fill(localInput(from));
    await planForm().getByLabel('Ends').fill(localInput(to));
    await planForm().getByRole('button', { name: 'Plan vacation' }).click();
  }

  it('opens the settings from the header, with every kind of mail sent immediately at first', async () => {
    await ann.getByRole('link', { name: 'Settings' }).click();
    await ann.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    // The heading shows while the settings still load; the form comes with them.
    await ann.getByRole('form', { name: 'Email' }).waitFor();
    const kinds = [
      'Your turn',
      'Invitation',
      'Game started',
      'Game finished',
      'Rollback',
      'Deadline reminder',
      'Deadline passed',
      'New messages',
      'Takebacks and ending early',
    ];
    await expect(ann.locator('fieldset.delivery legend').allTextContents()).resolves.toEqual(kinds);
    for (const kind of kinds) await expect(delivery(ann, kind, 'Immediately').isChecked()).resolves.toBe(true);
    expect(new URL(ann.url()).pathname).toBe('/settings');
  });

  it('saves "Daily digest" and "Off", which stay chosen after a reload and are stored for the player', async () => {
    const save = ann.getByRole('button', { name: 'Save email settings' });
    await expect(save.isDisabled()).resolves.toBe(true);
    await delivery(ann, 'Your turn', 'Daily digest').check();
    await delivery(ann, 'Rollback', 'Off').check();
    await save.click();
    await ann.getByRole('form', { name: 'Email' }).getByRole('status').filter({ hasText: 'Saved.' }).waitFor();

    await ann.reload();
    await delivery(ann, 'Your turn', 'Daily digest').waitFor();
    await expect(delivery(ann, 'Your turn', 'Daily digest').isChecked()).resolves.toBe(true);
    await expect(delivery(ann, 'Rollback', 'Off').isChecked()).resolves.toBe(true);
    await expect(delivery(ann, 'Invitation', 'Immediately').isChecked()).resolves.toBe(true);

    const { deliveries } = await storedSettings(annToken);
    expect(Object.fromEntries(deliveries.map((d) => [d.kind, d.delivery]))).toEqual({
      YOUR_TURN: 'DIGEST',
      INVITATION: 'IMMEDIATE',
      GAME_STARTED: 'IMMEDIATE',
      GAME_FINISHED: 'IMMEDIATE',
      ROLLBACK: 'OFF',
      DEADLINE_REMINDER: 'IMMEDIATE',
      DEADLINE_PASSED: 'IMMEDIATE',
      NEW_MESSAGES: 'IMMEDIATE',
      AGREEMENT_REQUEST: 'IMMEDIATE',
    });
    // Another player's choices are their own.
    expect((await storedSettings(bobToken)).deliveries.every((d) => d.delivery === 'IMMEDIATE')).toBe(true);
  });

  it('plans vacations, listing them with the days left going down', async () => {
    await expect(vacations().textContent()).resolves.toContain('deadlines of your moves pause');
    await expect(vacations().textContent()).resolves.toContain('No vacation planned.');
    expect(await daysLeft()).toBe(30);

    const first = { from: new Date(clock.now().getTime() + DAY), to: new Date(clock.now().getTime() + 3 * DAY) };
    await planVacation(first.from, first.to);
    await planForm().getByRole('status').filter({ hasText: 'Vacation planned.' }).waitFor();
    const list = vacations().getByRole('list', { name: 'Your vacations' });
    await expect(list.getByRole('listitem').count()).resolves.toBe(1);
    await list.locator(`li.planned time[datetime="${first.from.toISOString()}"]`).waitFor();
    await list.locator(`li.planned time[datetime="${first.to.toISOString()}"]`).waitFor();
    expect(await daysLeft()).toBe(28);
    await expect(vacations().locator('.days-left').textContent()).resolves.toBe('You have 28 days of vacation left this year.');

    const second = { from: new Date(clock.now().getTime() + 10 * DAY), to: new Date(clock.now().getTime() + 11 * DAY) };
    await planVacation(second.from, second.to);
    await vacations().locator(`li time[datetime="${second.from.toISOString()}"]`).waitFor();
    await expect(list.getByRole('listitem').count()).resolves.toBe(2);
    expect(await daysLeft()).toBe(27);

    const stored = await storedSettings(annToken);
    expect(stored.vacations).toEqual([
      { startsAt: first.from.toISOString(), endsAt: first.to.toISOString() },
      { startsAt: second.from.toISOString(), endsAt: second.to.toISOString() },
    ]);
    expect(stored.vacationDaysLeftThisYear).toBe(27);
  });

  it("shows the server's refusal of a vacation that ends before it starts, or is longer than the allowance", async () => {
    const now = clock.now().getTime();
    await planVacation(new Date(now + 5 * DAY), new Date(now + 4 * DAY));
    await expect(planForm().getByRole('alert').textContent()).resolves.toMatch(/Please check what you entered\..*A vacation must end after it starts\./);

    await planVacation(new Date(now + 20 * DAY), new Date(now + 60 * DAY));
    await planForm().getByRole('alert').filter({ hasText: 'That is more than the 30 days of vacation allowed in 2026.' }).waitFor();
    await expect(planForm().getByRole('status').textContent()).resolves.toBe('');
    await expect(vacations().getByRole('listitem').count()).resolves.toBe(2);
    expect(await daysLeft()).toBe(27);
    expect((await storedSettings(annToken)).vacations).toHaveLength(2);
  });

  it('ends the current vacation and cancels the planned one', async () => {
    // Half a day into the first vacation, for the server and the browser alike.
    clock.advance(DAY + 12 * HOUR);
    await ann.clock.setFixedTime(clock.now());
    await ann.reload();
    const list = vacations().getByRole('list', { name: 'Your vacations' });
    await list.locator('li.current', { hasText: 'Now, until' }).waitFor();
    await expect(list.locator('li.planned').count()).resolves.toBe(1);

    await vacations().getByRole('button', { name: 'End my vacation and cancel the planned ones' }).click();
    await vacations().getByRole('status').filter({ hasText: 'you are not on vacation, and none is planned' }).waitFor();
    await expect(vacations().textContent()).resolves.toContain('No vacation planned.');
    await expect(list.count()).resolves.toBe(0);
    // Half a day of the allowance was used.
    expect(await daysLeft()).toBe(29);
    const stored = await storedSettings(annToken);
    expect(stored.vacations).toEqual([]);
    expect(stored.vacationDaysLeftThisYear).toBe(29);
  });

  it('shows the calendar address to copy, and makes a new one that stops the old one', async () => {
    const calendar = ann.getByRole('region', { name: 'Calendar' });
    const address = calendar.getByLabel(/^Your calendar address/);
    const stored = async () => (await gqlOk<{ me: { calendarUrl: string } }>(server.url, '{ me { calendarUrl } }', {}, annToken)).me.calendarUrl;
    /** Asks the test server for a calendar address (its public address is another). */
    const statusOf = async (url: string) => (await fetch(`${server.url.replace(/\/graphql$/, '')}${new URL(url).pathname}`)).status;
    await address.waitFor();
    const first = await address.inputValue();
    expect(first).toBe(await stored());
    const origin = new URL(ann.url()).origin;
    await ann.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
    await calendar.getByRole('button', { name: 'Copy' }).click();
    await calendar.getByRole('button', { name: 'Copied' }).waitFor();
    await expect(ann.evaluate<string>('navigator.clipboard.readText()')).resolves.toBe(first);

    await calendar.getByRole('button', { name: 'Make a new address' }).click();
    await calendar.getByRole('status').filter({ hasText: 'Done: this is your new address.' }).waitFor();
    const second = await address.inputValue();
    expect(second).not.toBe(first);
    // The new address is not the one copied.
    await calendar.getByRole('button', { name: 'Copy', exact: true }).waitFor();
    expect(second).toBe(await stored());
    expect([await statusOf(first), await statusOf(second)]).toEqual([404, 200]);
  });

  it('fits a phone screen', async () => {
    await bob.getByRole('link', { name: 'Settings' }).click();
    await bob.getByRole('region', { name: 'Vacations' }).waitFor();
    await bob.getByRole('group', { name: 'Deadline passed' }).waitFor();
    const overflow = await bob.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth');
    expect(overflow).toBeLessThanOrEqual(0);
  });

  it('shows the time zone the browser sent at sign-up, and saves another one chosen from the list', async () => {
    const form = bob.getByRole('form', { name: 'Time zone' });
    const zone = form.getByLabel('Your time zone');
    const zoneOf = async () => (await gqlOk<{ me: { timeZone: string } }>(server.url, '{ me { timeZone } }', {}, bobToken)).me.timeZone;
    await expect(zone.inputValue()).resolves.toBe('Asia/Tokyo');
    expect(await zoneOf()).toBe('Asia/Tokyo');
    await zone.selectOption({ label: 'America/New York' });
    await form.getByRole('button', { name: 'Save time zone' }).click();
    await form.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    expect(await zoneOf()).toBe('America/New_York');

    await bob.reload();
    await expect(bob.getByRole('form', { name: 'Time zone' }).getByLabel('Your time zone').inputValue()).resolves.toBe('America/New_York');
    // Back to where this browser is, in one click.
    await bob.getByRole('button', { name: "Use this device's: Asia/Tokyo" }).click();
    await bob.getByRole('form', { name: 'Time zone' }).getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    expect(await zoneOf()).toBe('Asia/Tokyo');
    await expect(bob.getByRole('button', { name: "Use this device's: Asia/Tokyo" }).count()).resolves.toBe(0);
  });

  it('lets the host invite anyone by email from the lobby, telling nothing of who has an account', async () => {
    await ann.getByRole('link', { name: 'Play by Web' }).click();
    await ann.locator('select[name="ruleset"]').selectOption('five-tribes');
    await ann.locator('select[name="seats"]').selectOption('2');
    await ann.getByRole('button', { name: 'Create game' }).click();
    const gameUrl = await ann.locator('[data-invite-link]').inputValue();
    const gameId = gameUrl.split('/').pop()!;

    const invite = ann.getByRole('form', { name: 'Invite by email' });
    // An address with no account is invited like any other: the page tells the host nothing more.
    await invite.getByLabel('Invite a player by email').fill('nobody-here@example.org');
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await invite.getByRole('status').filter({ hasText: 'Invitation sent to nobody-here@example.org.' }).waitFor();

    await invite.getByLabel('Invite a player by email').fill(bobEmail);
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await invite
      .getByRole('status')
      .filter({ hasText: `Invitation sent to ${bobEmail}.` })
      .waitFor();
    await expect(invite.getByRole('alert').count()).resolves.toBe(0);
    await expect(invite.getByLabel('Invite a player by email').inputValue()).resolves.toBe('');

    const { game } = await gqlOk<{ game: { history: Array<{ type: string; payload: { invitationId?: string } }> } }>(
      server.url,
      `query($id: ID!) { game(id: $id) { history(after: 0, first: 100) { type payload } } }`,
      { id: gameId },
      annToken,
    );
    // Each invitation is in the history, naming neither the address nor whether it has an account.
    const invitations = game.history.filter((h) => h.type === 'game.playerInvited').map((h) => Object.keys(h.payload));
    expect(invitations).toEqual([['invitationId'], ['invitationId']]);

    // Bob, invited, opens the game and takes the free seat; he is no host, so he has no invitation form.
    await bob.goto(gameUrl);
    await bob.getByRole('button', { name: 'Take this seat' }).click();
    await expect(bob.getByRole('form', { name: 'Invite by email' }).count()).resolves.toBe(0);
    // With every seat taken the game starts by itself, and there is nobody left to invite.
    await ann.locator('.play-area').waitFor();
    await expect(ann.getByRole('form', { name: 'Invite by email' }).count()).resolves.toBe(0);
  });

  it('tells a player about mail that failed on every try, with what their mail server answered', async () => {
    // The failing itself is covered end to end in test/notifications.e2e-spec.ts; here, the page shows it.
    const { me } = await gqlOk<{ me: { id: string } }>(server.url, '{ me { id } }', {}, bobToken);
    const prisma = new PrismaService(server.db.url);
    try {
      await prisma.notification.create({
        data: {
          userId: me.id,
          gameVersion: 0,
          kind: 'DIGEST',
          createdAt: clock.now(),
          status: 'FAILED',
          attempts: 15,
          lastError: '550 5.1.1 mailbox unavailable',
        },
      });
    } finally {
      await prisma.close();
    }
    await bob.goto(new URL('/settings', bob.url()).toString());
    const notice = bob.getByRole('region', { name: 'Email that did not reach you' });
    await notice.waitFor();
    await expect(notice.textContent()).resolves.toMatch(/Digest, .*550 5\.1\.1 mailbox unavailable/);
    await ann.goto(new URL('/settings', ann.url()).toString());
    await ann.getByRole('form', { name: 'Email' }).waitFor();
    await expect(ann.getByRole('region', { name: 'Email that did not reach you' }).count()).resolves.toBe(0);
  });
});
