/**
 * In Chromium: a "your turn" mail is not sent while the player has the game
 * open in the page, and is sent once the delay has passed after they closed
 * it. Time is the app's clock; mail goes to a real SMTP server.
 */
import { ManualClock } from '../../src/common/clock';
import { PrismaService } from '../../src/database/prisma.service';
import { Deadlines } from '../../src/deadlines/deadlines';
import { GracePeriods } from '../../src/notifications/grace-periods';
import { Player, registerMember, startTestServer, TestServer } from '../support/app';
import { playTurn, seeGame, startCountingGame } from '../support/counting-api';
import { SmtpInbox } from '../support/smtp-inbox';
import { launchBrowser, openWindow, TestBrowser, waitForVersion } from './browser';
import { DeliveryQueue } from '../../src/notifications/delivery-queue';

const DELAY_SECONDS = 180;
const MINUTE = 60_000;

describe('web page: no turn mail while the game is open', () => {
  const clock = new ManualClock(new Date('2026-04-01T09:00:00.000Z'));
  let inbox: SmtpInbox;
  let server: TestServer;
  let chromium: TestBrowser;
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

  it('holds the mail back while the page is open, and sends it after the delay once it is closed', async () => {
    const [ann, bob] = await Promise.all([registerMember(server.url, 'Ann'), registerMember(server.url, 'Bob')]);
    const me = ann;
    const gameId = await startCountingGame(server.url, [ann, bob], { seed: 'presence-page' });
    const players: Player[] = [ann, bob];
    if ((await seeGame(server.url, gameId)).activeSeats[0] === 0) await playTurn(server.url, gameId, players);
    clock.advance(DELAY_SECONDS * 1000);
    await server.app.get(GracePeriods).releaseDue(); // whatever was written before the page opened

    const { context, page } = await openWindow(chromium.browser, server.url.replace(/\/graphql$/, ''), { token: ann.token, path: `/games/${gameId}` });
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
      const { context, page } = await openWindow(chromium.browser, server.url.replace(/\/graphql$/, ''), { token: reader.token, path: `/games/${gameId}` });
      const end = page.getByRole('region', { name: 'Game over' });
      await end.getByText(sentence).waitFor();
      expect(await end.innerText()).not.toMatch(/host|seat \d/i);
      await context.close();
    }
  });
});
