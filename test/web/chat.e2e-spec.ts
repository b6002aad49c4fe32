/**
 * In Chromium: two players chat live beside the board (writing, removing
 * one's own line), the lobby counts unread lines, and the tab tells whose
 * turn it is: "(1) Your turn · <game>" with a badge on the favicon, and a
 * browser notification, once turned on from its button (never asked for
 * when the page loads), when the turn comes while the tab is hidden; and
 * each player's private notes.
 */
import type { Browser, Page } from 'playwright-core';
import { gqlOk, registerPlayer, startTestServer, TestServer } from '../support/app';
import { playTurn, seeGame } from '../support/counting-api';
import { countingGame } from '../support/move-stream';
import { launchBrowser, openWindow, waitForVersion, waitUntil } from './browser';
import { createGame } from '../support/games';

/**
 * Before the page's own scripts: counts permission requests and notifications
 * (calling the browser's own through), and lets the test say the tab is hidden.
 */
const WATCH_NOTIFICATIONS = `(() => {
  window.__requests = 0;
  window.__shown = [];
  window.__hidden = false;
  Object.defineProperty(document, 'visibilityState', { get: () => (window.__hidden ? 'hidden' : 'visible') });
  const Browser = window.Notification;
  const request = Browser.requestPermission.bind(Browser);
  class Watched extends Browser {
    constructor(title, options) {
      super(title, options);
      window.__shown.push(title + ': ' + (options && options.body));
    }
  }
  Watched.requestPermission = () => { window.__requests++; return request(); };
  window.Notification = Watched;
})()`;

describe('web page: chat, notes and turn signals', () => {
  let server: TestServer;
  let chromium: Browser;
  let base: string;

  beforeAll(async () => {
    server = await startTestServer({ web: true });
    base = server.url.replace(/\/graphql$/, '');
    chromium = await launchBrowser();
  });

  afterAll(async () => {
    await chromium?.close();
    await server?.close();
  });

  const lines = (page: Page) => page.locator('.chat-line').allInnerTexts();

  it('lets two players chat live, and remove their own lines', async () => {
    const { gameId, players } = await countingGame(server.url, 'Talk');
    const [ann, bob] = await Promise.all(
      players.map(async (player) => (await openWindow(chromium, base, { token: player.token, path: `/games/${gameId}` })).page),
    );
    await Promise.all([ann, bob].map((page) => page.getByText('No messages yet.').waitFor()));

    await ann.getByRole('textbox', { name: 'Message', exact: true }).fill('Good luck, have fun!');
    await ann.getByRole('button', { name: 'Send' }).click();
    await bob.locator('.chat-line', { hasText: 'Good luck, have fun!' }).waitFor();
    await bob.getByRole('textbox', { name: 'Message', exact: true }).fill('You too');
    await bob.getByRole('textbox', { name: 'Message', exact: true }).press('Enter');
    await ann.locator('.chat-line', { hasText: 'You too' }).waitFor();
    expect(await ann.getByRole('textbox', { name: 'Message', exact: true }).inputValue()).toBe('');

    await ann.getByRole('button', { name: 'Remove your message “Good luck, have fun!”' }).click();
    await bob.locator('.chat-line', { hasText: 'message removed' }).waitFor();
    expect((await lines(bob)).join('\n')).not.toContain('Good luck');
    // Bob cannot remove Ann's line: only his own has the button.
    expect(await bob.getByRole('button', { name: /^Remove your message/ }).count()).toBe(1);

    // A refusal is shown in words.
    await bob.evaluate(`document.querySelector('.chat-form input').removeAttribute('maxlength')`);
    await bob.getByRole('textbox', { name: 'Message', exact: true }).fill('y'.repeat(501));
    await bob.getByRole('button', { name: 'Send' }).click();
    await bob.getByRole('alert').filter({ hasText: 'A message must be 1 to 500 characters long.' }).waitFor();
  });

  it('opens the chat to a player who takes a seat on the page, and to onlookers once the game is over, without a reload', async () => {
    const [ann, cat] = await Promise.all(['SeatAnn', 'SeatCat'].map((name) => registerPlayer(server.url, name)));
    const gameId = await createGame(server.url, ann, { options: { target: 3 } });
    const { page: catPage } = await openWindow(chromium, base, { token: cat.token, path: `/games/${gameId}` });
    const locked = "The players' chat opens to onlookers once the game is over.";
    await catPage.getByText(locked).waitFor();

    // Cat sits down: the chat opens at once, and stays open when the host starts.
    await catPage.getByRole('button', { name: 'Take this seat' }).click();
    await catPage.getByText('No messages yet.').waitFor();
    await gqlOk(server.url, `mutation($id: ID!) { startGame(gameId: $id) { id } }`, { id: gameId }, ann.token);
    await catPage.locator('.play-area').waitFor();
    await catPage.getByRole('textbox', { name: 'Message', exact: true }).fill('Hello from my new seat');
    await catPage.getByRole('button', { name: 'Send' }).click();
    await catPage.locator('.chat-line', { hasText: 'Hello from my new seat' }).waitFor();
    const { gameChat } = await gqlOk<{ gameChat: { lines: Array<{ text: string }> } }>(
      server.url,
      `query($id: ID!) { gameChat(gameId: $id) { lines { text } } }`,
      { id: gameId },
      ann.token,
    );
    expect(gameChat.lines.map((line) => line.text)).toEqual(['Hello from my new seat']);

    // An onlooker reads it as soon as the game is over, with no refusal left behind.
    const { page: onlooker } = await openWindow(chromium, base, { path: `/games/${gameId}` });
    await onlooker.getByText(locked).waitFor();
    const players = [ann, cat];
    while ((await seeGame(server.url, gameId)).status !== 'FINISHED') await playTurn(server.url, gameId, players);
    for (const page of [onlooker, catPage]) {
      await page.locator('.end-screen').waitFor();
      await page.locator('.chat-line', { hasText: 'Hello from my new seat' }).waitFor();
      expect(await page.locator('.chat').getByRole('alert').count()).toBe(0);
      expect(await page.getByText('Loading the chat…').count()).toBe(0);
      expect(await page.getByText(locked).count()).toBe(0);
    }
  });

  it('counts unread lines in the lobby until the game is opened', async () => {
    const { gameId, players } = await countingGame(server.url, 'Count');
    const { page: ann } = await openWindow(chromium, base, { token: players[0].token, path: `/games/${gameId}` });
    for (const text of ['Are you there?', 'Your move']) {
      await ann.getByRole('textbox', { name: 'Message', exact: true }).fill(text);
      await ann.getByRole('button', { name: 'Send' }).click();
      await ann.locator('.chat-line', { hasText: text }).waitFor();
    }
    const { page: bob } = await openWindow(chromium, base, { token: players[1].token });
    const row = bob.locator(`section li[data-game="${gameId}"]`).first();
    await row.getByLabel('2 unread messages').waitFor();
    await row.click();
    await bob.locator('.chat-line', { hasText: 'Your move' }).waitFor();
    await bob.goto('/');
    await bob.locator(`li[data-game="${gameId}"]`).first().waitFor();
    await waitUntil(bob, `document.querySelectorAll('li[data-game="${gameId}"] .unread-badge').length === 0`);
  });

  it('shows whose turn it is in the tab and favicon, and notifies only once turned on', async () => {
    // The one test of browser notifications, in the full Chromium (the shell denies them); the others run in the lighter shell.
    const notifying = await launchBrowser({ browserNotifications: true });
    try {
      await showsTurnAndNotifies(notifying);
    } finally {
      await notifying.close();
    }
  });

  /** In `notifying`, a Chromium that grants notifications (not the file's shell). */
  async function showsTurnAndNotifies(notifying: Browser): Promise<void> {
    const { gameId, players } = await countingGame(server.url, 'Tab');
    const game = await seeGame(server.url, gameId);
    const mover = players[game.activeSeats[0]];
    const waiter = players[1 - game.activeSeats[0]];
    const title = `TabA's Counting (test game) game`;

    const moverWindow = await openWindow(notifying, base, { token: mover.token });
    const waiterWindow = await openWindow(notifying, base, { token: waiter.token });
    await waiterWindow.context.grantPermissions(['notifications']);
    await waiterWindow.context.addInitScript(WATCH_NOTIFICATIONS);
    const [moving, waiting] = [moverWindow.page, waiterWindow.page];
    await Promise.all([moving, waiting].map((page) => page.goto(`/games/${gameId}`)));
    await Promise.all([moving, waiting].map((page) => waitForVersion(page, game.version)));

    await waitUntil(moving, `document.title === ${JSON.stringify(`(1) Your turn · ${title}`)}`);
    await waitUntil(waiting, `document.title === ${JSON.stringify(`${title} · Play by Web`)}`);
    expect(await moving.locator('link[rel="icon"]').getAttribute('href')).toBe('/favicon-turn.svg');
    expect(await waiting.locator('link[rel="icon"]').getAttribute('href')).toBe('/favicon.svg');
    expect((await fetch(`${base}/favicon-turn.svg`)).headers.get('content-type')).toContain('image/svg+xml');

    // Nothing is asked when the page loads; the button asks.
    expect(await waiting.evaluate('window.__requests')).toBe(0);
    await waiting.getByRole('button', { name: 'Notify me when it is my turn' }).click();
    await waiting.getByRole('button', { name: 'Turn off turn notifications' }).waitFor();
    expect(await waiting.evaluate('window.__requests')).toBe(1);

    // The other player moves while this tab is hidden: a notification, the title and the badge.
    await waiting.evaluate('window.__hidden = true');
    const version = await playTurn(server.url, gameId, players);
    await waitForVersion(waiting, version);
    await waitUntil(waiting, `document.title === ${JSON.stringify(`(1) Your turn · ${title}`)}`);
    expect(await waiting.locator('link[rel="icon"]').getAttribute('href')).toBe('/favicon-turn.svg');
    expect(await waiting.evaluate('window.__shown')).toEqual([`Your turn: ${title}`]);
    await waitUntil(moving, `document.title === ${JSON.stringify(`${title} · Play by Web`)}`);

    // Turned off: no more notifications.
    await waiting.evaluate('window.__hidden = false');
    await waiting.getByRole('button', { name: 'Turn off turn notifications' }).click();
    await playTurn(server.url, gameId, players);
    await waiting.evaluate('window.__hidden = true');
    const next = await playTurn(server.url, gameId, players);
    await waitForVersion(waiting, next);
    expect(await waiting.evaluate('window.__shown')).toHaveLength(1);

    // The lobby counts the games waiting for the player.
    await waiting.goto('/');
    await waitUntil(waiting, `document.title === '(1) Your turn · Play by Web'`);
  }

  it("keeps a player's notes across visits, and shows them to nobody else", async () => {
    const { gameId, players } = await countingGame(server.url, 'Note');
    const { page: ann } = await openWindow(chromium, base, { token: players[0].token, path: `/games/${gameId}` });
    await ann.getByRole('textbox', { name: 'Notes', exact: true }).fill('Watch the sevens');
    await ann.getByRole('button', { name: 'Save notes' }).click();
    await ann.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    await ann.reload();
    await waitUntil(ann, `document.querySelector('textarea[aria-label="Notes"]')?.value === 'Watch the sevens'`);

    const { page: bob } = await openWindow(chromium, base, { token: players[1].token, path: `/games/${gameId}` });
    await bob.getByRole('textbox', { name: 'Notes', exact: true }).waitFor();
    expect(await bob.getByRole('textbox', { name: 'Notes', exact: true }).inputValue()).toBe('');
    const onlooker = await openWindow(chromium, base, { path: `/games/${gameId}` });
    await onlooker.page.locator('.play-area').waitFor();
    expect(await onlooker.page.getByRole('textbox', { name: 'Notes', exact: true }).count()).toBe(0);
  });
});
