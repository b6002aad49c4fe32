/**
 * Time banks on the web page, in Chromium: the new-game form creates a game
 * with a bank and the weekend pause, and offers to skip a late player only in
 * a game that can; the game page shows each player's clock as the server
 * reads it, the running one counting down.
 */
import type { Page } from 'playwright-core';
import { RecordsService } from '../../src/records/records.service';
import { gqlOk, registerPlayer } from '../support/app';
import { playTurn, startCountingGame } from '../support/counting-api';
import { openWindow, pageTestBench, waitUntil } from './browser';

type Clock = { seat: number; remainingSeconds: number; running: boolean };

describe('web page: time banks', () => {
  const bench = pageTestBench();
  const baseUrl = () => bench.server.url.replace(/\/graphql$/, '');

  const serverClocks = async (gameId: string) =>
    (
      await gqlOk<{ game: { clocks: Clock[] } }>(bench.server.url, 'query($id: ID!) { game(id: $id) { clocks { seat remainingSeconds running } } }', {
        id: gameId,
      })
    ).game.clocks;
  const shownSeconds = async (page: Page, seat: number) =>
    Number(await page.locator(`.seat-clocks li[data-seat="${seat}"] .clock`).getAttribute('data-seconds'));

  it('creates a game with a bank and weekends paused, from the form', async () => {
    const ann = await registerPlayer(bench.server.url, 'Ann');
    const { page } = await openWindow(bench.chromium, baseUrl(), { token: ann.token });
    await page.locator('input[name="moveDeadline"]').check();
    await page.locator('select[name="pace"]').selectOption({ label: "each player's own bank, steady: 5 days, +12 hours a turn" });
    await page.locator('input[name="pauseOnWeekends"]').check();
    await page.getByRole('button', { name: 'Create game' }).click();
    const gameId = (await page.locator('[data-invite-link]').inputValue()).split('/').pop()!;
    const record = await bench.server.app.get(RecordsService).wholeRecord(gameId);
    expect(record.events[0].payload.moveDeadline).toEqual({
      bank: { initialHours: 120, incrementHours: 12, maxHours: 120 },
      pauseOnWeekends: true,
      reminderHoursBefore: 24,
      onExpiry: 'ASK_HOST',
    });
    // Whose weekends: the host's zone, recorded with their seat.
    expect(record.events[1].payload).toHaveProperty('timeZone');
  });

  it('offers to skip a player who ran out of time only in a game whose rules can skip a turn', async () => {
    const ann = await registerPlayer(bench.server.url, 'Ann');
    const { page } = await openWindow(bench.chromium, baseUrl(), { token: ann.token });
    const onExpiry = page.locator('select[name="onExpiry"]');
    const skipOffered = () => onExpiry.locator('option[value="SKIP"]').count();
    await page.locator('select[name="ruleset"]').selectOption('five-points');
    await page.locator('input[name="moveDeadline"]').check();
    expect(await skipOffered()).toBe(1);
    await onExpiry.selectOption('SKIP');
    // The test game has no skipTurn: the server would refuse the skip, and the form neither offers nor sends it.
    await page.locator('select[name="ruleset"]').selectOption('counting');
    expect(await skipOffered()).toBe(0);
    expect(await onExpiry.inputValue()).toBe('ASK_HOST');
    await page.getByRole('button', { name: 'Create game' }).click();
    const gameId = (await page.locator('[data-invite-link]').inputValue()).split('/').pop()!;
    const record = await bench.server.app.get(RecordsService).wholeRecord(gameId);
    expect(record.events[0].payload.moveDeadline).toMatchObject({ onExpiry: 'ASK_HOST' });
  });

  it("shows each player's clock as the server reads it, the running one counting down", async () => {
    const players = await Promise.all(['Ann', 'Bob'].map((name) => registerPlayer(bench.server.url, name)));
    const gameId = await startCountingGame(bench.server.url, players, { moveDeadline: { bank: { initialHours: 72, incrementHours: 4, maxHours: 80 } } });
    await playTurn(bench.server.url, gameId, players);
    const { page } = await openWindow(bench.chromium, baseUrl(), { token: players[1].token, path: `/games/${gameId}` });
    await page.locator('.seat-clocks li').nth(1).waitFor();

    const before = await serverClocks(gameId);
    const shown = [await shownSeconds(page, 0), await shownSeconds(page, 1)];
    const after = await serverClocks(gameId);
    const running = before.find((clock) => clock.running)!;
    const idle = before.find((clock) => !clock.running)!;
    // The idle clock holds the mover's bank and its increment; the page shows exactly it.
    expect(idle.remainingSeconds).toBeGreaterThan(72 * 3600);
    expect(shown[idle.seat]).toBe(idle.remainingSeconds);
    // The running one, read between two of the server's readings (a second's rounding either side).
    expect(shown[running.seat]).toBeLessThanOrEqual(before[running.seat].remainingSeconds + 1);
    expect(shown[running.seat]).toBeGreaterThanOrEqual(after[running.seat].remainingSeconds - 1);
    expect(await page.locator(`.seat-clocks li[data-seat="${running.seat}"]`).getAttribute('class')).toBe('running');

    // It counts down by itself, and still agrees with the server.
    await waitUntil(
      page,
      `Number(document.querySelector('.seat-clocks li[data-seat="${running.seat}"] .clock').dataset.seconds) < ${shown[running.seat]}`,
      5000,
    );
    const later = await shownSeconds(page, running.seat);
    const server = (await serverClocks(gameId))[running.seat].remainingSeconds;
    expect(Math.abs(later - server)).toBeLessThanOrEqual(2);
    expect(await shownSeconds(page, idle.seat)).toBe(idle.remainingSeconds);
  });
});
