/**
 * A seat changing hands on the web page, in Chromium, each player in a
 * window of their own: Bob offers his seat to Eve by email, Eve (on the
 * game's page) takes it over and plays his turn with his cards; Bob's page
 * no longer plays the seat; the history keeps Bob's moves his.
 */
import { emailOf, gqlOk, registerPlayer } from '../support/app';
import { playTurn, startCountingGame } from '../support/counting-api';
import { isMyTurn, openWindow, playOneStep, shownVersion, waitForVersion, waitForVersionAbove, waitUntil, pageTestBench } from './browser';

describe('web page: a substitute takes over a seat', () => {
  const bench = pageTestBench();

  it('Bob offers his seat, Eve takes it over from the page and plays on; Bob’s moves stay his', async () => {
    const url = bench.server.url;
    const [ann, bob, eve] = await Promise.all(['Ann', 'Bob', 'Eve'].map((name) => registerPlayer(url, name)));
    const gameId = await startCountingGame(url, [ann, bob], { seed: 'web-substitute' });
    await playTurn(url, gameId, [ann, bob]);
    await playTurn(url, gameId, [ann, bob]);
    const version = (await gqlOk<{ game: { version: number } }>(url, `query($id: ID!) { game(id: $id) { version } }`, { id: gameId })).game.version;
    const open = async (token: string) => {
      const { page } = await openWindow(bench.chromium, url.replace(/\/graphql$/, ''), { token, path: `/games/${gameId}` });
      await waitForVersion(page, version);
      return page;
    };
    const [bobPage, evePage] = await Promise.all([open(bob.token), open(eve.token)]);

    await bobPage.getByRole('button', { name: 'Offer my seat to someone else…' }).click();
    const form = bobPage.getByRole('form', { name: 'Offer my seat to someone else' });
    await form.getByLabel('Offer my seat to someone else: their email address').fill(await emailOf(url, eve));
    await form.getByRole('button', { name: 'Send the offer' }).click();
    await bobPage.getByText('Your seat is offered to someone else, waiting for them to take it over.').waitFor();

    // Eve, watching, is asked on the page itself, and takes the seat over.
    const asked = evePage.locator('.seat-offers .proposal');
    await asked.getByText("Bob asks you to take over Bob's seat").waitFor();
    const before = await shownVersion(evePage);
    await asked.getByRole('button', { name: 'Take over the seat' }).click();
    await waitForVersionAbove(evePage, before);
    await evePage.locator('.timeline li', { hasText: 'Eve took over seat 2 and plays it from here.' }).waitFor();
    await bobPage.locator('.timeline li', { hasText: 'Eve took over seat 2 and plays it from here.' }).waitFor();

    // The history credits each move to whoever made it: Bob's additions stay Bob's.
    const texts = await evePage.locator('.timeline li').allInnerTexts();
    const handedOver = texts.findIndex((text) => text.includes('Eve took over seat 2'));
    expect(texts.slice(0, handedOver).some((text) => text.includes('Bob added 1 to the counter.'))).toBe(true);
    expect(texts.slice(0, handedOver).some((text) => text.includes('Eve added'))).toBe(false);
    // Bob no longer plays the seat: no offer, no resigning; Eve does.
    await waitUntil(bobPage, `document.querySelector('.seat-offers') === null`);
    expect(await bobPage.getByRole('button', { name: 'Resign…' }).count()).toBe(0);
    await evePage.getByRole('button', { name: 'Offer my seat to someone else…' }).waitFor();

    // Eve plays the seat's turn when it comes, from her page.
    const toAct = async () =>
      (await gqlOk<{ game: { activeSeats: number[] } }>(url, `query($id: ID!) { game(id: $id) { activeSeats } }`, { id: gameId })).game.activeSeats[0];
    if ((await toAct()) === 0) await playTurn(url, gameId, [ann, eve]);
    await waitUntil(evePage, `document.querySelector('.move-bar button.move, .target.offered') !== null`);
    expect(await isMyTurn(evePage)).toBe(true);
    const moved = await playOneStep(evePage);
    await waitForVersion(bobPage, moved);
  });

  it('shows Bob that his offer was declined, and lets him offer the seat again', async () => {
    const url = bench.server.url;
    const [ann, bob, cat] = await Promise.all(['Ann', 'Bob', 'Cat'].map((name) => registerPlayer(url, name)));
    const gameId = await startCountingGame(url, [ann, bob], { seed: 'web-declined' });
    await gqlOk(
      url,
      `mutation($id: ID!, $email: String!) { offerSeat(gameId: $id, seat: 1, email: $email) { id } }`,
      { id: gameId, email: await emailOf(url, cat) },
      bob.token,
    );
    await gqlOk(url, `mutation($id: ID!) { declineInvitation(gameId: $id) }`, { id: gameId }, cat.token);
    const { page } = await openWindow(bench.chromium, url.replace(/\/graphql$/, ''), { token: bob.token, path: `/games/${gameId}` });
    await page.getByText('Whoever your seat was offered to declined it.').waitFor();
    await page.getByRole('button', { name: 'Offer my seat to someone else…' }).waitFor();
    await page.getByRole('button', { name: 'Withdraw the offer' }).click();
    await page.getByText('Whoever your seat was offered to declined it.').waitFor({ state: 'detached' });
    await page.context().close();
  });
});
