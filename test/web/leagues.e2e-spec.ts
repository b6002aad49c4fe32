/**
 * The league page (/leagues/<id>) in Chromium: the standings, each round's
 * games with their results and links to the game and its record, read at a
 * laptop's size (light theme) and a phone's (dark), without sideways
 * scrolling and with no serious or critical axe-core finding; and the
 * group page's form that starts one, for its admins.
 */
import { Deadlines } from '../../src/deadlines/deadlines';
import { gqlOk } from '../support/app';
import { openWindow, PHONE, pageTestBench } from './browser';
import { seriousViolations, sidewaysOverflow } from './page-checks';

const LAPTOP = { width: 1280, height: 800 };

describe('the league page', () => {
  const bench = pageTestBench(['Ann', 'Bob', 'Cat']);
  let leagueId: string;
  let groupId: string;
  let finishedGame: string;

  beforeAll(async () => {
    const { server, players } = bench;
    const [ann] = players;
    const made = await gqlOk<{ createGroup: { id: string; inviteUrl: string } }>(
      server.url,
      `mutation { createGroup(name: "Chess club") { id inviteUrl } }`,
      {},
      ann.token,
    );
    const code = made.createGroup.inviteUrl.split('/').pop()!;
    for (const player of players.slice(1)) await gqlOk(server.url, `mutation($code: String!) { joinGroup(code: $code) { id } }`, { code }, player.token);
    const input = {
      groupId: made.createGroup.id,
      ruleset: 'five-tribes',
      seatsPerGame: 2,
      format: 'ROUND_ROBIN',
      memberIds: players.map((player) => player.id),
    };
    const league = await gqlOk<{ createLeague: { id: string; rounds: Array<{ tables: Array<{ players: { id: string }[]; game: { id: string } }> }> } }>(
      server.url,
      `mutation($input: CreateLeagueInput!) { createLeague(input: $input) { id rounds { tables { players { id } game { id } } } } }`,
      { input },
      ann.token,
    );
    leagueId = league.createLeague.id;
    groupId = made.createGroup.id;
    // The first round's game ends: its second seat resigns.
    const table = league.createLeague.rounds[0].tables[0];
    finishedGame = table.game.id;
    const loser = players.find((player) => player.id === table.players[1].id)!;
    await gqlOk(server.url, `mutation($id: ID!) { resignGame(gameId: $id) { id } }`, { id: finishedGame }, loser.token);
    await server.app.get(Deadlines).runDue();
  });

  it.each([
    ['laptop', 'light', LAPTOP],
    ['phone', 'dark', PHONE],
  ] as const)('shows the standings and the rounds at a %s size in the %s theme, readable by all', async (_, colorScheme, viewport) => {
    const baseUrl = bench.server.url.replace(/\/graphql$/, '');
    const { context, page } = await openWindow(bench.chromium, baseUrl, {
      viewport,
      colorScheme,
      token: bench.players[0].token,
      path: `/leagues/${leagueId}`,
    });
    await page.getByRole('heading', { name: /Five Tribes league/ }).waitFor();
    const standings = page.getByRole('region', { name: 'Standings' });
    await standings.getByRole('columnheader', { name: 'Sonneborn-Berger' }).waitFor();
    expect(await standings.getByRole('row').count()).toBe(4);
    expect(await standings.getByRole('row').nth(1).getByRole('cell').nth(1).textContent()).toBe('1');
    for (const round of [1, 2, 3]) await page.getByRole('heading', { name: `Round ${round}` }).waitFor();
    await page.getByText('Round 2 of 3 is being played.').waitFor();
    const record = page.getByRole('link', { name: 'Record' });
    expect(await record.getAttribute('href')).toBe(`/games/${finishedGame}/record.json`);
    expect(await page.getByRole('link', { name: 'See the game' }).getAttribute('href')).toBe(`/games/${finishedGame}`);
    expect(await page.getByText('Sitting out:').count()).toBeGreaterThan(0);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  it("is listed on its group's page, how far it has gone, linking to it", async () => {
    const baseUrl = bench.server.url.replace(/\/graphql$/, '');
    const { context, page } = await openWindow(bench.chromium, baseUrl, { token: bench.players[1].token, path: `/groups/${groupId}` });
    const leagues = page.getByRole('region', { name: 'Leagues' });
    const link = leagues.getByRole('link', { name: 'Five Tribes, round robin' });
    expect(await link.getAttribute('href')).toBe(`/leagues/${leagueId}`);
    await leagues.getByText('(round 2 of 3)').waitFor();
    await link.click();
    await page.getByRole('heading', { name: /Five Tribes league/ }).waitFor();
    await context.close();
  });

  it("lets the group's admins start a league from the group page, with the members they tick, and nobody else", async () => {
    const baseUrl = bench.server.url.replace(/\/graphql$/, '');
    const member = await openWindow(bench.chromium, baseUrl, { token: bench.players[1].token, path: `/groups/${groupId}` });
    await member.page.getByRole('heading', { name: 'Leagues' }).waitFor();
    expect(await member.page.getByText('Start a league in this group').count()).toBe(0);
    await member.context.close();

    const { context, page } = await openWindow(bench.chromium, baseUrl, { viewport: PHONE, token: bench.players[0].token, path: `/groups/${groupId}` });
    await page.getByText('Start a league in this group').click();
    const form = page.getByRole('form', { name: 'New league' });
    await form.locator('select[name="ruleset"]').selectOption({ label: 'Five Tribes' });
    await form.getByLabel('Swiss rounds', { exact: false }).check();
    await form.locator('input[name="rounds"]').fill('2');
    await form.getByRole('checkbox', { name: 'Cat' }).uncheck();
    expect(await seriousViolations(page)).toEqual([]);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await form.getByRole('button', { name: 'Start the league' }).click();
    await page.waitForURL(/\/leagues\/[^/]+$/);
    const created = page.url().split('/').pop()!;
    expect(created).not.toBe(leagueId);
    const { league } = await gqlOk<{ league: { format: string; rounds: Array<{ number: number }>; standings: Array<{ user: { displayName: string } }> } }>(
      bench.server.url,
      `query($id: ID!) { league(id: $id) { format rounds { number } standings { user { displayName } } } }`,
      { id: created },
      bench.players[0].token,
    );
    expect(league.format).toBe('SWISS');
    expect(league.rounds).toHaveLength(2);
    expect(league.standings.map((row) => row.user.displayName).sort()).toEqual(['Ann', 'Bob']);
    await context.close();
  });

  it('lets a player drop out, asking first', async () => {
    const baseUrl = bench.server.url.replace(/\/graphql$/, '');
    const { context, page } = await openWindow(bench.chromium, baseUrl, {
      viewport: PHONE,
      token: bench.players[2].token,
      path: `/leagues/${leagueId}`,
    });
    await page.getByRole('button', { name: 'Drop out of this league' }).click();
    await page.getByText('Your games not begun yet will be lost').waitFor();
    await page.getByRole('button', { name: 'Yes, drop out' }).click();
    await page.getByRole('region', { name: 'Standings' }).getByText('(dropped out)').waitFor();
    expect(await page.getByRole('button', { name: 'Drop out of this league' }).count()).toBe(0);
    await context.close();
  });
});
