/**
 * The game's life on the web page, in Chromium, each player in a window of
 * their own: a takeback asked from the history, agreed and declined (which
 * the asker reads above the board, not only in the history); a
 * player resigning from a three-player game, which goes on to its end.
 */
import type { Page } from 'playwright-core';
import { gqlOk, Player, registerPlayer } from '../support/app';
import { playTurn, seeGame, startCountingGame } from '../support/counting-api';
import { isMyTurn, openWindow, playOneStep, shownVersion, waitForVersion, waitUntil, pageTestBench } from './browser';

describe('web page: resigning, takebacks and ending by agreement', () => {
  const bench = pageTestBench();

  async function versionOf(gameId: string): Promise<number> {
    return (await gqlOk<{ game: { version: number } }>(bench.server.url, `query($id: ID!) { game(id: $id) { version } }`, { id: gameId })).game.version;
  }

  /** Each player's window on the game, showing its current version. */
  async function windows(gameId: string, players: Player[]): Promise<Page[]> {
    const version = await versionOf(gameId);
    return Promise.all(
      players.map(async (player) => {
        const { page } = await openWindow(bench.chromium, bench.server.url.replace(/\/graphql$/, ''), {
          token: player.token,
          path: `/games/${gameId}`,
        });
        await waitForVersion(page, version);
        return page;
      }),
    );
  }

  /** Asks, from the history, to take the game back to just after event `seq`. */
  async function askTakeback(page: Page, seq: number, reason: string): Promise<void> {
    await page.locator(`.timeline li[data-seq="${seq}"] button`).click();
    await page.getByRole('button', { name: 'Ask to take back to here…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ask for a takeback' });
    await dialog.getByLabel('Reason (everyone sees it)').fill(reason);
    await dialog.getByRole('button', { name: 'Ask the others' }).click();
  }

  it('asks for a takeback from the history; the other player agrees, and later declines another', async () => {
    const players = await Promise.all(['Ann', 'Bob'].map((name) => registerPlayer(bench.server.url, name)));
    const [ann, bob] = players;
    const gameId = await startCountingGame(bench.server.url, players, { seed: 'web-takeback' });
    const target = await playTurn(bench.server.url, gameId, players);
    const boardThen = (await gqlOk<{ game: { view: unknown } }>(bench.server.url, `query($id: ID!) { game(id: $id) { view } }`, { id: gameId }, ann.token)).game
      .view;
    await playTurn(bench.server.url, gameId, players);
    const [annPage, bobPage] = await windows(gameId, [ann, bob]);

    await askTakeback(annPage, target, 'I meant to add two');
    const asked = bobPage.locator('.proposal');
    // The point it goes back to, as the history names it (never an internal number).
    const point = (await bobPage.locator(`.timeline li[data-seq="${target}"] .moment`).innerText()).trim();
    await asked.getByText(`Ann asked to take the game back to just after ${point.charAt(0).toLowerCase()}${point.slice(1)}`).waitFor();
    expect(await asked.innerText()).not.toMatch(/event \d/);
    await asked.getByText('“I meant to add two”').waitFor();
    await annPage.locator('.proposal').getByText('Waiting for Bob').waitFor();
    expect(await annPage.locator('.proposal').getByRole('button', { name: 'Agree' }).count()).toBe(0);

    const before = await versionOf(gameId);
    await bobPage.locator('.proposal').getByRole('button', { name: 'Agree' }).click();
    await Promise.all([annPage, bobPage].map((page) => waitForVersion(page, before + 2)));
    await annPage.locator('.timeline li', { hasText: 'Everyone agreed: the moves were taken back.' }).waitFor();
    expect(await annPage.locator('.proposal').count()).toBe(0);
    expect(await annPage.locator(`.timeline li[data-seq="${target + 1}"].rolled-back`).count()).toBe(1);
    const boardNow = (await gqlOk<{ game: { view: unknown } }>(bench.server.url, `query($id: ID!) { game(id: $id) { view } }`, { id: gameId }, ann.token)).game
      .view;
    expect(boardNow).toEqual(boardThen);

    // Another request, declined: the game stays where it is.
    const again = await playTurn(bench.server.url, gameId, players);
    await waitForVersion(bobPage, again);
    await askTakeback(bobPage, target, 'one more try');
    await annPage.locator('.proposal').getByText('Bob asked to take the game back').waitFor();
    await annPage.locator('.proposal').getByRole('button', { name: 'Decline' }).click();
    await bobPage.locator('.timeline li', { hasText: 'Ann declined the takeback.' }).waitFor();
    await waitUntil(bobPage, `document.querySelector('.proposal') === null`);
    // Not only in the history: where Bob's request was, above the board, it says so, until he dismisses it.
    const outcome = bobPage.locator('.play-area > .proposal-outcome');
    await outcome.getByText('Ann declined the takeback.').waitFor();
    expect(await bobPage.evaluate<boolean>(`document.querySelector('.play-area > .proposal-outcome').getBoundingClientRect().bottom <= innerHeight`)).toBe(
      true,
    );
    await outcome.getByRole('button', { name: 'Dismiss' }).click();
    await outcome.waitFor({ state: 'detached' });
    // Nothing was played since the last turn, only asked and declined: neither page offers to go back there, which the server would refuse.
    for (const [page, offer] of [
      [bobPage, 'Ask to take back to here…'],
      [annPage, 'Roll back to here…'],
    ] as const) {
      await page.locator(`.timeline li[data-seq="${again}"] button`).click();
      await page.locator(`.board-frame[data-replay="${again}"]`).waitFor();
      await page.locator('.replay-controls[aria-busy="false"]').waitFor(); // the server said where the player may go back to
      expect(await page.getByRole('button', { name: offer }).count()).toBe(0);
    }

    // A third, which Bob thinks better of: only he is offered to withdraw it, and it is gone from both pages.
    await askTakeback(bobPage, target, 'never mind');
    await annPage.locator('.proposal').getByText('Bob asked to take the game back').waitFor();
    expect(await annPage.locator('.proposal').getByRole('button', { name: 'Withdraw' }).count()).toBe(0);
    await bobPage.locator('.proposal').getByRole('button', { name: 'Withdraw' }).click();
    await annPage.locator('.timeline li', { hasText: 'Bob withdrew their request.' }).waitFor();
    await waitUntil(annPage, `document.querySelector('.proposal') === null`);
    expect(
      (await gqlOk<{ game: { view: unknown } }>(bench.server.url, `query($id: ID!) { game(id: $id) { view } }`, { id: gameId }, ann.token)).game.view,
    ).not.toEqual(boardThen);
  });

  it('a player resigns from a three-player game, which goes on without them to its end', async () => {
    const players = await Promise.all(['Ann', 'Bob', 'Cat'].map((name) => registerPlayer(bench.server.url, name)));
    const gameId = await startCountingGame(bench.server.url, players, { seed: 'web-resign', options: { target: 12 } });
    // Cat plays a turn first, so that she leaves with cards: more, as it falls out, than the one of Ann and Bob who loses.
    while ((await seeGame(bench.server.url, gameId)).view.hands[2].count === 0) await playTurn(bench.server.url, gameId, players);
    const pages = await windows(gameId, players);
    const [annPage, bobPage, catPage] = pages;

    await catPage.getByRole('button', { name: 'Resign…' }).click();
    const confirm = catPage.getByRole('dialog', { name: 'Resign from this game?' });
    await confirm.getByText('it goes on without you').waitFor();
    await confirm.getByRole('button', { name: 'Resign' }).click();
    for (const page of pages) await page.locator('.player-strip li', { hasText: 'Cat' }).getByText('left the game').waitFor();
    await annPage.locator('.timeline li', { hasText: 'Cat resigned.' }).waitFor();
    expect(await catPage.getByRole('button', { name: 'Resign…' }).count()).toBe(0);

    // Ann and Bob play on in their windows; Cat is never to move again.
    for (let steps = 0; (await annPage.locator('[data-turn="finished"]').count()) === 0; steps++) {
      if (steps > 100) throw new Error('the game did not end');
      expect(await isMyTurn(catPage)).toBe(false);
      const mover = (await isMyTurn(annPage)) ? annPage : (await isMyTurn(bobPage)) ? bobPage : null;
      if (mover) {
        const version = await playOneStep(mover);
        await Promise.all(pages.map((page) => waitForVersion(page, version)));
      } else {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
    const { game } = await gqlOk<{ game: { status: string; result: { winners: number[]; scores: number[]; detail: { resigned: number[] } } } }>(
      bench.server.url,
      `query($id: ID!) { game(id: $id) { status result } }`,
      { id: gameId },
    );
    expect(game.status).toBe('FINISHED');
    expect(game.result.detail.resigned).toEqual([2]);
    expect(game.result.winners).not.toContain(2);
    await catPage.locator('[data-turn="finished"]').waitFor();
    // Whoever left comes after everyone still playing, whatever they scored.
    const loser = game.result.winners.includes(0) ? 1 : 0;
    expect(game.result.scores[2]).toBeGreaterThan(game.result.scores[loser]);
    await catPage.locator('.end-screen .headline', { hasText: 'You came 3rd' }).waitFor();
    await pages[loser].locator('.end-screen .headline', { hasText: 'You came 2nd' }).waitFor();
  });

  it('warns a player of two that resigning ends the game, unless a bot would take over their seat', async () => {
    const players = await Promise.all(['Ann', 'Bob'].map((name) => registerPlayer(bench.server.url, name)));
    for (const [whenPlayerLeaves, warning] of [
      ['SKIP', 'the game ends with you ranked last'],
      ['BOT', 'it goes on without you, a bot plays your seat'],
    ] as const) {
      const gameId = await startCountingGame(bench.server.url, players, { seed: `web-resign-${whenPlayerLeaves}`, whenPlayerLeaves });
      const [annPage] = await windows(gameId, players.slice(0, 1));
      await annPage.getByRole('button', { name: 'Resign…' }).click();
      await annPage.getByRole('dialog', { name: 'Resign from this game?' }).getByText(warning).waitFor();
      await annPage.context().close();
    }
  });

  it('moves the keyboard into each confirmation, closes it on Escape, and gives the keyboard back', async () => {
    const players = await Promise.all(['Ann', 'Bob'].map((name) => registerPlayer(bench.server.url, name)));
    const gameId = await startCountingGame(bench.server.url, players, { seed: 'web-dialogs' });
    const target = await playTurn(bench.server.url, gameId, players);
    await playTurn(bench.server.url, gameId, players);
    const [annPage] = await windows(gameId, players.slice(0, 1));
    const focused = (page: Page) =>
      page.evaluate<{ text: string; name: string; inDialog: boolean }>(
        `({ text: document.activeElement?.textContent ?? '', name: document.activeElement?.getAttribute('name') ?? '', inDialog: !!document.activeElement?.closest('[role="dialog"]') })`,
      );

    for (const [opener, dialogName] of [
      ['Resign…', 'Resign from this game?'],
      ['Propose to end the game…', 'Propose to end the game?'],
    ]) {
      await annPage.getByRole('button', { name: opener }).focus();
      await annPage.keyboard.press('Enter');
      const dialog = annPage.getByRole('dialog', { name: dialogName });
      await dialog.waitFor();
      expect(await focused(annPage)).toMatchObject({ inDialog: true, text: 'Cancel' }); // the safe choice first
      // Tab stays inside.
      await annPage.keyboard.press('Tab');
      await annPage.keyboard.press('Tab');
      expect((await focused(annPage)).inDialog).toBe(true);
      await annPage.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      expect(await focused(annPage)).toMatchObject({ inDialog: false, text: opener });
    }

    // The takeback's reason is asked first; Escape leaves the history entry's button in hand.
    await annPage.locator(`.timeline li[data-seq="${target}"] button`).click();
    const ask = annPage.getByRole('button', { name: 'Ask to take back to here…' });
    await ask.focus();
    await annPage.keyboard.press('Enter');
    const dialog = annPage.getByRole('dialog', { name: 'Ask for a takeback' });
    await dialog.waitFor();
    expect(await focused(annPage)).toMatchObject({ inDialog: true, name: 'reason' });
    await annPage.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await focused(annPage)).toMatchObject({ inDialog: false, text: 'Ask to take back to here…' });
    expect(await shownVersion(annPage)).toBe(await versionOf(gameId)); // nothing was sent
  });

  it('ends the game as it stands when the other player agrees to the proposal', async () => {
    const players = await Promise.all(['Ann', 'Bob'].map((name) => registerPlayer(bench.server.url, name)));
    const gameId = await startCountingGame(bench.server.url, players, { seed: 'web-end' });
    await playTurn(bench.server.url, gameId, players);
    const [annPage, bobPage] = await windows(gameId, players);
    await annPage.getByRole('button', { name: 'Propose to end the game…' }).click();
    await annPage.getByRole('dialog', { name: 'Propose to end the game?' }).getByRole('button', { name: 'Propose' }).click();
    await bobPage.locator('.proposal').getByText('Ann proposed to end the game as it stands').waitFor();
    await bobPage.locator('.proposal').getByRole('button', { name: 'Agree' }).click();
    for (const page of [annPage, bobPage]) await page.locator('[data-turn="finished"]').waitFor();

    // The counting game keeps no score while played: nobody is ahead, so nobody won, and nobody is told they lost.
    const { game } = await gqlOk<{ game: { result: { winners: number[]; scores: number[] | null; detail: { endedByAgreement?: boolean } } } }>(
      bench.server.url,
      `query($id: ID!) { game(id: $id) { result } }`,
      { id: gameId },
    );
    expect(game.result).toMatchObject({ winners: [], scores: null, detail: { endedByAgreement: true } });
    const { page: onlooker } = await openWindow(bench.chromium, bench.server.url.replace(/\/graphql$/, ''), { path: `/games/${gameId}` });
    for (const page of [annPage, bobPage, onlooker]) {
      const screen = page.locator('.end-screen');
      await screen.waitFor();
      expect(await screen.locator('.headline').textContent()).toBe('Ended by agreement, with no winner');
      await screen.getByText('The players agreed to end the game as it stood.').waitFor();
      expect(await screen.textContent()).not.toMatch(/lost/);
    }
  });
});
