/**
 * One player against bots, in Chromium, for each hosted game: the player
 * creates the game on the page with bots in every other seat (a GREEDY one,
 * and a RANDOM one where the table has room), at the game's smallest table,
 * the game starts by itself, and the player clicks every one of their moves
 * while the bots answer by themselves, live, to the end screen; then the
 * game's record is verified (the bots' moves decided again and checked like
 * any other).
 *
 * At each of the player's turns the test reads their legal moves through the
 * API, checks that the page offers exactly those, picks one with a seeded
 * choice (a move type, then a move of that type) and makes it as the
 * full-game specs do (test/web/move-targets.ts): the glowing target, then the
 * chooser when it offers several moves, or the move's button (or Five
 * Tribes' sale form). The page must send exactly that move. The bots' moves
 * are the server's: the test waits for them on the page.
 *
 * The bots wait BOT_MOVE_DELAY_MS (test/support/app.ts) before each move, as
 * in a game with a player; the seeds are fixed, so each game is the same on
 * every run.
 */
import type { Page } from 'playwright-core';
import type { FivePointsMove } from '../../src/games/five-points';
import type { Move as FiveTribesMove } from '../../src/games/five-tribes/moves';
import type { MobTownView } from '../../src/games/mob-town';
import type { BotLevel } from '../../src/rules/bots';
import { seededRandom, type Random } from '../../src/rules/random';
import { gqlOk, registerPlayer, startTestServer, type Player, type TestServer } from '../support/app';
import {
  chooseByType,
  clickMove,
  expectEndScreen,
  launchBrowser,
  openWindow,
  recordSentMoves,
  type TestBrowser,
  waitForOffer,
  waitForVersionAbove,
} from './browser';
import { fivePointsTargets, fiveTribesBoardMoves, fiveTribesTargets, makeFiveTribesMove, mobTownTargets, mobTownWords, type MobTownMove } from './move-targets';

/** How the test plays one game's moves on the page. */
interface Clicks<M> {
  targetsOf(move: M): string[];
  /** The moves the board and the move bar offer (omitted: all). */
  onBoard?(moves: M[]): M[];
  /** Makes `move`, one of the legal `moves`, as a player would; `view` is the player's. */
  make(page: Page, move: M, moves: M[], view: unknown, random: Random): Promise<unknown>;
}

/** A game against bots: the player sits in seat 1, `bots[i]` plays seat i + 2. */
interface AgainstBots {
  title: string;
  ruleset: string;
  /** Chosen in the new-game form: select names and their values. */
  options?: Record<string, string>;
  bots: BotLevel[];
  seed: string;
  clicks: Clicks<any>;
}

const clickFivePoints: Clicks<FivePointsMove> = {
  targetsOf: fivePointsTargets,
  make: (page, move, moves) => clickMove(page, move, moves, fivePointsTargets, () => 0),
};
const clickFiveTribes: Clicks<FiveTribesMove> = {
  targetsOf: fiveTribesTargets,
  onBoard: fiveTribesBoardMoves,
  make: (page, move, moves, _view, random) => makeFiveTribesMove(page, move, moves, (n) => random.int(n)),
};
// Buttons and choices found by the page's own words for the moves, which must tell them apart.
const clickMobTown: Clicks<MobTownMove> = {
  targetsOf: mobTownTargets,
  make: (page, move, moves, view, random) => clickMove(page, move, moves, mobTownTargets, (n) => random.int(n), mobTownWords(view as MobTownView)),
};

const GAMES: AgainstBots[] = [
  { title: 'Five Points, three seats', ruleset: 'five-points', bots: ['GREEDY', 'RANDOM'], seed: 'against-bots-5p-1', clicks: clickFivePoints },
  { title: 'Five Tribes, two seats', ruleset: 'five-tribes', bots: ['GREEDY'], seed: 'against-bots-5t-1', clicks: clickFiveTribes },
  { title: 'Mob Town, competitive, two seats', ruleset: 'mob-town', bots: ['GREEDY'], seed: 'against-bots-mt-1', clicks: clickMobTown },
  {
    title: 'Mob Town, co-op, two seats',
    ruleset: 'mob-town',
    options: { mode: 'coop' },
    bots: ['GREEDY'],
    seed: 'against-bots-mtc-1',
    clicks: clickMobTown,
  },
  {
    title: 'Mob Town, co-op, four seats',
    ruleset: 'mob-town',
    options: { mode: 'coop' },
    bots: ['GREEDY', 'RANDOM', 'RANDOM'],
    seed: 'against-bots-mtc-4',
    clicks: clickMobTown,
  },
];

interface SeatState {
  version: number;
  status: 'ACTIVE' | 'FINISHED';
  activeSeats: number[];
  mySeat: number;
  legalMoves: unknown[];
  view: unknown;
}

interface HistoryEntry {
  seq: number;
  type: string;
  actorSeat: number | null;
}
/** The most history entries the API gives at once. */
const HISTORY_PAGE = 500;

const botName = (level: BotLevel) => `Bot (${level.toLowerCase()})`;

describe('web page: one player against bots, each hosted game to its end', () => {
  let server: TestServer;
  let chromium: TestBrowser;
  let site: string;
  let ann: Player;
  const measured: string[] = [];

  beforeAll(async () => {
    // The test reads the game through the API at every turn, as no person does: the read budget per player would hold it up.
    server = await startTestServer({ web: true, rateLimits: false });
    chromium = await launchBrowser();
    site = server.url.replace(/\/graphql$/, '');
    ann = await registerPlayer(server.url, 'Ann');
  });

  afterAll(async () => {
    console.log(`Games against bots, by clicks:\n${measured.join('\n')}`);
    await chromium?.close();
    await server?.close();
  });

  /** Ann creates the game in the new-game form, every other seat a bot's; it starts by itself. Returns its id. */
  async function createOnPage(page: Page, game: AgainstBots): Promise<string> {
    const form = page.getByRole('form', { name: 'New game' });
    await form.locator('select[name="ruleset"]').selectOption(game.ruleset);
    await form.locator('select[name="seats"]').selectOption(String(game.bots.length + 1));
    for (const [key, value] of Object.entries(game.options ?? {})) await form.locator(`select[name="${key}"]`).selectOption(value);
    for (const [i, level] of game.bots.entries()) await form.locator(`select[name="seat-${i + 1}"]`).selectOption(level);
    await form.getByText('Shuffle fairness').click();
    await form.getByLabel(/Fixed seed/).fill(game.seed);
    await form.getByRole('button', { name: 'Create game' }).click();
    await page.locator('.play-area').waitFor();
    // The glow is a filter animation that repaints every offered target on every frame: CPU a long game cannot spare.
    await page.addStyleTag({ content: '.target.offered { animation: none !important; }' });
    return new URL(page.url()).pathname.split('/').pop()!;
  }

  async function seatState(id: string): Promise<SeatState> {
    const data = await gqlOk<{ game: SeatState }>(
      server.url,
      `query($id: ID!) { game(id: $id) { version status activeSeats mySeat legalMoves view } }`,
      { id },
      ann.token,
    );
    return data.game;
  }

  /** The game's history, page by page. */
  async function wholeHistory(id: string): Promise<HistoryEntry[]> {
    const entries: HistoryEntry[] = [];
    for (;;) {
      const data = await gqlOk<{ game: { history: HistoryEntry[] } }>(
        server.url,
        `query($id: ID!, $after: Int!, $first: Int!) { game(id: $id) { history(after: $after, first: $first) { seq type actorSeat } } }`,
        { id, after: entries.at(-1)?.seq ?? 0, first: HISTORY_PAGE },
        ann.token,
      );
      entries.push(...data.game.history);
      if (data.game.history.length < HISTORY_PAGE) return entries;
    }
  }

  /** Ann clicks each of her moves until the game is over; the bots move by themselves meanwhile. Returns how many moves she made. */
  async function playToTheEnd(page: Page, id: string, { clicks, seed, title }: AgainstBots): Promise<number> {
    const random = seededRandom(`${seed}:clicks`);
    const sent = recordSentMoves(page);
    let myMoves = 0;
    for (;;) {
      const state = await seatState(id);
      if (state.status === 'FINISHED') return myMoves;
      const { version, activeSeats, mySeat, legalMoves } = state;
      if (!activeSeats.includes(mySeat) || activeSeats.length > 1) {
        // A bot's turn, or bots choosing alongside Ann (Mob Town's agendas): they move by themselves, and the page follows.
        await waitForVersionAbove(page, version);
        continue;
      }
      expect(myMoves).toBeLessThan(500);
      const onBoard = clicks.onBoard?.(legalMoves) ?? legalMoves;
      const buttons = onBoard.filter((move) => clicks.targetsOf(move).length === 0).length;
      await waitForOffer(page, { version, turn: 'mine', targets: onBoard.flatMap(clicks.targetsOf), buttons }, `${title}, Ann's move ${myMoves + 1}`);
      const move = chooseByType(legalMoves as { type: string }[], random);
      const sentBefore = sent.length;
      await clicks.make(page, move, legalMoves, state.view, random);
      await waitForVersionAbove(page, version);
      expect(sent.slice(sentBefore)).toEqual([move]);
      myMoves++;
    }
  }

  it.each(GAMES.map((game) => [game.title, game] as const))(
    '%s: Ann clicks her way to the end, the bots moving by themselves, and the record verifies',
    async (_title, game) => {
      const started = Date.now();
      const { page } = await openWindow(chromium.browser, site, { token: ann.token });
      const id = await createOnPage(page, game);
      const names = ['Ann', ...game.bots.map(botName)];
      await page.getByText('Bots play in this game.').waitFor();

      const myMoves = await playToTheEnd(page, id, game);

      const { game: over } = await gqlOk<{
        game: {
          version: number;
          result: { winners: number[]; scores: number[] | null };
          seats: { index: number; bot: BotLevel | null }[];
          recordCheck: { verified: boolean; problem: string | null };
        };
      }>(server.url, `query($id: ID!) { game(id: $id) { version result seats { index bot } recordCheck { verified problem } } }`, { id }, ann.token);
      expect(over.seats.map((seat) => seat.bot)).toEqual([null, ...game.bots]);
      const history = await wholeHistory(id);
      expect(history.at(-1)?.seq).toBe(over.version);
      const botMoves = history.filter((entry) => entry.type === 'game.botMoved');
      // Every bot moved, and only bots' seats did so.
      expect(new Set(botMoves.map((entry) => entry.actorSeat))).toEqual(new Set(game.bots.map((_, i) => i + 1)));
      expect(over.recordCheck).toEqual({ verified: true, problem: null });
      await expectEndScreen(page, 0, over.result, names);
      expect(await page.locator('.target.offered, .move-bar button.move').count()).toBe(0);
      await page.context().close();

      const winners = over.result.winners.map((seat) => names[seat]).join(' and ') || 'nobody';
      measured.push(
        `${game.title} (seed ${game.seed}): ${myMoves} moves clicked, ${botMoves.length} bot moves, won by ${winners}, ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );
    },
    180_000,
  );
});
