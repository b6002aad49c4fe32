/**
 * Groups (clubs) in Chromium: a player starts a group from the lobby and
 * lands on its page; a friend opens its invite link on a phone and joins
 * with one press; the page shows who is in it with their roles, its games
 * being played and finished (links to them), a place for its leagues, and to
 * its admins the invite link to copy or replace. Laptop and phone, light
 * and dark: no serious axe-core finding, nothing wider than the screen.
 */
import type { Page } from 'playwright-core';
import { gqlOk, type Player } from '../support/app';
import { createGame, startGame } from '../support/games';
import { DESKTOP, openWindow, PHONE, pageTestBench } from './browser';
import { seriousViolations, sidewaysOverflow } from './page-checks';

const SIZES = [
  { name: 'laptop', viewport: DESKTOP },
  { name: 'phone', viewport: PHONE },
] as const;

describe('web page: groups', () => {
  const bench = pageTestBench(['Ann', 'Bob', 'Cy']);
  let groupId: string;
  let inviteUrl: string;

  async function open(
    player: Player | null,
    path: string,
    viewport: { width: number; height: number } = DESKTOP,
    colorScheme: 'light' | 'dark' = 'light',
  ): Promise<Page> {
    const baseUrl = bench.server.url.replace(/\/graphql$/, '');
    return (await openWindow(bench.chromium, baseUrl, { viewport, token: player?.token, colorScheme, path })).page;
  }

  const invitePath = () => new URL(inviteUrl).pathname;

  it('starts a group from the lobby, and shows its page: its name, its owner, the invite link, its games and leagues', async () => {
    const [ann] = bench.players;
    const page = await open(ann, '/');
    const groups = page.getByRole('region', { name: 'Your groups' });
    await groups.getByText('You are in no group yet').waitFor();
    await groups.getByLabel('Name of a new group').fill('Tuesday Club');
    await groups.getByRole('button', { name: 'Start the group' }).click();
    await page.getByRole('heading', { level: 1, name: 'Tuesday Club', exact: true }).waitFor();
    groupId = /\/groups\/([^/]+)$/.exec(new URL(page.url()).pathname)![1];

    await page.getByText('A group of 1 player who play games together. You own this group.').waitFor();
    const members = page.getByRole('list', { name: 'Members' });
    await expect(members.getByRole('listitem').allInnerTexts()).resolves.toEqual([expect.stringMatching(/^Ann \(you\)\s+Owner$/)]);
    inviteUrl = await page.locator('[data-invite-url]').inputValue();
    expect(inviteUrl).toMatch(/\/groups\/join\/[\w-]{22}$/);
    await page.getByRole('region', { name: 'Leagues' }).waitFor();
    await page.getByText('No game of the group is being played: start one below.').waitFor();
    await page.getByText('To leave the group, first make another member its owner.').waitFor();
    await page.context().close();
  });

  it('a friend opens the invite link on a phone and joins with one press; a visitor is asked to log in first', async () => {
    const [, bob] = bench.players;
    const visitor = await open(null, invitePath(), PHONE);
    await visitor.getByRole('heading', { name: 'You are invited to join Tuesday Club' }).waitFor();
    await visitor.getByText('Tuesday Club is a group of 1 player who play games together here').waitFor();
    await visitor.getByRole('form', { name: 'Log in' }).waitFor();
    await visitor.context().close();

    const page = await open(bob, invitePath(), PHONE);
    await page.getByRole('button', { name: 'Join the group' }).click();
    await page.getByRole('heading', { level: 1, name: 'Tuesday Club', exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/groups/${groupId}`);
    const members = page.getByRole('list', { name: 'Members' });
    await expect(members.getByRole('listitem').allInnerTexts()).resolves.toEqual([
      expect.stringMatching(/^Ann\s+Owner$/),
      expect.stringMatching(/^Bob \(you\)\s+Member$/),
    ]);
    // A member is not shown the invite link, nor buttons over others.
    await expect(page.locator('[data-invite-url]').count()).resolves.toBe(0);
    await expect(members.getByRole('button').count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'Leave the group' }).waitFor();
    // The lobby lists the group.
    await page.goto('/');
    await page.getByRole('list', { name: 'Your groups' }).getByRole('link', { name: 'Tuesday Club' }).click();
    await page.getByRole('heading', { level: 1, name: 'Tuesday Club', exact: true }).waitFor();
    await page.context().close();
  });

  it("lists the group's games being played and finished, each a link to its page", async () => {
    const [ann, bob] = bench.players;
    const running = await startGame(bench.server.url, [ann, bob], { groupId });
    const finished = await startGame(bench.server.url, [ann, bob], { groupId, name: 'Last week' });
    await gqlOk(bench.server.url, `mutation($id: ID!) { resignGame(gameId: $id) { id } }`, { id: finished }, bob.token);
    const page = await open(bob, `/groups/${groupId}`, PHONE);
    const links = async (list: string) =>
      (await Promise.all((await page.getByRole('list', { name: list }).getByRole('link').all()).map((link) => link.getAttribute('href')))).filter((href) =>
        href?.startsWith('/games/'),
      );
    await page.getByRole('list', { name: 'Finished games' }).waitFor();
    // The group's ratings in the game it played last: the finished game was rated, Ann first (Bob resigned).
    const ratings = page.getByRole('table', { name: /Counting \(test game\), over the group’s rated games/ });
    await expect(ratings.getByRole('row').allInnerTexts()).resolves.toEqual([
      expect.stringMatching(/^Player\s+Rating\s+Games$/),
      expect.stringMatching(/^Ann\s+[\d.-]+\?\s+1$/),
      expect.stringMatching(/^Bob\s+[\d.-]+\?\s+1$/),
    ]);
    await expect(links('Games being played')).resolves.toEqual([`/games/${running}`]);
    await expect(links('Finished games')).resolves.toEqual([`/games/${finished}`]);
    await page
      .getByRole('list', { name: 'Finished games' })
      .getByRole('link', { name: /Last week/ })
      .click();
    await page.getByRole('heading', { level: 1, name: /Last week/ }).waitFor();
    await page.context().close();
  });

  it("offers a seat of a group's game waiting for players to its members alone", async () => {
    const [ann, bob, cy] = bench.players;
    const gameId = await createGame(bench.server.url, ann, { groupId });
    const outsider = await open(cy, `/games/${gameId}`);
    await outsider.getByText('Waiting for 1 more player.').waitFor();
    expect(await outsider.getByRole('button', { name: 'Take this seat' }).count()).toBe(0);
    await outsider.context().close();
    const member = await open(bob, `/games/${gameId}`);
    await member.getByRole('button', { name: 'Take this seat' }).click();
    await member.locator('[data-seat="1"]', { hasText: 'Bob' }).waitFor();
    await member.context().close();
  });

  it('an admin replaces the invite link (the page shows the new one, the old one joins nobody) and invites by email', async () => {
    const [ann, , cy] = bench.players;
    const page = await open(ann, `/groups/${groupId}`);
    const before = await page.locator('[data-invite-url]').inputValue();
    await page.getByRole('button', { name: 'New link' }).click();
    await page.getByText('A new link is ready: the old one no longer lets anyone in.').waitFor();
    inviteUrl = await page.locator('[data-invite-url]').inputValue();
    expect(inviteUrl).not.toBe(before);
    await page.getByLabel('Or invite by email').fill('friend@example.org');
    await page.getByRole('button', { name: 'Send the invitation' }).click();
    await page.getByText('Invitation sent to friend@example.org: its link lets them join once.').waitFor();
    await page.context().close();

    const refused = await open(cy, new URL(before).pathname);
    await refused.getByRole('heading', { name: 'This invite link no longer works' }).waitFor();
    await expect(refused.getByRole('button', { name: 'Join the group' }).count()).resolves.toBe(0);
    await refused.context().close();
  });

  it.each(SIZES)('on a $name, light or dark: the group page and the join page have no serious axe finding and fit the screen', async ({ viewport }) => {
    const [ann, , cy] = bench.players;
    for (const colorScheme of ['light', 'dark'] as const) {
      const page = await open(ann, `/groups/${groupId}`, viewport, colorScheme);
      await page.getByRole('list', { name: 'Members' }).waitFor();
      await page.locator('[data-invite-url]').waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
      // The invite link and its copy button are on the screen side by side or one above the other, never cut off.
      const copy = await page.getByRole('region', { name: 'Invite players' }).getByRole('button', { name: 'Copy' }).boundingBox();
      expect(copy!.x + copy!.width).toBeLessThanOrEqual(viewport.width);
      await page.context().close();

      const join = await open(cy, invitePath(), viewport, colorScheme);
      await join.getByRole('button', { name: 'Join the group' }).waitFor();
      expect(await seriousViolations(join)).toEqual([]);
      expect(await sidewaysOverflow(join)).toBeLessThanOrEqual(0);
      await join.context().close();
    }
  });
});
