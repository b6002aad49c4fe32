/**
 * The game's record on the web page: a player downloads their own record of
 * a game being played (without the server seed), anyone the whole record of
 * a finished one, which the page says the server verified; and the host's
 * mail link `?rollbackTo=` opens that point with the rollback dialog.
 */
import { json } from 'node:stream/consumers';
import type { Page } from 'playwright-core';
import type { GameRecord } from '../../src/records/game-record';
import { verifyRecord } from '../../src/records/verify-record';
import type { Player, TestServer } from '../support/app';
import { playTurn, seeGame, startCountingGame } from '../support/counting-api';
import { countingGame } from '../support/counting-game';
import { twoPlayersAtTheirPages, type TwoPlayersAtTheirPages } from './browser';

describe('web page: the game record', () => {
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

  async function download(page: Page): Promise<GameRecord> {
    const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download record' }).click()]);
    // Read through the connection: the file is where the run's Chromium saved it (test/web/chromium.ts).
    return (await json(await file.createReadStream())) as GameRecord;
  }

  it("downloads a player's own record while the game is played, and the whole, verified record once it is over", async () => {
    const gameId = await startCountingGame(server.url, [ann, bob], { seed: 'web-record-seed', options: { target: 12 } });
    await playTurn(server.url, gameId, [ann, bob]);
    await bobPage.goto(`/games/${gameId}`);
    const running = await download(bobPage);
    expect(running).toMatchObject({ madeFor: 1, randomness: { serverSeed: null }, game: { id: gameId, status: 'ACTIVE' } });
    expect(JSON.stringify(running)).not.toContain('web-record-seed');
    expect(await bobPage.locator('[data-record-verified]').count()).toBe(0);

    while ((await seeGame(server.url, gameId)).status !== 'FINISHED') await playTurn(server.url, gameId, [ann, bob]);
    await bobPage.locator('[data-record-verified="true"]', { hasText: 'Record verified' }).waitFor();
    const whole = await download(bobPage);
    expect(whole).toMatchObject({ madeFor: null, randomness: { serverSeed: 'web-record-seed' }, game: { status: 'FINISHED' } });
    expect(verifyRecord(whole, () => countingGame)).toMatchObject({ ok: true, complete: true });
  });

  it("opens the point a host's mail links to, ready to roll back to it", async () => {
    const gameId = await startCountingGame(server.url, [ann, bob], { seed: 'web-rollback-link' });
    const before = await playTurn(server.url, gameId, [ann, bob]);
    await playTurn(server.url, gameId, [ann, bob]);
    await annPage.goto(`/games/${gameId}?rollbackTo=${before}`);
    await annPage.getByRole('dialog', { name: 'Roll back' }).waitFor();
    expect(await annPage.locator('.board-frame').getAttribute('data-replay')).toBe(String(before));
    // Not the host: the link opens the game and nothing more.
    await bobPage.goto(`/games/${gameId}?rollbackTo=${before}`);
    await bobPage.locator('.play-area').waitFor();
    expect(await bobPage.getByRole('dialog', { name: 'Roll back' }).count()).toBe(0);
  });
});
