/**
 * What the page tests of the boards share: a game started over the API for
 * the players to open, and which of the moves offered a player can see.
 */
import type { Page } from 'playwright-core';
import type { Player } from '../support/app';
import { startGameFields } from '../support/games';

/** A started game of `ruleset` for the first `seats` players (the first hosts, with a fixed `seed`); its id and the seats to act. */
export function startGameFor(
  url: string,
  players: Player[],
  game: { ruleset: string; seats: number; seed: string; options?: Record<string, unknown> },
): Promise<{ id: string; activeSeats: number[] }> {
  return startGameFields(url, players.slice(0, game.seats), game, 'id activeSeats');
}

/** Offered moves (board targets and move buttons) whose middle is inside the window and not under anything else. */
export function offeredInView(page: Page): Promise<string[]> {
  return page.evaluate(`[...document.querySelectorAll('.target.offered, .move-bar button.move')].flatMap((element) => {
    const box = element.getBoundingClientRect();
    const x = box.left + box.width / 2, y = box.top + box.height / 2;
    if (box.width === 0 || x < 0 || y < 0 || x > innerWidth || y > innerHeight) return [];
    const hit = document.elementFromPoint(x, y);
    return hit && (hit === element || element.contains(hit)) ? [element.getAttribute('data-target') ?? element.textContent] : [];
  })`) as Promise<string[]>;
}
