/**
 * Shuffle fairness on the web page: players add their own words to the
 * shuffles when creating and joining a game, see the fingerprint of the
 * server's secret seed and everyone's words from the start, the seed itself
 * (checked against the fingerprint) once the game is over, and a plain
 * warning on a game whose host chose the seed, before they sit down.
 */
import type { Page } from 'playwright-core';
import { gqlOk, type Player, type TestServer } from '../support/app';
import { playTurn } from '../support/counting-api';
import { twoPlayersAtTheirPages, type TwoPlayersAtTheirPages } from './browser';
import { createGame } from '../support/games';

describe('web page: shuffle fairness', () => {
  let server: TestServer;
  let ann: Player;
  let bob: Player;
  let annPage: Page;
  let bobPage: Page;
  let players: TwoPlayersAtTheirPages;

  beforeAll(async () => {
    players = await twoPlayersAtTheirPages();
    ({ server, ann, bob, annPage, bobPage } = players);
  });

  afterAll(() => players?.close());

  const randomnessOf = async (id: string) =>
    (
      await gqlOk<{ game: { randomness: { commitment: string; clientSeeds: string[]; serverSeed: string | null } } }>(
        server.url,
        `query($id: ID!) { game(id: $id) { randomness { commitment clientSeeds serverSeed } } }`,
        { id },
      )
    ).game.randomness;

  it('takes each player’s words, shows them with the fingerprint, and the checked seed at the end', async () => {
    await annPage.locator('select[name="ruleset"]').selectOption('counting');
    await annPage.getByText('Shuffle fairness').click();
    await annPage.getByLabel(/Your shuffle contribution/).fill('Ann rolls sevens');
    // Started by Ann once both have read the lobby's fairness panel.
    await annPage.locator('input[name="autoStart"]').uncheck();
    await annPage.getByRole('button', { name: 'Create game' }).click();
    const gameUrl = await annPage.locator('[data-invite-link]').inputValue();
    const gameId = gameUrl.split('/').pop()!;

    await bobPage.goto(gameUrl);
    await bobPage.getByLabel(/Your shuffle contribution/).fill('Bob was here');
    await bobPage.locator('[data-seat="1"]').getByRole('button', { name: 'Take this seat' }).click();
    await annPage.locator('[data-seat="1"]', { hasText: 'Bob' }).waitFor();
    expect(await bobPage.locator('.fixed-seed-notice').count()).toBe(0);

    const { commitment } = await randomnessOf(gameId);
    for (const page of [annPage, bobPage]) {
      await page.getByText('Shuffle fairness').click();
      const panel = page.locator('.fairness');
      await panel.locator('[data-commitment]', { hasText: commitment }).waitFor();
      await panel.getByText('Ann: Ann rolls sevens').waitFor();
      await panel.getByText('Bob: Bob was here').waitFor();
      await panel.getByText('shown when the game is over', { exact: true }).waitFor();
    }
    await annPage.getByRole('button', { name: 'Start the game' }).click();
    await annPage.locator('.play-area').waitFor();

    // Played to the end through the API; the pages follow live.
    while ((await gqlOk<{ game: { status: string } }>(server.url, `query($id: ID!) { game(id: $id) { status } }`, { id: gameId })).game.status === 'ACTIVE') {
      await playTurn(server.url, gameId, [ann, bob]);
    }
    const { serverSeed } = await randomnessOf(gameId);
    for (const page of [annPage, bobPage]) {
      const panel = page.locator('.fairness');
      await panel.locator('[data-server-seed]', { hasText: serverSeed! }).waitFor();
      await panel.getByText('✓ matches the fingerprint').waitFor();
    }
  });

  it('warns everyone before they sit down that the host chose the seed of a fixed-seed game', async () => {
    const gameId = await createGame(server.url, ann, { seed: 'known deck' });
    await bobPage.goto(`/games/${gameId}`);
    const notice = bobPage.locator('.fixed-seed-notice');
    await notice.waitFor();
    expect(await notice.textContent()).toContain("The host chose this game's shuffle seed, so the host can know every card and roll in advance.");
    await bobPage.locator('[data-seat="1"]').getByRole('button', { name: 'Take this seat' }).waitFor();
  });
});
