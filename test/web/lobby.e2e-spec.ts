/**
 * The lobby and the games around play, in Chromium: the lobby's sections,
 * each game once; live, without reloading (its turns and the tab's title,
 * unread chat lines, invitations), also after its socket dropped; a private
 * game that cannot be joined without its link; an invitation accepted from
 * the lobby; a rematch asked for and started; the next-game button.
 */
import type { Page } from 'playwright-core';
import { SERVICE_RESTART_CLOSE_CODE } from '../../src/lifecycle/graceful-shutdown';
import { ShutdownState } from '../../src/lifecycle/shutdown-state';
import { emailOf, gqlOk, Player, registerPlayer } from '../support/app';
import { playTurn, seeGame, startCountingGame } from '../support/counting-api';
import { openWindow, waitUntil, pageTestBench } from './browser';
import { createGame as createGameOn, type NewGame } from '../support/games';

describe('web page: the lobby, private games and rematches', () => {
  const bench = pageTestBench();

  const site = () => bench.server.url.replace(/\/graphql$/, '');
  const players = (...names: string[]) => Promise.all(names.map((name) => registerPlayer(bench.server.url, name)));

  async function windowOf(player: Player, path = '/'): Promise<Page> {
    return (await openWindow(bench.chromium, site(), { token: player.token, path })).page;
  }

  const createGame = (host: Player, input: NewGame) => createGameOn(bench.server.url, host, input);

  /** The names listed in one section of the lobby. */
  async function namesIn(page: Page, section: string): Promise<string[]> {
    return page.getByRole('region', { name: section }).locator('.game-list .name').allTextContents();
  }

  it('lists each game once, in its section, and accepts or declines invitations there', async () => {
    const [ann, bob, cat] = await players('Ann', 'Bob', 'Cat');
    const myTurn = await startCountingGame(bench.server.url, [ann, bob], { name: 'Ann to move', seed: 'lobby-1' });
    if ((await seeGame(bench.server.url, myTurn)).activeSeats[0] !== 0) await playTurn(bench.server.url, myTurn, [ann, bob]);
    const theirTurn = await startCountingGame(bench.server.url, [ann, bob], { name: 'Bob to move', seed: 'lobby-2' });
    if ((await seeGame(bench.server.url, theirTurn)).activeSeats[0] !== 1) await playTurn(bench.server.url, theirTurn, [ann, bob]);
    await createGame(ann, { name: 'Ann waits for players' });
    const invited = await createGame(cat, { name: 'Cat invites Ann', visibility: 'PRIVATE' });
    const declined = await createGame(cat, { name: 'Cat invites Ann again', visibility: 'PRIVATE' });
    for (const id of [invited, declined]) {
      await gqlOk(
        bench.server.url,
        `mutation($id: ID!, $email: String!) { invitePlayer(gameId: $id, email: $email) { id } }`,
        { id, email: await emailOf(bench.server.url, ann) },
        cat.token,
      );
    }
    await createGame(cat, { name: 'Cat opens a game', options: { target: 30 } });
    await createGame(cat, { name: 'Cat plays alone', visibility: 'PRIVATE' });
    const finished = await startCountingGame(bench.server.url, [ann, bob], { name: 'Over and done', seed: 'lobby-3' });
    await gqlOk(bench.server.url, `mutation($id: ID!) { resignGame(gameId: $id) { id } }`, { id: finished }, bob.token);

    const page = await windowOf(ann);
    for (const [section, name] of [
      ['Finished', 'Over and done'],
      ['Waiting for others', 'Bob to move'],
      ['My turns', 'Ann to move'],
      ['Open games', 'Cat opens a game'],
    ]) {
      await page.getByRole('region', { name: section }).locator('.game-list .name', { hasText: name }).waitFor();
    }
    expect(await namesIn(page, 'My turns')).toEqual(['Ann to move']);
    expect(await namesIn(page, 'Invitations')).toEqual(['Cat invites Ann again', 'Cat invites Ann']);
    expect((await namesIn(page, 'Waiting for others')).sort()).toEqual(['Ann waits for players', 'Bob to move']);
    const open = await namesIn(page, 'Open games');
    expect(open).toContain('Cat opens a game');
    expect(open.filter((name) => name.startsWith('Ann') || name.startsWith('Cat invites') || name === 'Cat plays alone')).toEqual([]);
    expect(await namesIn(page, 'Finished')).toEqual(['Over and done']);
    // Each row says what sets the game apart, how long since its last move, and the player's deadline where there is one.
    const row = page.getByRole('region', { name: 'Open games' }).locator('li', { hasText: 'Cat opens a game' });
    await row.getByText('Counting (test game) · Counter target: 30').waitFor();
    await row.getByText(/opened less than an hour ago/).waitFor();
    await page.locator('select[name="rulesetFilter"]').selectOption('five-tribes');
    await page.getByRole('region', { name: 'Open games' }).getByText('No open game has a free seat just now.').waitFor();

    await page
      .getByRole('region', { name: 'Invitations' })
      .locator('li', { hasText: 'Cat invites Ann again' })
      .getByRole('button', { name: 'Decline' })
      .click();
    await page.getByRole('region', { name: 'Invitations' }).locator('li', { hasText: 'Cat invites Ann again' }).waitFor({ state: 'detached' });
    await page.getByRole('region', { name: 'Invitations' }).locator('li', { hasText: 'Cat invites Ann' }).getByRole('button', { name: 'Accept' }).click();
    await page.waitForURL(`**/games/${invited}`);
    await page.locator('.game-lobby .seats li', { hasText: 'Ann' }).waitFor();
  });

  it('shows its turns, the tab title, unread chat lines and invitations as they change, also after its socket dropped', async () => {
    const [ann, bob, cat] = await players('Ann', 'Bob', 'Cat');
    const game = await startCountingGame(bench.server.url, [ann, bob], { name: 'Live one', seed: 'lobby-live' });
    if ((await seeGame(bench.server.url, game)).activeSeats[0] !== 1) await playTurn(bench.server.url, game, [ann, bob]);
    const page = await windowOf(ann);
    const row = (section: string) => page.getByRole('region', { name: section }).locator('li', { hasText: 'Live one' });
    await row('Waiting for others').waitFor();
    await page.evaluate('window.notReloaded = true');
    expect(await page.title()).toBe('Play by Web');

    // Bob moves: Ann's lobby has her turn, and says so in its tab.
    await playTurn(bench.server.url, game, [ann, bob]);
    await row('My turns').waitFor({ timeout: 5000 });
    await waitUntil(page, `document.title === '(1) Your turn · Play by Web'`, 5000);
    expect(await row('Waiting for others').count()).toBe(0);
    // Bob writes in the game's chat; Cat invites Ann to a game of hers.
    await gqlOk(bench.server.url, `mutation($id: ID!) { sendChatMessage(gameId: $id, text: "your move") { gameId } }`, { id: game }, bob.token);
    await row('My turns').getByLabel('1 unread message').waitFor({ timeout: 5000 });
    const invitation = await createGame(cat, { name: 'Cat asks Ann', visibility: 'PRIVATE' });
    await gqlOk(
      bench.server.url,
      `mutation($id: ID!, $email: String!) { invitePlayer(gameId: $id, email: $email) { id } }`,
      { id: invitation, email: await emailOf(bench.server.url, ann) },
      cat.token,
    );
    await page.getByRole('region', { name: 'Invitations' }).locator('li', { hasText: 'Cat asks Ann' }).waitFor({ timeout: 5000 });

    // The server closes the page's socket as a restart does, and Ann moves elsewhere meanwhile: once back, the lobby has caught up.
    for (const socket of bench.server.app.get(ShutdownState).sockets) socket.close(SERVICE_RESTART_CLOSE_CODE, 'restarting');
    await playTurn(bench.server.url, game, [ann, bob]);
    await row('Waiting for others').waitFor({ timeout: 10_000 });
    await waitUntil(page, `document.title === 'Play by Web'`, 5000);
    expect(await page.evaluate<boolean>('window.notReloaded === true')).toBe(true);
    await page.context().close();
  });

  it("opens the game that has waited longest on the player from the lobby's next-game button", async () => {
    const [ann, bob] = await players('Ann', 'Bob');
    const games: string[] = [];
    for (const seed of ['next-a', 'next-b']) {
      const gameId = await startCountingGame(bench.server.url, [ann, bob], { seed });
      if ((await seeGame(bench.server.url, gameId)).activeSeats[0] !== 0) await playTurn(bench.server.url, gameId, [ann, bob]);
      games.push(gameId);
    }
    const page = await windowOf(ann);
    await page.getByRole('button', { name: /^Next game/ }).click();
    await page.waitForURL(`**/games/${games[0]}`);
    await page.locator('.play-area').waitFor();
    await page.context().close();
  });

  it('lets a player who took a seat leave it before the start, and offers the host no such button', async () => {
    const [ann, bob] = await players('Ann', 'Bob');
    const gameId = await createGame(ann, { name: 'Come and go', seats: 3 });
    const guest = await windowOf(bob, `/games/${gameId}`);
    await guest.locator('.game-lobby .seats li[data-seat="1"]').getByRole('button', { name: 'Take this seat' }).click();
    await guest.locator('.game-lobby .seats li[data-seat="1"]', { hasText: 'Bob' }).waitFor();
    await guest.getByRole('button', { name: 'Leave', exact: true }).click();
    await guest.locator('.game-lobby .seats li[data-seat="1"]', { hasText: 'free' }).waitFor();
    await guest.getByRole('button', { name: 'Leave', exact: true }).waitFor({ state: 'detached' });
    expect((await seeGame(bench.server.url, gameId)).version).toBe(4);

    const host = await windowOf(ann, `/games/${gameId}`);
    await host.getByRole('button', { name: 'Start the game' }).waitFor();
    expect(await host.getByRole('button', { name: 'Leave', exact: true }).count()).toBe(0);
  });

  it('keeps a private game out of the lobby and closed to anyone without its link', async () => {
    const [ann, bob] = await players('Ann', 'Bob');
    const host = await windowOf(ann);
    const form = host.getByRole('form', { name: 'New game' });
    await form.locator('select[name="ruleset"]').selectOption('counting');
    await form.locator('input[name="name"]').fill('Cousins only');
    await form.locator('input[name="private"]').check();
    await form.getByRole('button', { name: 'Create game' }).click();
    await host.waitForURL('**/games/*');
    const gameId = host.url().split('/games/')[1];
    const link = await host.locator('[data-invite-link]').inputValue();
    expect(link).toMatch(new RegExp(`/games/${gameId}\\?invite=[A-Za-z0-9_-]{22}$`));

    const guest = await windowOf(bob);
    await guest.getByRole('region', { name: 'Open games' }).getByText('Loading…').waitFor({ state: 'detached' });
    expect(await namesIn(guest, 'Open games')).not.toContain('Cousins only');
    await guest.goto(`/games/${gameId}`);
    expect(await guest.locator('[data-invite-link]').count()).toBe(0);
    // Without its link, no seat is his to take: the page offers none, and says why.
    await guest.getByText('A private game: only people with its invite link, or whom the host invites, can join.').waitFor();
    expect(await guest.getByRole('button', { name: 'Take this seat' }).count()).toBe(0);
    await guest.goto(link.replace(/^https?:\/\/[^/]+/, ''));
    await guest.getByRole('button', { name: 'Take this seat' }).click();
    // His seat was the last: the game starts by itself with him in it.
    await guest.locator('.play-area').waitFor();
  });

  it('starts a game by itself as soon as the last seat is taken, unless its host unticks it, with no start button meanwhile', async () => {
    const [ann, bob] = await players('Ann', 'Bob');
    const host = await windowOf(ann);
    const form = host.getByRole('form', { name: 'New game' });
    await form.locator('select[name="ruleset"]').selectOption('counting');
    expect(await form.locator('input[name="autoStart"]').isChecked()).toBe(true);
    await form.getByRole('button', { name: 'Create game' }).click();
    await host.waitForURL('**/games/*');
    await host.getByText('It starts by itself as soon as every seat is taken.').waitFor();
    expect(await host.getByRole('button', { name: 'Start the game' }).count()).toBe(0);

    const guest = await windowOf(bob);
    await guest.goto(new URL(host.url()).pathname);
    await guest.getByRole('button', { name: 'Take this seat' }).click();
    // Both pages follow the game into play.
    for (const page of [guest, host]) await page.locator('.play-area').waitFor();
  });

  it('starts a rematch once every player has accepted it, keeping each seat for its player and telling them it waits', async () => {
    const [ann, bob] = await players('Ann', 'Bob');
    const oldGame = await startCountingGame(bench.server.url, [ann, bob], { name: 'Best of three', seed: 'web-rematch' });
    await gqlOk(bench.server.url, `mutation($id: ID!) { resignGame(gameId: $id) { id } }`, { id: oldGame }, ann.token);
    // Ann looks at the finished game while Bob asks for the rematch.
    const annPage = await windowOf(ann, `/games/${oldGame}`);
    await annPage.getByRole('button', { name: 'Rematch' }).waitFor();

    const bobPage = await windowOf(bob, `/games/${oldGame}`);
    await bobPage.getByRole('button', { name: 'Rematch' }).click();
    await bobPage.waitForURL((url) => url.pathname.startsWith('/games/') && !url.pathname.endsWith(oldGame));
    await bobPage.getByRole('heading', { name: /Best of three \(rematch\)/ }).waitFor();
    await bobPage.getByText('Waiting for 1 more player.').waitFor();
    // The host's page keeps Ann's seat for her, by name; its host may still invite, as the server would let him.
    await bobPage.locator('.game-lobby .seats li', { hasText: 'held for Ann' }).waitFor();
    expect(await bobPage.locator('.game-lobby .seats li', { hasText: 'free' }).count()).toBe(0);
    expect(await bobPage.getByRole('form', { name: 'Invite by email' }).count()).toBe(1);

    // Ann's finished game says, without a reload, that the rematch waits for her.
    await annPage.getByText('Bob asked for a rematch: your seat in it waits for you.').waitFor({ timeout: 5000 });
    // In her lobby, the invitation names who plays, in words ("Bob"), not "…, Bob".
    const lobby = await windowOf(ann);
    const invitation = lobby.getByRole('region', { name: 'Invitations' }).locator('li', { hasText: 'Best of three (rematch)' });
    await expect(invitation.locator('.players').textContent()).resolves.toBe('Bob');
    await invitation.getByText('1 of 2 seats taken').waitFor();
    await lobby.context().close();
    await annPage.getByRole('button', { name: 'Join the rematch' }).click();
    await annPage.getByRole('heading', { name: /Best of three \(rematch\).*in play/ }).waitFor();
    await bobPage.getByRole('heading', { name: /in play/ }).waitFor();
  });
});
