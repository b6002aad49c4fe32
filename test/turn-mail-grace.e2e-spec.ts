/**
 * "Mail that knows you are here": a "your turn" mail waits TURN_MAIL_DELAY
 * by the app's clock and is not sent if the player moved meanwhile or was
 * looking at the game (a page held `presentAtGame`, on any server process)
 * during it; a page that only follows the game (`gameUpdated`, as a hidden
 * one does) does not count. Real SMTP, real PostgreSQL, two server processes
 * on one database.
 */
import type { Client } from 'graphql-ws';
import { print } from 'graphql';
import { ManualClock } from '../src/common/clock';
import { PrismaService } from '../src/database/prisma.service';
import { GracePeriods } from '../src/notifications/grace-periods';
import { codeOf, firstAnswer, Member, Player, registerMember, registerPlayer, startTestServer, TestServer, wsClient } from './support/app';
import { playTurn, seeGame, startCountingGame } from './support/counting-api';
import { SmtpInbox } from './support/smtp-inbox';
import { DeliveryQueue } from '../src/notifications/delivery-queue';
import { GameUpdatedDocument, PresentAtGameDocument } from '../web/src/api/generated';

const DELAY_SECONDS = 180;
const MINUTE = 60_000;

describe('the "your turn" mail waits for the player to come by', () => {
  const clock = new ManualClock(new Date('2026-03-01T12:00:00.000Z'));
  let inbox: SmtpInbox;
  let server: TestServer;
  let other: TestServer;
  let prisma: PrismaService;
  let ann: Member;
  let bob: Member;

  beforeAll(async () => {
    inbox = await SmtpInbox.start();
    const mail = {
      transportUrl: inbox.url,
      from: 'Play by Web <games@example.org>',
      publicUrl: 'http://play.example',
      delivery: { pollingIntervalSeconds: 0.2 },
    };
    server = await startTestServer({ clock, mail, turnMailDelaySeconds: DELAY_SECONDS });
    // A second server process on the same database, which sends no mail: where the live page is open.
    other = await startTestServer({ clock, db: server.db, turnMailDelaySeconds: DELAY_SECONDS });
    prisma = new PrismaService(server.db.url);
    [ann, bob] = await Promise.all([registerMember(server.url, 'Ann'), registerMember(server.url, 'Bob')]);
  });

  afterAll(async () => {
    await prisma.close();
    await other.close();
    await server.close();
    await inbox.stop();
  });

  const releaseDue = () => server.app.get(GracePeriods).releaseDue();

  /** A new game of Ann's and Bob's, with Ann to move; her turn mail is the newest one. */
  async function gameWithAnnToMove(): Promise<string> {
    const gameId = await startCountingGame(server.url, [ann, bob], { seed: `grace-${Math.random()}` });
    if ((await seeGame(server.url, gameId)).activeSeats[0] !== 0) await playTurn(server.url, gameId, [ann, bob]);
    return gameId;
  }

  async function turnMailStatus(gameId: string, player: Player): Promise<string> {
    const rows = await prisma.notification.findMany({ where: { gameId, userId: player.id, kind: 'YOUR_TURN' }, orderBy: { gameVersion: 'desc' }, take: 1 });
    return rows[0].status;
  }

  /** Waits until the worker has recorded what it did with the player's newest turn mail (a mail is marked once its batch is answered). */
  async function turnMailBecomes(gameId: string, player: Player, status: string): Promise<void> {
    for (const deadline = Date.now() + 10_000; (await turnMailStatus(gameId, player)) !== status; await new Promise((resolve) => setTimeout(resolve, 50))) {
      if (Date.now() > deadline) throw new Error(`the turn mail stayed ${await turnMailStatus(gameId, player)}, not ${status}`);
    }
  }

  async function turnMailsTo(player: Member, gameId: string): Promise<number> {
    await server.app.get(DeliveryQueue).settled();
    return inbox.to(player.email).filter((mail) => /^Your turn/.test(mail.subject ?? '') && mail.text?.includes(gameId)).length;
  }

  /** Ann looking at the game on a server: her page holds presentAtGame until `close()` (which waits until the server recorded it). */
  async function openPage(on: TestServer, gameId: string): Promise<{ close(): Promise<void> }> {
    const client: Client = wsClient(on.url, ann.token);
    expect(await firstAnswer(client, print(PresentAtGameDocument), { gameId })).toMatchObject({ data: { presentAtGame: true } });
    return {
      close: async () => {
        await client.dispose();
        for (let tries = 0; (await prisma.gamePresence.count({ where: { gameId, userId: ann.id, closedAt: null } })) > 0; tries++) {
          if (tries > 100) throw new Error('the page was never recorded as closed');
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      },
    };
  }

  it('sends it once the delay is over, not before; other mail goes at once', async () => {
    const gameId = await gameWithAnnToMove();
    await inbox.waitFor(ann.email, /^Game started/, { containing: gameId });
    expect(await turnMailStatus(gameId, ann)).toBe('WAITING');

    clock.advance(2 * MINUTE);
    expect(await releaseDue()).toEqual({ queued: 0, seen: 0 });
    expect(await turnMailsTo(ann, gameId)).toBe(0);

    clock.advance(MINUTE);
    expect((await releaseDue()).queued).toBeGreaterThanOrEqual(1);
    await inbox.waitFor(ann.email, /^Your turn/, { containing: gameId });
    await turnMailBecomes(gameId, ann, 'SENT');
  });

  it('does not send it when the player moved meanwhile', async () => {
    const gameId = await gameWithAnnToMove();
    clock.advance(MINUTE);
    await playTurn(server.url, gameId, [ann, bob]);
    clock.advance(DELAY_SECONDS * 1000);
    await releaseDue();
    expect(await turnMailsTo(ann, gameId)).toBe(0);
    await inbox.waitFor(bob.email, /^Your turn/, { containing: gameId });
    await turnMailBecomes(gameId, ann, 'SUPERSEDED');
  });

  it('does not send it while the game is open in a live page on another server process', async () => {
    const gameId = await gameWithAnnToMove();
    const page = await openPage(other, gameId);
    await playTurn(server.url, gameId, [ann, bob]); // Ann (through the API: the page stays open)
    clock.advance(MINUTE);
    await playTurn(server.url, gameId, [ann, bob]); // Bob: Ann's turn again, while her page is open
    clock.advance(DELAY_SECONDS * 1000);
    expect((await releaseDue()).seen).toBeGreaterThanOrEqual(1);
    expect(await turnMailStatus(gameId, ann)).toBe('SEEN');
    expect(await turnMailsTo(ann, gameId)).toBe(0);
    await page.close();
  });

  it('does not count a page that only follows the game, as a hidden one does', async () => {
    const gameId = await gameWithAnnToMove();
    const follower = wsClient(other.url, ann.token);
    expect((await firstAnswer(follower, print(GameUpdatedDocument), { id: gameId })).data).toBeDefined();
    await playTurn(server.url, gameId, [ann, bob]);
    clock.advance(MINUTE);
    await playTurn(server.url, gameId, [ann, bob]);
    clock.advance(DELAY_SECONDS * 1000);
    await releaseDue();
    await inbox.waitFor(ann.email, /^Your turn/, { containing: gameId });
    await turnMailBecomes(gameId, ann, 'SENT');
    await follower.dispose();
  });

  it('counts a page opened and closed during the grace period, but not one closed before it', async () => {
    const gameId = await gameWithAnnToMove();
    clock.advance(DELAY_SECONDS * 1000);
    await releaseDue();
    await inbox.waitFor(ann.email, /^Your turn/, { containing: gameId });

    const before = await openPage(server, gameId);
    await before.close();
    clock.advance(1000);
    await playTurn(server.url, gameId, [ann, bob]);
    await playTurn(server.url, gameId, [ann, bob]);
    clock.advance(DELAY_SECONDS * 1000);
    await releaseDue();
    await inbox.waitFor(ann.email, /^Your turn/, { containing: gameId, count: 2 });

    await playTurn(server.url, gameId, [ann, bob]);
    await playTurn(server.url, gameId, [ann, bob]);
    clock.advance(MINUTE);
    const during = await openPage(other, gameId);
    clock.advance(10_000);
    await during.close();
    clock.advance(DELAY_SECONDS * 1000);
    await releaseDue();
    expect(await turnMailStatus(gameId, ann)).toBe('SEEN');
    expect(await turnMailsTo(ann, gameId)).toBe(2);
  });

  it('stops counting a page whose server process died shortly after its last renewal', async () => {
    const gameId = await gameWithAnnToMove();
    clock.advance(DELAY_SECONDS * 1000);
    await releaseDue();
    await inbox.waitFor(ann.email, /^Your turn/, { containing: gameId });
    // A page left open by a process that died ten minutes ago: never closed, last renewed then.
    const died = new Date(clock.now().getTime() - 10 * MINUTE);
    await prisma.gamePresence.create({ data: { gameId, userId: ann.id, openedAt: new Date(died.getTime() - MINUTE), seenAt: died } });
    await playTurn(server.url, gameId, [ann, bob]);
    await playTurn(server.url, gameId, [ann, bob]);
    clock.advance(DELAY_SECONDS * 1000);
    await releaseDue();
    await inbox.waitFor(ann.email, /^Your turn/, { containing: gameId, count: 2 });
  });

  describe('presentAtGame refuses, and records nothing', () => {
    const presenceRows = (gameId: string) => prisma.gamePresence.count({ where: { gameId } });
    const refusal = async (token: string | undefined, gameId: string) => {
      const socket = wsClient(server.url, token);
      try {
        return codeOf(await firstAnswer(socket, print(PresentAtGameDocument), { gameId }));
      } finally {
        await socket.dispose();
      }
    };

    it('a visitor who is not signed in', async () => {
      const gameId = await gameWithAnnToMove();
      expect(await refusal(undefined, gameId)).toBe('UNAUTHENTICATED');
      expect(await presenceRows(gameId)).toBe(0);
    });

    it('a game that does not exist, or an id that is none', async () => {
      expect(await refusal(ann.token, '00000000-0000-4000-8000-000000000000')).toBe('NOT_FOUND');
      expect(await refusal(ann.token, 'not-a-game')).toBe('NOT_FOUND');
    });

    it("a signed-in player who is not one of the game's players", async () => {
      const gameId = await gameWithAnnToMove();
      const carl = await registerPlayer(server.url, 'Carl');
      expect(await refusal(carl.token, gameId)).toBe('FORBIDDEN');
      expect(await presenceRows(gameId)).toBe(0);
    });
  });
});
