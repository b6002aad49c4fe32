/**
 * What the page tests share: a game started over the API for the players to
 * open, which of the moves offered a player can see, axe-core's serious
 * findings and sideways scrolling.
 */
import AxeBuilder from '@axe-core/playwright';
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

/**
 * The serious and critical findings of axe-core (WCAG 2.x A and AA rules), in a form a failing test prints readably.
 * Only violations are asked for in full (`resultTypes`): axe then lists one node, not every node, of what passed, a fifth less work here.
 * Axe runs in the page itself (`setLegacyMode`): by default it loads itself once more into every frame, then into a
 * blank page it opens to gather the frames' results. The page has no frames, and the 31 checks of
 * layout-and-access.e2e-spec.ts took 16 s instead of 29 (51 core-seconds for the file instead of 66).
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page })
    .setLegacyMode()
    .options({ resultTypes: ['violations'] })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.nodes
          .slice(0, 3)
          .map((node) => node.target.join(' '))
          .join(' | ')}`,
    );
}

/** How far the page scrolls sideways: wide tables and boards scroll on their own, never the page. */
export function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth');
}
