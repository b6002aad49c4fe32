/**
 * In Chromium: a game's host sets the chat channel its turns are posted to,
 * on the game's page, sees it work, and stops it; a JSON webhook's signing
 * key is shown once; an address the server may not call is refused in words.
 * The channel is a real HTTP server on loopback (OUTBOUND_ALLOW_PRIVATE).
 */
import type { Browser } from 'playwright-core';
import { WebhookDelivery } from '../../src/webhooks/webhook-delivery';
import { gqlOk, Player, registerPlayer, startTestServer, TestServer } from '../support/app';
import { ChannelSink } from '../support/channel-sink';
import { playTurn, startCountingGame } from '../support/counting-api';
import { launchBrowser, openDetails, openWindow, waitUntil } from './browser';

describe("web page: posting a game's turns to a chat channel", () => {
  let sink: ChannelSink;
  let server: TestServer;
  let chromium: Browser;
  let ann: Player;
  let bob: Player;

  beforeAll(async () => {
    sink = await ChannelSink.start();
    server = await startTestServer({ web: true, outboundAllowPrivate: true, webhooks: { delivery: { pollingIntervalSeconds: 0.05 } } });
    chromium = await launchBrowser();
    [ann, bob] = await Promise.all([registerPlayer(server.url, 'Ann'), registerPlayer(server.url, 'Bob')]);
  });

  afterAll(async () => {
    await chromium?.close();
    await server?.close();
    await sink?.stop();
  });

  it('the host sets a Discord channel and each turn is posted there; a signed one shows its key once; then posting stops', async () => {
    const gameId = await startCountingGame(server.url, [ann, bob]);
    const baseUrl = server.url.replace(/\/graphql$/, '');
    const { page } = await openWindow(chromium, baseUrl, { token: ann.token, path: `/games/${gameId}` });
    const section = page.locator('details.channel-webhook');
    await openDetails(section);
    await section.getByLabel("The channel's webhook address").fill(sink.url('/discord'));
    await section.getByRole('button', { name: 'Post turns there' }).click();
    await section.locator('[data-webhook="DISCORD"]', { hasText: 'Turns are posted here.' }).waitFor();
    expect(await section.locator('[data-webhook-secret]').count()).toBe(0);

    await playTurn(server.url, gameId, [ann, bob]);
    await server.app.get(WebhookDelivery).queue.settled();
    expect(sink.received.map(({ method, path }) => `${method} ${path}`)).toEqual(['POST /discord?wait=true']);

    await section.getByLabel('Service').selectOption('JSON');
    await section.getByLabel("The channel's webhook address").fill(sink.url('/json'));
    await section.getByRole('button', { name: 'Post there instead' }).click();
    await expect(section.locator('[data-webhook-secret]').inputValue()).resolves.toMatch(/^whsec_/);
    await page.reload();
    await openDetails(section);
    await section.locator('[data-webhook="JSON"]').waitFor();
    expect(await section.locator('[data-webhook-secret]').count()).toBe(0);

    await section.getByRole('button', { name: 'Stop posting' }).click();
    await section.locator('[data-webhook]').waitFor({ state: 'detached' });
    await page.context().close();
  });

  it('an address the server may not call is refused in words, and a player who is not the host sees no such section', async () => {
    const gameId = await startCountingGame(server.url, [ann, bob]);
    const baseUrl = server.url.replace(/\/graphql$/, '');
    const { page } = await openWindow(chromium, baseUrl, { token: ann.token, path: `/games/${gameId}` });
    const section = page.locator('details.channel-webhook');
    await openDetails(section);
    await section.getByLabel("The channel's webhook address").fill('https://169.254.169.254/latest');
    await section.getByRole('button', { name: 'Post turns there' }).click();
    await section.getByText('169.254.169.254 is a cloud metadata address').waitFor();
    expect(await section.locator('[data-webhook]').count()).toBe(0);

    const bobs = await openWindow(chromium, baseUrl, { token: bob.token, path: `/games/${gameId}` });
    await bobs.page.locator('.play-area').waitFor();
    expect(await bobs.page.locator('details.channel-webhook').count()).toBe(0);
    await page.context().close();
    await bobs.context.close();
  });

  it('a player posts their own turns to their channel from the settings page, with the ids that mention them', async () => {
    const baseUrl = server.url.replace(/\/graphql$/, '');
    const { page } = await openWindow(chromium, baseUrl, { token: bob.token, path: '/settings' });
    const section = page.locator('section.player-webhook');
    await section.getByLabel('Service').selectOption('SLACK');
    await section.getByLabel("The channel's webhook address").fill(sink.url('/bob-slack'));
    await section.getByRole('button', { name: 'Post turns there' }).click();
    await section.locator('[data-webhook="SLACK"]', { hasText: 'Turns are posted here.' }).waitFor();

    await section.getByLabel('Slack member id').fill('bob');
    await section.getByRole('button', { name: 'Save my ids' }).click();
    await section.getByText('A Slack member id starts with U or W').waitFor();
    await section.getByLabel('Slack member id').fill('U0BOB1234');
    await section.getByRole('button', { name: 'Save my ids' }).click();
    await section.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();

    // Bob's turn in a new game is posted to his channel, mentioning him.
    const gameId = await startCountingGame(server.url, [bob, ann]);
    const seated = [bob, ann];
    const { game } = await gqlOk<{ game: { activeSeats: number[] } }>(server.url, `query($id: ID!) { game(id: $id) { activeSeats } }`, { id: gameId });
    if (!game.activeSeats.includes(0)) await playTurn(server.url, gameId, seated);
    await server.app.get(WebhookDelivery).queue.settled();
    const posts = sink.received.filter(({ path }) => path === '/bob-slack');
    expect(JSON.parse(posts[posts.length - 1].body).text).toContain('<@U0BOB1234> is to move.');

    await page.reload();
    await waitUntil(page, `document.querySelector('section.player-webhook input[placeholder="U024BE7LH"]')?.value === 'U0BOB1234'`);
    await section.getByRole('button', { name: 'Stop posting' }).click();
    await section.locator('[data-webhook]').waitFor({ state: 'detached' });
    await page.context().close();
  });
});
