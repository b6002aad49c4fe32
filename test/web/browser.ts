/**
 * Driving Chromium (test/web/chromium.ts) against a test server
 * that serves the built web page.
 */
import { type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import type { Random } from '../../src/rules/random';
import { gqlOk, registerPlayer, startTestServer, type Player, type TestServer } from '../support/app';
import { launchChromium, type ChromiumBuild } from './chromium';
import { onGraphQLRequest, watchGraphQL } from './graphql-traffic';

export const DESKTOP = { width: 1280, height: 900 };
export const PHONE = { width: 390, height: 844 };

/**
 * This test file's own Chromium (test/web/chromium.ts: the headless shell, or
 * the full build for `browserNotifications`): the windows it opens (each a
 * context with its own storage, so its own login) all close with it.
 */
export function launchBrowser(options: { browserNotifications?: boolean } = {}): Promise<Browser> {
  const build: ChromiumBuild = options.browserNotifications ? 'full' : 'headless-shell';
  return launchChromium(build);
}

/** A page test file's own test server (serving the page), its own Chromium, and players registered there. */
export interface PageTestBench {
  server: TestServer;
  chromium: Browser;
  players: Player[];
}

/** Starts a PageTestBench (with a player for each of `playerNames`) before the file's tests, and closes it after them. */
export function pageTestBench(playerNames: string[] = []): PageTestBench {
  const bench = {} as PageTestBench;
  beforeAll(async () => {
    bench.server = await startTestServer({ web: true });
    bench.chromium = await launchBrowser();
    bench.players = await Promise.all(playerNames.map((name) => registerPlayer(bench.server.url, name)));
  });
  afterAll(async () => {
    await bench.chromium?.close();
    await bench.server?.close();
  });
  return bench;
}

/** Two players at a server that serves the web page: Ann at a desktop, Bob on a phone, each logged in in a window of their own. */
export interface TwoPlayersAtTheirPages {
  server: TestServer;
  chromium: Browser;
  ann: Player;
  bob: Player;
  annPage: Page;
  bobPage: Page;
  close(): Promise<void>;
}

export async function twoPlayersAtTheirPages(): Promise<TwoPlayersAtTheirPages> {
  const server = await startTestServer({ web: true });
  const chromium = await launchBrowser();
  const baseUrl = server.url.replace(/\/graphql$/, '');
  const [ann, bob] = await Promise.all(['Ann', 'Bob'].map((name) => registerPlayer(server.url, name)));
  const annPage = (await openWindow(chromium, baseUrl, { viewport: DESKTOP, token: ann.token })).page;
  const bobPage = (await openWindow(chromium, baseUrl, { viewport: PHONE, token: bob.token })).page;
  return {
    server,
    chromium,
    ann,
    bob,
    annPage,
    bobPage,
    close: async () => {
      await chromium.close();
      await server.close();
    },
  };
}

/** How a window opens: its size, whose login it holds (none: signed out), the theme it asks for, and where it goes first. */
export interface WindowOptions {
  viewport?: { width: number; height: number };
  token?: string;
  colorScheme?: 'light' | 'dark';
  /** Omitted: the lobby. */
  path?: string;
  /** Gives the window Playwright's clock (`page.clock`), from before the page loads: the test moves the page's time on. */
  fakeClock?: boolean;
  /** The IANA zone the browser is in (Playwright's `timezoneId`). Omitted: the machine's. */
  timezoneId?: string;
}

/** A player's own browser window (own localStorage, so own login), opened straight at `path`. */
export async function openWindow(browser: Browser, baseUrl: string, options: WindowOptions = {}): Promise<{ context: BrowserContext; page: Page }> {
  const { viewport = DESKTOP, token, colorScheme = 'light', path = '/', fakeClock = false, timezoneId } = options;
  const context = await browser.newContext({
    viewport,
    baseURL: baseUrl,
    isMobile: viewport.width < 600,
    hasTouch: viewport.width < 600,
    // As a player who asks for less motion: the offered targets glow steadily (styles.css) instead of repainting every frame.
    reducedMotion: 'reduce',
    colorScheme,
    timezoneId,
  });
  // Logged in as the web page itself would be (web/src/api/client.ts keeps the token there).
  if (token) await context.addInitScript(`localStorage.setItem('pbw.token', ${JSON.stringify(token)})`);
  if (fakeClock) await context.clock.install();
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  watchGraphQL(page);
  await page.goto(path);
  return { context, page };
}

/**
 * Hides the page from its player, or shows it again, as far as the page can
 * tell (the Page Visibility API): `document.visibilityState` and
 * `document.hidden` say so, and `visibilitychange` fires. Nothing makes a
 * page Playwright drives really hidden: it emulates focus in every page,
 * which keeps the page's contents visible whatever is in front of it (another
 * tab of its window brought to front, the window minimized, both of which
 * hide a page in the same headless Chromium driven without Playwright), and
 * no DevTools command sets visibility. So the page is told what the browser
 * would tell it.
 */
export async function setPageVisibility(page: Page, state: 'visible' | 'hidden'): Promise<void> {
  await page.evaluate(`(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => '${state}' });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => ${state === 'hidden'} });
    document.dispatchEvent(new Event('visibilitychange'));
  })()`);
}

export async function signUp(page: Page, name: string): Promise<string> {
  const email = `${name.toLowerCase()}-${Math.random().toString(36).slice(2)}@example.org`;
  await page.getByRole('button', { name: 'New here? Sign up' }).click();
  await page.getByLabel('Your name, as other players see it').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('correct horse battery');
  await page.getByRole('form', { name: 'Sign up' }).getByRole('button', { name: 'Sign up' }).click();
  await page.locator('header .who', { hasText: name }).waitFor();
  return email;
}

/** The game version the page shows; it changes with every event. */
export async function shownVersion(page: Page): Promise<number> {
  return Number(await page.locator('.play-area').getAttribute('data-version'));
}

/** Waits until `expression`, evaluated in the page, is true (a string: the tests are compiled without DOM types). */
export async function waitUntil(page: Page, expression: string, timeoutMs = 15_000): Promise<void> {
  // Asked from here, not polled inside the page: Playwright polls a string there with eval,
  // which the page's Content-Security-Policy rightly forbids.
  const deadline = Date.now() + timeoutMs;
  while (!(await page.evaluate<boolean>(expression))) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${expression}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const VERSION_IN_PAGE = `Number(document.querySelector('.play-area')?.getAttribute('data-version'))`;

export async function waitForVersionAbove(page: Page, version: number): Promise<number> {
  await waitUntil(page, `${VERSION_IN_PAGE} > ${version}`);
  return shownVersion(page);
}

/** Waits until the page shows `version` or a later one: a move made elsewhere has arrived. */
export async function waitForVersion(page: Page, version: number): Promise<void> {
  await waitUntil(page, `${VERSION_IN_PAGE} >= ${version}`);
}

/** Waits until every page shows `version` (`exactly`: that one, not a later one): a move has reached every window. */
export async function waitForVersionEverywhere(pages: Page[], version: number, exactly = false): Promise<void> {
  await Promise.all(pages.map((page) => waitUntil(page, `${VERSION_IN_PAGE} ${exactly ? '===' : '>='} ${version}`)));
}

export function isMyTurn(page: Page): Promise<boolean> {
  return page.locator('[data-turn="mine"]').isVisible();
}

/**
 * Makes one move the way a player would: clicks a highlighted piece of the
 * board (`preferTarget` first, e.g. "tile:" or "spot:"), picking the first
 * offer if the click opens a choice; with nothing to click, the first move
 * button. Returns the new version.
 */
export async function playOneStep(page: Page, preferTarget = ''): Promise<number> {
  const before = await shownVersion(page);
  const offered = page.locator(`.target.offered[data-target^="${preferTarget}"]`);
  const anyOffered = page.locator('.target.offered');
  const target = (await offered.count()) > 0 ? offered.first() : (await anyOffered.count()) > 0 ? anyOffered.first() : null;
  if (target) {
    await target.click();
    // One click is one move, unless several moves are offered there: then a chooser opens.
    const chooser = page.getByRole('dialog', { name: 'Choose your move' });
    await Promise.race([chooser.waitFor(), waitForVersionAbove(page, before)]);
    if (await chooser.isVisible()) await chooser.locator('button.choice').first().click();
  } else {
    await page.locator('.move-bar button.move').first().click();
  }
  return waitForVersionAbove(page, before);
}

/**
 * A seeded choice that gives rare move types their chance: one of the move
 * types in `moves` (uniformly, in the order they first appear, unless
 * `chooseType` picks), then one move of that type, uniformly.
 */
export function chooseByType<M extends { type: string }>(moves: M[], random: Random, chooseType?: (types: M['type'][]) => M['type']): M {
  const types = [...new Set(moves.map((move) => move.type))];
  const type = chooseType ? chooseType(types) : types[random.int(types.length)];
  const ofType = moves.filter((move) => move.type === type);
  return ofType[random.int(ofType.length)];
}

/**
 * What a page offers now: its version, whose turn it says, the glowing targets (each once, sorted), the words of its enabled move buttons, whether a
 * dialog is open.
 */
export interface Offer {
  version: number;
  turn: string | null;
  targets: string[];
  buttons: string[];
  dialogOpen: boolean;
}

/** Reads the page's offer, once (a string: the tests are compiled without DOM types). */
export function offerOn(page: Page): Promise<Offer> {
  return page.evaluate(`(() => {
    const all = (selector) => [...document.querySelectorAll(selector)];
    return {
      version: ${VERSION_IN_PAGE},
      turn: document.querySelector('[data-turn]')?.getAttribute('data-turn') ?? null,
      targets: [...new Set(all('.target.offered').map((el) => el.getAttribute('data-target')))].sort(),
      buttons: all('.move-bar button.move:not([disabled])').map((el) => el.textContent.trim()),
      dialogOpen: document.querySelector('.sheet') !== null,
    };
  })()`);
}

/**
 * Waits until the page offers what `expected` says (that version and turn,
 * exactly those targets, that many enabled move buttons, no dialog open)
 * and returns the offer; fails with both, and `what`, when it never does.
 */
export async function waitForOffer(
  page: Page,
  expected: { version: number; turn: string; targets: string[]; buttons: number },
  what: string,
  timeout = 10_000,
): Promise<Offer> {
  const want = { ...expected, targets: [...new Set(expected.targets)].sort() };
  const matches = (offer: Offer) =>
    offer.version === want.version &&
    offer.turn === want.turn &&
    offer.buttons.length === want.buttons &&
    !offer.dialogOpen &&
    JSON.stringify(offer.targets) === JSON.stringify(want.targets);
  let offer = await offerOn(page);
  for (const deadline = Date.now() + timeout; !matches(offer) && Date.now() < deadline; offer = await offerOn(page)) {
    await page.waitForTimeout(25);
  }
  if (!matches(offer)) throw new Error(`${what}: the page offers ${JSON.stringify(offer)}, expected ${JSON.stringify(want)}`);
  return offer;
}

/** A game as a seat's player reads it through the API between clicks: whose turn, and what they may do and see. */
export interface SeatState<M = unknown, V = unknown> {
  version: number;
  status: string;
  activeSeats: number[];
  mySeat: number;
  legalMoves: M[];
  view: V;
}

export async function seatState<M = unknown, V = unknown>(graphqlUrl: string, gameId: string, token: string): Promise<SeatState<M, V>> {
  const data = await gqlOk<{ game: SeatState<M, V> }>(
    graphqlUrl,
    `query($id: ID!) { game(id: $id) { version status activeSeats mySeat legalMoves view } }`,
    { id: gameId },
    token,
  );
  return data.game;
}

/** Records, from now on and in order, every move the page sends (the `move` of its submitMove requests, over HTTP or its socket). */
export function recordSentMoves<M = unknown>(page: Page): M[] {
  const sent: M[] = [];
  onGraphQLRequest(page, (request) => {
    if (request.query.includes('submitMove')) sent.push(request.variables!.move as M);
  });
  return sent;
}

/**
 * Opens a `<details>` by its summary, clicking again until it is open: sections
 * above it that finish loading can move it between Playwright's aim and its click.
 */
export async function openDetails(details: Locator, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while ((await details.getAttribute('open')) === null) {
    if (Date.now() > deadline) throw new Error('timed out opening a <details>');
    await details.locator('summary').first().click();
  }
}

/** A click at a desktop; on a phone (a touch screen), a tap, as its player makes it. */
export async function press(locator: Locator): Promise<void> {
  const width = locator.page().viewportSize()?.width ?? DESKTOP.width;
  if (width < 600) await locator.tap();
  else await locator.click();
}

/** How a move was made on the page: a click on its target alone, the target then the chooser, or a move button. */
export type Way = 'target' | 'chooser' | 'button';

/**
 * Makes `move`, one of the moves `offered` on the page (board and move-bar
 * moves, in the order the page got them), the way a player would: clicks
 * one of its glowing targets (`targetsOf(move)`, the `pick(n)`th of n)
 * and, when that target offers several moves, the move in the "Choose your
 * move" dialog, which must list each of them once, in words of its own; a
 * move without a target is a button of the move bar. Buttons and choices
 * are found by their place in `offered`; given `words` (the page's own
 * words for a move), by those words instead, which must then tell the moves
 * apart and be the chooser's very texts. Returns how the move was made.
 */
export async function clickMove<M>(
  page: Page,
  move: M,
  offered: M[],
  targetsOf: (move: M) => string[],
  pick: (n: number) => number,
  words?: (move: M) => string,
): Promise<Way> {
  const targets = targetsOf(move);
  if (targets.length === 0) {
    const buttons = offered.filter((m) => targetsOf(m).length === 0);
    if (words) {
      expect(buttons.filter((m) => words(m) === words(move))).toHaveLength(1);
      await press(page.locator('.move-bar').getByRole('button', { name: words(move), exact: true }));
    } else {
      await press(page.locator('.move-bar button.move').nth(buttons.indexOf(move)));
    }
    return 'button';
  }
  const target = targets[pick(targets.length)];
  const here = offered.filter((m) => targetsOf(m).includes(target));
  // A target may stand in more than one place (two equal cards in a hand): any of them makes the move.
  await press(page.locator(`.target.offered[data-target="${target}"]`).first());
  if (here.length === 1) return 'target';
  const chooser = page.getByRole('dialog', { name: 'Choose your move' });
  await chooser.waitFor();
  const choices = chooser.locator('button.choice');
  const texts = await choices.allTextContents();
  expect(texts).toHaveLength(here.length);
  expect(new Set(texts).size).toBe(texts.length);
  if (words) {
    expect([...texts].sort()).toEqual(here.map(words).sort());
    await press(chooser.getByRole('button', { name: words(move), exact: true }));
  } else {
    await press(choices.nth(here.indexOf(move)));
  }
  return 'chooser';
}

/**
 * The host creates a game on the page (ruleset, seats, a fixed seed under "Shuffle fairness"),
 * the other players join through the API, and it starts by itself with the
 * last of them (as a game does unless its host says otherwise); every window opens the game. `pages[i]` is the window of `tokens[i]`,
 * the host first. Returns the game's id.
 */
export async function startGameOnPage(pages: Page[], graphqlUrl: string, tokens: string[], game: { ruleset: string; seed: string }): Promise<string> {
  const [host] = pages;
  await host.locator('select[name="ruleset"]').selectOption(game.ruleset);
  await host.locator('select[name="seats"]').selectOption(String(pages.length));
  await host.getByText('Shuffle fairness').click();
  await host.getByLabel(/Fixed seed/).fill(game.seed);
  await host.getByRole('button', { name: 'Create game' }).click();
  const gameUrl = await host.locator('[data-invite-link]').inputValue();
  const gameId = gameUrl.split('/').pop()!;
  for (const token of tokens.slice(1)) await gqlOk(graphqlUrl, `mutation($id: ID!) { joinGame(gameId: $id) { id } }`, { id: gameId }, token);
  await Promise.all(pages.slice(1).map((page) => page.goto(gameUrl)));
  await Promise.all(pages.map((page) => page.locator('.play-area').waitFor()));
  return gameId;
}

/**
 * The end screen as the player in `seat` sees it: "You won" to a winner,
 * "You came 2nd" to the next, and a score sheet whose lines add up to each
 * player's score (`result` is the server's `Game.result`).
 */
export async function expectEndScreen(page: Page, seat: number, result: { winners: number[]; scores?: number[] | null }, names: string[]): Promise<void> {
  const screen = page.locator('.end-screen');
  await screen.waitFor();
  const headline = await screen.locator('.headline').textContent();
  const others = result.winners.filter((winner) => winner !== seat).map((winner) => names[winner]);
  if (result.winners.includes(seat)) {
    expect(headline).toBe(others.length > 0 ? `You won, together with ${others.join(' and ').replace(/ and (?=.* and )/g, ', ')}` : 'You won');
  } else if (result.scores) {
    const scores = result.scores;
    const ahead = scores.filter((score, other) => result.winners.includes(other) || (score > scores[seat] && other !== seat)).length;
    expect(headline).toMatch(new RegExp(`^You came ${['1st', '2nd', '3rd', '4th'][ahead]}( \\(shared\\))?$`));
  }
  if (!result.scores) return;
  const table = screen.locator('.score-sheet');
  const numbers = (texts: string[]) => texts.map(Number);
  const sheet = {
    players: (await table.locator('thead th:not(:first-child)').allTextContents()).map((name) => name.replace(' ★', '')),
    lines: await Promise.all((await table.locator('tbody tr').all()).map(async (row) => numbers(await row.locator('td').allTextContents()))),
    totals: numbers(await table.locator('tfoot td').allTextContents()),
  };
  expect(sheet.players).toEqual(names.slice(0, result.scores.length));
  expect(sheet.totals).toEqual(result.scores);
  expect(sheet.lines.length).toBeGreaterThan(1);
  expect(sheet.totals.map((_, column) => sheet.lines.reduce((total, line) => total + line[column], 0))).toEqual(result.scores);
}
