/**
 * Web push in headless Chromium: the page's service worker receives a push
 * (delivered through DevTools' ServiceWorker.deliverPushMessage, as a push
 * service would) and shows it, with "Accept" and "Decline" for a request;
 * the settings page lists the player's devices, removes one and sends a
 * test. What headless Chromium cannot do is left to the server's tests
 * (test/push.e2e-spec.ts): subscribing through a real push service (it has
 * none to reach), and clicking a shown notification.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { gqlOk, registerPlayer, startTestServer, type Player, type TestServer } from '../support/app';
import { browserKeys } from '../support/push-service';
import { launchBrowser, openWindow } from './browser';

interface ShownNotification {
  title: string;
  body: string;
  tag: string;
  actions: string[];
  url: string;
}

describe('web page: push notifications', () => {
  let server: TestServer;
  let chromium: Browser;
  let ann: Player;
  let baseUrl: string;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    server = await startTestServer({ web: true });
    chromium = await launchBrowser({ browserNotifications: true });
    baseUrl = server.url.replace(/\/graphql$/, '');
    ann = await registerPlayer(server.url, 'Ann');
    ({ context, page } = await openWindow(chromium, baseUrl, { token: ann.token, path: '/settings' }));
    await context.grantPermissions(['notifications'], { origin: baseUrl });
  });

  afterAll(async () => {
    await chromium?.close();
    await server?.close();
  });

  /** The notifications the page's service worker shows. */
  // Strings: the tests are compiled without DOM types.
  const shown = () =>
    page.evaluate<ShownNotification[]>(`navigator.serviceWorker.ready
      .then((registration) => registration.getNotifications())
      .then((notifications) => notifications.map((n) => ({ title: n.title, body: n.body, tag: n.tag, actions: (n.actions || []).map((a) => a.title), url: n.data.url })))`);

  it("shows what is pushed to the page's service worker, with Accept and Decline for a request", async () => {
    const cdp = await context.newCDPSession(page);
    const registered = new Promise<string>((resolve) =>
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const ours = registrations.find((registration) => registration.scopeURL === `${baseUrl}/` && !registration.isDeleted);
        if (ours) resolve(ours.registrationId);
      }),
    );
    // What the worker reported going wrong, shown if the test fails.
    const workerErrors: string[] = [];
    cdp.on('ServiceWorker.workerErrorReported', ({ errorMessage }) =>
      workerErrors.push(`${errorMessage.errorMessage} (${errorMessage.sourceURL}:${errorMessage.lineNumber})`),
    );
    const activated = new Promise<void>((resolve) =>
      cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => versions.some((version) => version.status === 'activated') && resolve()),
    );
    await cdp.send('ServiceWorker.enable');
    await page.evaluate(`navigator.serviceWorker.register('/push-worker.js').then(() => navigator.serviceWorker.ready).then(() => true)`);
    const registrationId = await registered;
    // The browser itself holds the worker as active: a push delivered before then has no worker to go to.
    await activated;

    const gameUrl = `${baseUrl}/games/0b7f3a5e-1c2d-4e5f-8a9b-0c1d2e3f4a5b`;
    const request = {
      title: "Bob asks for a takeback in Ann's game",
      body: 'Bob asks everyone to agree to take back to move 3.',
      url: gameUrl,
      tag: 'g:AGREEMENT_REQUEST',
    };
    const turn = { title: "Your turn: Ann's game", body: 'Bob moved.', url: gameUrl, tag: 'g:YOUR_TURN' };
    const deliverBoth = async () => {
      await cdp.send('ServiceWorker.deliverPushMessage', {
        origin: baseUrl,
        registrationId,
        data: JSON.stringify({ ...request, answer: { gameId: 'g', proposal: 'takeback', token: 'one-answer-token' } }),
      });
      await cdp.send('ServiceWorker.deliverPushMessage', { origin: baseUrl, registrationId, data: JSON.stringify(turn) });
    };
    await deliverBoth();

    let notifications: ShownNotification[] = [];
    // DevTools does not say whether a push reached the worker, and twice in some twenty full runs on a loaded machine
    // nothing was shown at all, with no error reported (cause not found). So after 15 s with nothing shown the same
    // pushes go once more: their tags make a second delivery replace, not add, and a worker that shows neither fails.
    let deliveredAgain = false;
    for (const started = Date.now(); notifications.length < 2 && Date.now() - started < 45_000; await page.waitForTimeout(50)) {
      notifications = await shown();
      if (notifications.length === 0 && !deliveredAgain && Date.now() - started > 15_000) {
        deliveredAgain = true;
        await deliverBoth();
      }
    }
    expect({ notifications, workerErrors }).toEqual({
      notifications: expect.arrayContaining([
        { ...request, actions: ['Accept', 'Decline'] },
        { ...turn, actions: [] },
      ]),
      workerErrors: [],
    });
  });

  it("lists the player's devices, removes one, and sends a test", async () => {
    const keys = browserKeys();
    const add = (label: string) =>
      gqlOk(
        server.url,
        'mutation($e: String!, $p: String!, $a: String!, $l: String!) { addPushSubscription(endpoint: $e, p256dh: $p, auth: $a, label: $l) { id } }',
        { e: `https://8.8.8.8/push/${label.replace(/\W/g, '')}`, p: keys.p256dh, a: keys.auth, l: label },
        ann.token,
      );
    await add('Phone');
    await add('Work laptop');
    await page.reload();
    const devices = page.locator('.push-device-list li');
    await devices.nth(1).waitFor();
    await expect(devices.allTextContents()).resolves.toEqual([
      expect.stringMatching(/^Phone added .+Remove$/),
      expect.stringMatching(/^Work laptop added .+Remove$/),
    ]);
    await page.getByRole('button', { name: 'Remove Phone' }).click();
    await page.locator('.push-device-list li', { hasText: 'Phone' }).waitFor({ state: 'detached' });
    await expect(devices.allTextContents()).resolves.toEqual([expect.stringMatching(/^Work laptop/)]);
    await page.getByRole('button', { name: 'Send a test' }).click();
    await page.getByRole('status').filter({ hasText: 'A test is on its way to 1 device.' }).waitFor();
  });
});
