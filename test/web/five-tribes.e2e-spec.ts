/**
 * The web page end to end, in headless Chromium, with Five Tribes: two
 * players sign up, create a game, invite by link, join and start; they play
 * by clicking the board, see each other's moves arrive live, take back a
 * step, scroll the history, and the host rolls the game back.
 */
import type { Browser, Page } from 'playwright-core';
import { startTestServer, TestServer } from '../support/app';
import {
  DESKTOP,
  isMyTurn,
  launchBrowser,
  openWindow,
  PHONE,
  playOneStep,
  shownVersion,
  signUp,
  waitForVersion,
  waitForVersionAbove,
  waitUntil,
} from './browser';

describe('web page: Five Tribes in the browser', () => {
  let server: TestServer;
  let chromium: Browser;
  let ann: Page;
  let bob: Page;
  let gameUrl: string;

  beforeAll(async () => {
    server = await startTestServer({ web: true });
    chromium = await launchBrowser();
    const baseUrl = server.url.replace(/\/graphql$/, '');
    ann = (await openWindow(chromium, baseUrl, { viewport: DESKTOP })).page;
    bob = (await openWindow(chromium, baseUrl, { viewport: PHONE })).page;
  });

  afterAll(async () => {
    await chromium?.close();
    await server?.close();
  });

  /** Whichever of the two has the turn (Five Tribes has one active seat at a time). */
  async function activePlayer(): Promise<{ mover: Page; watcher: Page }> {
    await ann.locator('[data-turn]').first().waitFor();
    return (await isMyTurn(ann)) ? { mover: ann, watcher: bob } : { mover: bob, watcher: ann };
  }

  /** One click-move by the active player, which the other player's open page shows without reloading. */
  async function playAndWatch(preferTarget = ''): Promise<void> {
    const { mover, watcher } = await activePlayer();
    const version = await playOneStep(mover, preferTarget);
    await waitForVersion(watcher, version);
  }

  it('explains a refused login, then signs two players up', async () => {
    await ann.getByLabel('Email').fill('nobody@example.org');
    await ann.getByLabel('Password').fill('wrong password');
    await ann.getByRole('form', { name: 'Log in' }).getByRole('button', { name: 'Log in' }).click();
    await expect(ann.getByRole('alert').textContent()).resolves.toMatch(/^Wrong email or password\./);

    await signUp(ann, 'Ann');
    await signUp(bob, 'Bob');
    await expect(ann.getByRole('region', { name: 'My turns' }).textContent()).resolves.toContain('No game is waiting for you');
  });

  it('creates a game, invites by link, joins and starts it', async () => {
    await ann.locator('select[name="ruleset"]').selectOption('five-tribes');
    await ann.locator('select[name="seats"]').selectOption('2');
    await ann.getByLabel('Deadline for each move').check();
    await ann.getByLabel('Hours per move').fill('48');
    await ann.getByText('Shuffle fairness').click();
    await ann.getByLabel(/Fixed seed/).fill('web-five-tribes');
    // Ann starts it herself, rather than as its last seat is taken.
    await ann.locator('input[name="autoStart"]').uncheck();
    await ann.getByRole('button', { name: 'Create game' }).click();
    gameUrl = await ann.locator('[data-invite-link]').inputValue();
    expect(gameUrl).toMatch(/\/games\/[0-9a-f-]+$/);
    // Nothing to start yet: the button says so rather than answering with a refusal.
    const startButton = ann.getByRole('button', { name: 'Start the game' });
    expect(await startButton.isDisabled()).toBe(true);
    expect(await startButton.getAttribute('aria-describedby').then((id) => ann.locator(`#${id}`).textContent())).toContain(
      'You can start once every seat is taken.',
    );

    await bob.goto(gameUrl);
    await bob.getByRole('button', { name: 'Take this seat' }).click();
    // Ann's open page shows Bob in his seat without reloading.
    await ann.locator('[data-seat="1"]', { hasText: 'Bob' }).waitFor();
    expect(await startButton.isEnabled()).toBe(true);
    await startButton.click();
    await ann.locator('.play-area').waitFor();
    await bob.locator('.play-area').waitFor();
    // The server's sentences, the same on every page and in the mail.
    await ann.locator('.timeline', { hasText: 'Ann started the game.' }).waitFor();
    await bob.locator('.timeline', { hasText: 'Ann started the game.' }).waitFor();
    const { mover } = await activePlayer();
    await mover.locator('.deadlines', { hasText: /Your move is due in (2 days|47 hours)/ }).waitFor();
  });

  it('plays by clicking the board, with every move arriving live on the other page', async () => {
    // Bidding for turn order: a click on a spot of the track, for each marker (two each with 2 players).
    for (let i = 0; i < 4; i++) await playAndWatch('spot:');
    const { mover } = await activePlayer();
    await expect(mover.locator('[data-turn="mine"]').textContent()).resolves.toMatch(/pick up/);
    // Picking up the meeples of a tile, then dropping them one by one on the tiles offered.
    await playAndWatch('tile:');
    await expect(mover.locator('.five-tribes').textContent()).resolves.toContain('In hand');
    await playAndWatch('tile:');
  });

  it('takes back a step where the rules allow it', async () => {
    const { mover } = await activePlayer();
    const before = await shownVersion(mover);
    await mover.getByRole('button', { name: /Take back/ }).click();
    await waitForVersionAbove(mover, before);
    await mover.locator('.timeline', { hasText: `${mover === ann ? 'Ann' : 'Bob'} took back a step.` }).waitFor();
    expect(await mover.locator('.timeline li.rolled-back').count()).toBeGreaterThan(0);
  });

  it('replays the history and lets the host roll back with a reason', async () => {
    const entries = ann.locator('.timeline li button:not([disabled])');
    await entries.nth(2).click();
    await ann.locator('.replay-bar').waitFor();
    await ann.locator('.board-frame.replaying:not(.loading)').waitFor();
    const firstReplayed = await ann.locator('.board-frame').getAttribute('data-replay');
    await ann.getByRole('button', { name: 'Later event' }).click();
    await waitUntil(ann, `document.querySelector('.board-frame')?.getAttribute('data-replay') !== '${firstReplayed}'`);
    await ann.locator('.board-frame.replaying:not(.loading)').waitFor();

    const before = await shownVersion(ann);
    const bobsRolledBack = await bob.locator('.timeline li.rolled-back').count();
    await ann.getByRole('button', { name: 'Roll back to here…' }).click();
    // Players count rounds, turns and moves, not the server's event numbers.
    await expect(ann.locator('.replay-bar').textContent()).resolves.toMatch(/just after Round 1 · (your|Bob's) turn · move \d+:/);
    await expect(ann.getByRole('dialog', { name: 'Roll back' }).textContent()).resolves.toMatch(/after Round 1 · (your|Bob's) turn · move \d+ \(“/);
    await ann.getByLabel(/Reason/).fill('Bob misclicked');
    await ann.getByRole('dialog', { name: 'Roll back' }).getByRole('button', { name: 'Roll back' }).click();
    await waitForVersionAbove(ann, before);
    await ann.locator('.board-frame.live').waitFor();
    await ann.locator('.timeline', { hasText: 'Bob misclicked' }).waitFor();
    await expect(ann.locator('.timeline li', { hasText: 'Bob misclicked' }).textContent()).resolves.toMatch(
      /Ann rolled the game back to move \d+ \(round 1\): “Bob misclicked”/,
    );
    // Bob's page learns of the rollback live, and shows the undone moves as rolled back.
    await waitUntil(bob, `document.querySelectorAll('.timeline li.rolled-back').length > ${bobsRolledBack}`);

    // Play goes on from the restored position.
    await playAndWatch();
  });

  it('offers a rollback to nobody but the host', async () => {
    await bob.locator('.timeline li button:not([disabled])').nth(1).click();
    await bob.locator('.replay-controls[aria-busy="false"]').waitFor(); // the server said where Bob may go back to
    expect(await bob.getByRole('button', { name: 'Roll back to here…' }).count()).toBe(0);
    await bob.getByRole('button', { name: 'Back to now' }).click();
  });

  it('lists the game under "Your turn" with its deadline, first thing on the home page', async () => {
    const { mover } = await activePlayer();
    await mover.getByRole('link', { name: 'Play by Web' }).click();
    const myTurns = mover.getByRole('region', { name: 'My turns' });
    await myTurns.locator('li', { hasText: /Five Tribes.*your turn.*your move is due in (2 days|47 hours)/ }).waitFor();
    await myTurns.getByRole('link').first().click();
    await mover.locator('.play-area').waitFor();
  });
});
