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
 * in a game with a player. The seeds are fixed, so each game is the same on
 * every run: the bots' choices draw from the game's draws like its rules do.
 * They were picked for short games (the suite is long); when the rules, the
 * bots or the draws change, `AGAINST_BOTS_FIND_SEEDS=1` runs the search at
 * the end of this file (pure rules, no browser) to print new ones, and the
 * test's report says how each game went against the search's plan.
 */
import type { Browser, Page } from 'playwright-core';
import type { FivePointsMove } from '../../src/games/five-points';
import type { Move as FiveTribesMove } from '../../src/games/five-tribes/moves';
import type { MobTownView } from '../../src/games/mob-town';
import { RULESETS_HOSTED } from '../../src/games';
import { validOptions } from '../../src/play/platform/options';
import type { BotLevel } from '../../src/rules/bots';
import { seededRandom, type Random } from '../../src/rules/random';
import { gqlOk, registerPlayer, startTestServer, type Player, type TestServer } from '../support/app';
import { FixedSeedGame } from '../support/fixed-seed-game';
import { chooseByType, clickMove, expectEndScreen, launchBrowser, openWindow, recordSentMoves, seatState, waitForOffer, waitForVersionAbove } from './browser';
import { fivePointsTargets, fiveTribesBoardMoves, fiveTribesTargets, makeFiveTribesMove, mobTownTargets, mobTownWords, type MobTownMove } from './move-targets';

/** How the test plays one game's moves on the page. */
interface Clicks<M> {
  targetsOf(move: M): string[];
  /** The moves the board and the move bar offer (omitted: all). */
  onBoard?(moves: M[]): M[];
  /** Whether `make` picks one of a move's targets (when it has any) with `random`: the seed search below draws as it does. */
  picksTarget: boolean;
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
  picksTarget: false,
  make: (page, move, moves) => clickMove(page, move, moves, fivePointsTargets, () => 0),
};
const clickFiveTribes: Clicks<FiveTribesMove> = {
  targetsOf: fiveTribesTargets,
  onBoard: fiveTribesBoardMoves,
  picksTarget: true,
  make: (page, move, moves, _view, random) => makeFiveTribesMove(page, move, moves, (n) => random.int(n)),
};
// Buttons and choices found by the page's own words for the moves, which must tell them apart.
const clickMobTown: Clicks<MobTownMove> = {
  targetsOf: mobTownTargets,
  picksTarget: true,
  make: (page, move, moves, view, random) => clickMove(page, move, moves, mobTownTargets, (n) => random.int(n), mobTownWords(view as MobTownView)),
};

const GAMES: AgainstBots[] = [
  { title: 'Five Points, three seats', ruleset: 'five-points', bots: ['GREEDY', 'RANDOM'], seed: 'against-bots-5p-119', clicks: clickFivePoints },
  { title: 'Five Tribes, two seats', ruleset: 'five-tribes', bots: ['GREEDY'], seed: 'against-bots-5t-51', clicks: clickFiveTribes },
  { title: 'Mob Town, competitive, two seats', ruleset: 'mob-town', bots: ['GREEDY'], seed: 'against-bots-mt-16', clicks: clickMobTown },
  {
    title: 'Mob Town, co-op, two seats',
    ruleset: 'mob-town',
    options: { mode: 'coop' },
    bots: ['GREEDY'],
    seed: 'against-bots-mtc-89',
    clicks: clickMobTown,
  },
  {
    title: 'Mob Town, co-op, four seats',
    ruleset: 'mob-town',
    options: { mode: 'coop' },
    bots: ['GREEDY', 'RANDOM', 'RANDOM'],
    seed: 'against-bots-mtc-181',
    clicks: clickMobTown,
  },
];

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
  let chromium: Browser;
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
    return new URL(page.url()).pathname.split('/').pop()!;
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
      const state = await seatState(server.url, id, ann.token);
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
      const { page } = await openWindow(chromium, site, { token: ann.token });
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
      // The seed search's plan, told apart from what happened: where they differ, its seeds are no longer the shortest.
      const planned = planGame(game, game.seed);
      measured.push(
        `${game.title} (seed ${game.seed}): ${myMoves} moves clicked (planned ${planned.mine}), ${botMoves.length} bot moves (planned ${planned.bots}), ` +
          `won by ${winners}, ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );
    },
    180_000,
  );
});

/**
 * The game of `game` on `seed` without a server or a browser, as the server plays it (the bots' choices included) and
 * as the test chooses Ann's moves: how many moves she and the bots make.
 */
function planGame(game: AgainstBots, seed: string): { mine: number; bots: number } {
  const ruleset = RULESETS_HOSTED.find((r) => r.id === game.ruleset)!;
  const seats = game.bots.length + 1;
  const botSeats = game.bots.map((_, i) => i + 1);
  const local = new FixedSeedGame<unknown, { type: string }>(ruleset, seed, { seats, options: validOptions(ruleset, game.options ?? {}) }, botSeats);
  const random = seededRandom(`${seed}:clicks`);
  const moves = { mine: 0, bots: 0 };
  while (!local.status.finished && moves.mine + moves.bots < 5000) {
    const active = local.status.activeSeats;
    const botSeat = active.find((seat) => seat > 0);
    if (botSeat !== undefined) {
      local.playBot(game.bots[botSeat - 1], botSeat);
      moves.bots++;
      continue;
    }
    const move = chooseByType(local.legalMoves(0), random);
    const targets = game.clicks.targetsOf(move);
    if (game.clicks.picksTarget && targets.length > 0) random.int(targets.length);
    local.play(move, 0);
    moves.mine++;
  }
  return moves;
}

// A tool, not a test: AGAINST_BOTS_FIND_SEEDS=1 lists, for each game above, the seeds of its shortest games among 200
// in which Ann makes at least 8 moves (fewer would hardly be a game played by clicks).
if (process.env.AGAINST_BOTS_FIND_SEEDS) {
  it('finds seeds for short games against bots', () => {
    const lines = GAMES.map((game) => {
      const base = game.seed.replace(/-\d+$/, '');
      const planned = Array.from({ length: 200 }, (_, n) => ({ seed: `${base}-${n}`, ...planGame(game, `${base}-${n}`) }));
      const now = planned.find((plan) => plan.seed === game.seed);
      const shortest = planned
        .filter((plan) => plan.mine >= 8)
        .sort((a, b) => a.mine + a.bots - (b.mine + b.bots))
        .slice(0, 3);
      return `${game.title}: now ${JSON.stringify(now)}; shortest ${shortest.map((p) => `${p.seed} (${p.mine} + ${p.bots} moves)`).join(', ')}`;
    });
    console.log(lines.join('\n'));
  }, 600_000);
}
