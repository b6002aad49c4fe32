/**
 * What the page tests of the boards share: a game started over the API for
 * the players to open, and which of the moves offered a player can see.
 */
import type { Page } from 'playwright-core';
import { gqlOk, type Player } from '../support/app';

/** A started game of `ruleset` for the first `seats` players (the first hosts, with a fixed `seed`); its id and the seats to act. */
export async function startGameFor(
  url: string,
  players: Player[],
  game: { ruleset: string; seats: number; seed: string; options?: Record<string, unknown> },
): Promise<{ id: string; activeSeats: number[] }> {
  const { createGame } = await gqlOk<{ createGame: { id: string } }>(
    url,
    `mutation($r: String!, $n: Int!, $s: String!, $o: JSON) { createGame(input: { ruleset: $r, seats: $n, seed: $s, options: $o }) { id } }`,
    { r: game.ruleset, n: game.seats, s: game.seed, o: game.options ?? {} },
    players[0].token,
  );
  const id = createGame.id;
  for (const player of players.slice(1, game.seats)) await gqlOk(url, `mutation($id: ID!) { joinGame(gameId: $id) { id } }`, { id }, player.token);
  const { startGame } = await gqlOk<{ startGame: { activeSeats: number[] } }>(
    url,
    `mutation($id: ID!) { startGame(gameId: $id) { activeSeats } }`,
    { id },
    players[0].token,
  );
  return { id, activeSeats: startGame.activeSeats };
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
