/**
 * In Chromium: a "your turn" mail is not sent while the player looks at the
 * game in the page, and is sent once the delay has passed after they closed
 * it, hid it, or left it idle (web/src/play/use-presence.ts); coming back
 * counts again; the mail's link opens the game on the player's last move, to
 * step through what happened since. Time is the app's clock, and the page's
 * own (Playwright's) for its idle timeout; mail goes to a real SMTP server.
 */
import { ManualClock } from '../../src/common/clock';
import { PrismaService } from '../../src/database/prisma.service';
import { Deadlines } from '../../src/deadlines/deadlines';
import { GracePeriods } from '../../src/notifications/grace-periods';
import { Player, registerMember, startTestServer, TestServer } from '../support/app';
import { playTurn, seeGame, startCountingGame } from '../support/counting-api';
import { SmtpInbox } from '../support/smtp-inbox';
import { launchBrowser, openWindow, setPageVisibility, waitForVersion } from './browser';
import { DeliveryQueue } from '../../src/notifications/delivery-queue';
import { IDLE_AFTER_MS } from '../../web/src/play/idle-after';
import type { Browser, Page } from 'playwright-core';

const DELAY_SECONDS = 180;
const MINUTE = 60_000;

describe('web page: no turn mail while the game is open', () => {
  const clock = new ManualClock(new Date('2026-04-01T09:00:00.000Z'));
  let inbox: SmtpInbox;
  let server: TestServer;
  let chromium: Browser;
  let prisma: PrismaService;

  beforeAll(async () => {
    inbox = await SmtpInbox.start();
    server = await startTestServer({
      web: true,
      clock,
      turnMailDelaySeconds: DELAY_SECONDS,
      mail: { transportUrl: inbox.url, from: 'Play by Web <games@example.org>', publicUrl: 'http://play.example', delivery: { pollingIntervalSeconds: 0.2 } },
    });
    prisma = new PrismaService(server.db.url);
    chromium = await launchBrowser();
  });

  afterAll(async () => {
    await chromium?.close();
    await prisma?.close();
    await server?.close();
    await inbox?.stop();
  });

  const turnMails = (email: string, gameId: string) => inbox.to(email).filter((mail) => /^Your turn/.test(mail.subject ?? '') && mail.text?.includes(gameId));
  /** Once the mail worker has been through the queue: a mail due now has gone, or never will. */
  const settle = () => server.app.get(DeliveryQueue).settled();
  const releaseDue = () => server.app.get(GracePeriods).releaseDue();

  /** Waits until the server has recorded that `player` looks at the game (`looking`), or no longer does. */
  async function lookingAtTheGame(gameId: string, player: Player, looking: boolean): Promise<void> {
    const open = () => prisma.gamePresence.count({ where: { gameId, userId: player.id, closedAt: null } });
    for (const deadline = Date.now() + 10_000; (await open()) > 0 !== looking; await new Promise((resolve) => setTimeout(resolve, 50))) {
      if (Date.now() > deadline) throw new Error(`the server never recorded that ${player.name} ${looking ? 'looks at' : 'left'} the game`);
    }
  }

  /**
   * Ann's page of a new game of hers and Bob's, Bob to move, once it counts as
   * looked at; `turn()` has Bob move so that it is her turn, shown on the page
   * (its mail is created a second after she stopped looking, if she did), and
   * says what became of her turn mail once its grace period is over: `seen`
   * (not sent) or `mailed`.
   */
  async function annAtHerPage(seed: string, fakeClock = false) {
    const [ann, bob] = await Promise.all([registerMember(server.url, 'Ann'), registerMember(server.url, 'Bob')]);
    const players: Player[] = [ann, bob];
    const gameId = await startCountingGame(server.url, players, { seed });
    if ((await seeGame(server.url, gameId)).activeSeats[0] === 0) await playTurn(server.url, gameId, players);
    clock.advance(DELAY_SECONDS * 1000);
    await releaseDue(); // whatever was written before the page opened
    const { page } = await openWindow(chromium, server.url.replace(/\/graphql$/, ''), { token: ann.token, path: `/games/${gameId}`, fakeClock });
    await lookingAtTheGame(gameId, ann, true);
    const turn = async () => {
      clock.advance(1000);
      await waitForVersion(page, await playTurn(server.url, gameId, players));
      clock.advance(DELAY_SECONDS * 1000);
      await releaseDue();
      const mail = await prisma.notification.findFirstOrThrow({ where: { gameId, userId: ann.id, kind: 'YOUR_TURN' }, orderBy: { gameVersion: 'desc' } });
      return mail.status === 'SEEN' ? 'seen' : ['PENDING', 'SENT'].includes(mail.status) ? 'mailed' : mail.status;
    };
    /** Ann moves (through the API), and it is Bob's turn. */
    const annMoves = () => playTurn(server.url, gameId, players);
    return { ann, gameId, page, turn, annMoves };
  }

  async function expectMailed(page: Page, email: string, gameId: string, mails: number): Promise<void> {
    await inbox.waitFor(email, /^Your turn/, { containing: gameId, count: mails });
    expect(await page.title()).toMatch(/^\(1\) Your turn/);
  }

  it('holds the mail back while the page is open, and sends it after the delay once it is closed', async () => {
    const [ann, bob] = await Promise.all([registerMember(server.url, 'Ann'), registerMember(server.url, 'Bob')]);
    const me = ann;
    const gameId = await startCountingGame(server.url, [ann, bob], { seed: 'presence-page' });
    const players: Player[] = [ann, bob];
    if ((await seeGame(server.url, gameId)).activeSeats[0] === 0) await playTurn(server.url, gameId, players);
    clock.advance(DELAY_SECONDS * 1000);
    await server.app.get(GracePeriods).releaseDue(); // whatever was written before the page opened

    const { context, page } = await openWindow(chromium, server.url.replace(/\/graphql$/, ''), { token: ann.token, path: `/games/${gameId}` });
    await waitForVersion(page, (await seeGame(server.url, gameId)).version);
    const before = turnMails(me.email, gameId).length;
    const annsLastTurnMail = async () =>
      (await prisma.notification.findFirstOrThrow({ where: { gameId, userId: ann.id, kind: 'YOUR_TURN' }, orderBy: { gameVersion: 'desc' } })).status;

    // Bob moves while Ann's page is open: her turn, and no mail, however long she takes.
    const version = await playTurn(server.url, gameId, players);
    await waitForVersion(page, version);
    clock.advance(DELAY_SECONDS * 1000 + 1000);
    await server.app.get(GracePeriods).releaseDue();
    expect(await annsLastTurnMail()).toBe('SEEN');
    await settle();
    expect(turnMails(me.email, gameId)).toHaveLength(before);

    // Ann moves, closes the page; Bob moves: the mail waits out the delay, then goes.
    await playTurn(server.url, gameId, players);
    await context.close();
    while ((await prisma.gamePresence.count({ where: { gameId, userId: ann.id, closedAt: null } })) > 0) await new Promise((r) => setTimeout(r, 50));
    clock.advance(1000);
    await playTurn(server.url, gameId, players);
    clock.advance(DELAY_SECONDS * 1000 - 1000);
    await server.app.get(GracePeriods).releaseDue();
    await settle();
    expect(turnMails(me.email, gameId)).toHaveLength(before);
    expect(await annsLastTurnMail()).toBe('WAITING');
    clock.advance(1000);
    await server.app.get(GracePeriods).releaseDue();
    await inbox.waitFor(me.email, /^Your turn/, { containing: gameId, count: before + 1 });
  });

  it("opens the turn mail's link on the player's last move, from which the replay steps through what happened since", async () => {
    const [ann, bob] = await Promise.all([registerMember(server.url, 'Ann'), registerMember(server.url, 'Bob')]);
    const players: Player[] = [ann, bob];
    const gameId = await startCountingGame(server.url, players);
    // A minute between turns: each is a step of its own in the history.
    const turn = () => {
      clock.advance(MINUTE);
      return playTurn(server.url, gameId, players);
    };
    if ((await seeGame(server.url, gameId)).activeSeats[0] === 1) await turn();
    await turn(); // Ann's, her last move
    await turn(); // Bob's
    clock.advance(DELAY_SECONDS * 1000);
    await server.app.get(GracePeriods).releaseDue();
    const [mail] = await inbox.waitFor(ann.email, /^Your turn/, { containing: 'See what happened since your last move' });
    const link = /http:\/\/play\.example(\/games\/\S+\?since=me)/.exec(mail.text ?? '')![1];

    const { context, page } = await openWindow(chromium, server.url.replace(/\/graphql$/, ''), { token: ann.token, path: link });
    const bar = page.locator('.replay-bar');
    await bar.getByText('Where you last moved: Later ▶ steps through what happened since.').waitFor();
    expect(await bar.locator('.replay-what strong').innerText()).toMatch(/^Ann added 1 to the counter\. Ann drew a \d+\.$/);
    await bar.getByRole('button', { name: 'Later event' }).click();
    await bar.getByText('Bob added 1 to the counter. Bob drew a card.').waitFor();
    expect(await bar.innerText()).not.toContain('Where you last moved');
    // Nothing later: Bob's was the last move, and the board goes back to now.
    expect(await bar.getByRole('button', { name: 'Later event' }).isDisabled()).toBe(true);
    await bar.getByRole('button', { name: 'Back to now' }).click();
    await bar.waitFor({ state: 'detached' });
    await context.close();
  });

  it('names the late player on the end screen of a game a move deadline ended, and not the host', async () => {
    const [ann, bob] = await Promise.all([registerMember(server.url, 'Ann'), registerMember(server.url, 'Bob')]);
    const gameId = await startCountingGame(server.url, [ann, bob], {
      seed: 'deadline-end-page',
      moveDeadline: { hoursPerMove: 1, reminderHoursBefore: 0, onExpiry: 'END' },
    });
    const late = (await seeGame(server.url, gameId)).activeSeats[0];
    clock.advance(2 * 60 * MINUTE);
    await server.app.get(Deadlines).runDue();
    const [lateOne, other] = late === 0 ? [ann, bob] : [bob, ann];
    for (const [reader, sentence] of [
      [other, `${lateOne.name}'s move deadline passed, and the game ended there.`],
      [lateOne, 'Your move deadline passed, and the game ended there.'],
    ] as const) {
      const { context, page } = await openWindow(chromium, server.url.replace(/\/graphql$/, ''), { token: reader.token, path: `/games/${gameId}` });
      const end = page.getByRole('region', { name: 'Game over' });
      await end.getByText(sentence).waitFor();
      expect(await end.innerText()).not.toMatch(/host|seat \d/i);
      await context.close();
    }
  });

  it('sends the mail when the page is hidden, though the page follows the game; shown again, it counts again', async () => {
    const { ann, gameId, page, turn, annMoves } = await annAtHerPage('presence-hidden');
    await setPageVisibility(page, 'hidden');
    await lookingAtTheGame(gameId, ann, false);
    // Bob's move still reaches the hidden page (its title tells of her turn), but the mail goes.
    expect(await turn()).toBe('mailed');
    await expectMailed(page, ann.email, gameId, 1);

    await setPageVisibility(page, 'visible');
    await lookingAtTheGame(gameId, ann, true);
    await annMoves();
    expect(await turn()).toBe('seen');
    await settle();
    expect(turnMails(ann.email, gameId)).toHaveLength(1);
  });

  it(`sends the mail when the page was left idle for ${IDLE_AFTER_MS / 60_000} minutes; used again, it counts again`, async () => {
    const { ann, gameId, page, turn, annMoves } = await annAtHerPage('presence-idle', true);
    // Used a minute before the timeout, it still counts the whole timeout after that use.
    await page.clock.fastForward(IDLE_AFTER_MS - MINUTE);
    await page.mouse.move(100, 100);
    await page.clock.fastForward(MINUTE + 1000);
    expect(await turn()).toBe('seen');

    await page.clock.fastForward(IDLE_AFTER_MS);
    await lookingAtTheGame(gameId, ann, false);
    await annMoves();
    expect(await turn()).toBe('mailed');
    await expectMailed(page, ann.email, gameId, 1);

    await page.keyboard.press('Shift');
    await lookingAtTheGame(gameId, ann, true);
    await annMoves();
    expect(await turn()).toBe('seen');
    await settle();
    expect(turnMails(ann.email, gameId)).toHaveLength(1);
  });
});
