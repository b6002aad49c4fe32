/**
 * Mail that is still true when it goes out: a reminder, an invitation or a
 * digest that waited (an SMTP outage, a queue, a day) is checked again when
 * it is sent; chat lines reach a player whose turn mails will not carry
 * them. Real SMTP (refusing for a while where a mail must wait), real
 * PostgreSQL, time from a ManualClock.
 */
import { ManualClock } from '../src/common/clock';
import { formatInTimeZone } from '../src/common/time-zones';
import { PrismaService } from '../src/database/prisma.service';
import { Deadlines } from '../src/deadlines/deadlines';
import { Digests } from '../src/notifications/digests';
import { GracePeriods } from '../src/notifications/grace-periods';
import { gqlOk, Member, quickMailTo, registerMember, startTestServer, TestServer } from './support/app';
import { playTurn, seeGame, startCountingGame } from './support/counting-api';
import { SmtpInbox } from './support/smtp-inbox';
import { DeliveryQueue } from '../src/notifications/delivery-queue';
import { until } from './support/until';
import { createGame } from './support/games';

const HOUR = 60 * 60 * 1000;
const DELAY_SECONDS = 180;

type Kind = 'YOUR_TURN' | 'DEADLINE_REMINDER' | 'INVITATION' | 'NEW_MESSAGES' | 'DIGEST';

describe('mail that is no longer true is not sent', () => {
  const clock = new ManualClock(new Date('2026-03-02T12:00:00.000Z'));
  let inbox: SmtpInbox;
  let server: TestServer;
  let url: string;
  let prisma: PrismaService;

  beforeAll(async () => {
    inbox = await SmtpInbox.start();
    server = await startTestServer({ clock, mail: quickMailTo(inbox.url), turnMailDelaySeconds: DELAY_SECONDS });
    url = server.url;
    prisma = new PrismaService(server.db.url);
  });

  afterAll(async () => {
    await prisma.close();
    await server.close();
    await inbox.stop();
  });

  afterEach(() => {
    inbox.refuseNext = 0;
  });

  const runDeadlines = () => server.app.get(Deadlines).runDue();
  const releaseDue = () => server.app.get(GracePeriods).releaseDue();
  /** Once the mail worker has been through the queue: a mail due now has gone, or never will. */
  const settle = () => server.app.get(DeliveryQueue).settled();
  const mailsTo = (who: Member, subject: RegExp, containing: string) =>
    inbox.to(who.email).filter((m) => subject.test(m.subject ?? '') && (m.text ?? '').includes(containing));

  const statuses = async (who: Member, kind: Kind, gameId?: string) =>
    (await prisma.notification.findMany({ where: { userId: who.id, kind, ...(gameId ? { gameId } : {}) }, orderBy: { createdAt: 'asc' } })).map(
      (n) => n.status,
    );

  /** Waits until the worker tried (and the SMTP server refused) each of the player's notifications of this kind in the game. */
  const refused = (who: Member, kind: Kind, gameId?: string) =>
    until(
      async () => (await prisma.notification.findMany({ where: { userId: who.id, kind, ...(gameId ? { gameId } : {}) } })).every((n) => n.attempts > 0),
      `the ${kind} mail was tried`,
    );

  async function becomes(who: Member, kind: Kind, gameId: string | undefined, expected: string[]): Promise<void> {
    let seen: string[] = [];
    const what = () => `${who.name}'s ${kind} mail is ${expected.join(', ')} (it is ${seen.join(', ')})`;
    await until(async () => JSON.stringify((seen = await statuses(who, kind, gameId))) === JSON.stringify(expected), 'the mail is as expected').catch(() => {
      throw new Error(`timed out waiting until ${what()}`);
    });
  }

  const settings = (who: Member, deliveries: string) =>
    gqlOk(url, `mutation { updateNotificationSettings(deliveries: [${deliveries}]) { deliveries { kind } } }`, {}, who.token);

  async function players(...names: string[]): Promise<Member[]> {
    return Promise.all(names.map((name) => registerMember(url, name)));
  }

  /** A counting game of `players`, started, with every mail of its start out of the way; returns it and who is to move. */
  async function gameOf(members: Member[], moveDeadline?: Record<string, unknown>): Promise<{ gameId: string; toMove: Member }> {
    const gameId = await startCountingGame(url, members, { seed: `stale-${Math.random()}`, ...(moveDeadline ? { moveDeadline } : {}) });
    const toMove = members[(await seeGame(url, gameId)).activeSeats[0]];
    clock.advance(DELAY_SECONDS * 1000);
    await releaseDue();
    await until(
      async () => (await statuses(toMove, 'YOUR_TURN', gameId)).every((status) => !['WAITING', 'PENDING'].includes(status)),
      'the first turn mail is dealt with',
    );
    return { gameId, toMove };
  }

  describe('deadline reminders', () => {
    it('does not send a reminder held back by an SMTP outage once the player has moved', async () => {
      const [ann, bob] = await players('Ann', 'Bob');
      const { gameId, toMove } = await gameOf([ann, bob], { hoursPerMove: 48 });
      inbox.refuseNext = 1000;
      clock.advance(25 * HOUR);
      await runDeadlines();
      await refused(toMove, 'DEADLINE_REMINDER', gameId);
      await playTurn(url, gameId, [ann, bob]);
      inbox.refuseNext = 0;
      await becomes(toMove, 'DEADLINE_REMINDER', gameId, ['SUPERSEDED']);
      await settle();
      expect(mailsTo(toMove, /^Reminder/, gameId)).toEqual([]);
    });

    it('does not send a reminder after "Game over" when it fell due with a deadline that ends the game', async () => {
      const [ann, bob] = await players('Ann', 'Bob');
      const { gameId, toMove } = await gameOf([ann, bob], { hoursPerMove: 48, onExpiry: 'END' });
      inbox.refuseNext = 1000;
      clock.advance(49 * HOUR);
      await runDeadlines(); // the reminder and the deadline, together: the game is over before the reminder can go
      inbox.refuseNext = 0;
      await inbox.waitFor(toMove.email, /^Game over/, { containing: gameId });
      await becomes(toMove, 'DEADLINE_REMINDER', gameId, ['SUPERSEDED']);
      await settle();
      expect(mailsTo(toMove, /^Reminder/, gameId)).toEqual([]);
    });

    it("does not send a reminder of a deadline since extended, and sends the extended deadline's own", async () => {
      const [ann, bob] = await players('Ann', 'Bob');
      const { gameId, toMove } = await gameOf([ann, bob], { hoursPerMove: 48, onExpiry: 'EXTEND' });
      inbox.refuseNext = 1000;
      clock.advance(49 * HOUR);
      const extendedUntil = new Date(clock.now().getTime() + 48 * HOUR);
      await runDeadlines(); // the reminder and the deadline, together: extended before the reminder can go
      inbox.refuseNext = 0;
      await inbox.waitFor(toMove.email, /^Deadline passed/, { containing: gameId });
      await becomes(toMove, 'DEADLINE_REMINDER', gameId, ['SUPERSEDED']);

      // The extension runs 48 hours from its start: its own reminder comes 24 hours before its end.
      clock.advance(25 * HOUR);
      await runDeadlines();
      const [reminder] = await inbox.waitFor(toMove.email, /^Reminder/, { containing: gameId });
      expect(reminder.subject).toMatch(new RegExp(`is due ${formatInTimeZone(extendedUntil, 'UTC')}$`));
      await becomes(toMove, 'DEADLINE_REMINDER', gameId, ['SUPERSEDED', 'SENT']); // marked once its batch is answered
    });
  });

  it('does not send an invitation to a game the invitee joined, or that started, before it could go out', async () => {
    const [ann, bob, cat] = await players('Ann', 'Bob', 'Cat');
    const gameId = await createGame(url, ann);
    inbox.refuseNext = 1000;
    for (const invitee of [bob, cat]) {
      await gqlOk(
        url,
        `mutation($id: ID!, $email: String!) { invitePlayer(gameId: $id, email: $email) { id } }`,
        { id: gameId, email: invitee.email },
        ann.token,
      );
      await refused(invitee, 'INVITATION', gameId);
    }
    await gqlOk(url, `mutation($id: ID!) { joinGame(gameId: $id) { id } }`, { id: gameId }, bob.token);
    await gqlOk(url, `mutation($id: ID!) { startGame(gameId: $id) { id } }`, { id: gameId }, ann.token);
    inbox.refuseNext = 0;
    await inbox.waitFor(bob.email, /^Game started/, { containing: gameId });
    await becomes(bob, 'INVITATION', gameId, ['SUPERSEDED']);
    await becomes(cat, 'INVITATION', gameId, ['SUPERSEDED']);
    await settle();
    expect([...mailsTo(bob, /invites you/, gameId), ...mailsTo(cat, /invites you/, gameId)]).toEqual([]);
  });

  describe('chat lines', () => {
    /** Ann moves and writes a line while Bob's turn mail waits out its delay; returns what Bob was mailed of the game afterwards. */
    async function lineAfterAnnsMove(ann: Member, bob: Member): Promise<string> {
      const { gameId, toMove } = await gameOf([ann, bob]);
      if (toMove !== ann) {
        await playTurn(url, gameId, [ann, bob]);
        clock.advance(DELAY_SECONDS * 1000);
        await releaseDue();
      }
      await playTurn(url, gameId, [ann, bob]); // Ann: Bob's turn mail waits
      await gqlOk(url, `mutation($id: ID!) { sendChatMessage(gameId: $id, text: "Your move! Mind the sevens.") { gameId } }`, { id: gameId }, ann.token);
      clock.advance(DELAY_SECONDS * 1000);
      await releaseDue();
      return gameId;
    }

    it.each([
      ['are off', 'OFF', 'SKIPPED'],
      ['go to the digest', 'DIGEST', 'HELD'],
    ])('are mailed to a player whose turn mails %s', async (_, delivery, turnMailStatus) => {
      const [ann, bob] = await players('Ann', 'Bob');
      await settings(bob, `{ kind: YOUR_TURN, delivery: ${delivery} }`);
      const gameId = await lineAfterAnnsMove(ann, bob);
      const [mail] = await inbox.waitFor(bob.email, /^New messages/, { containing: gameId });
      expect(mail.text).toContain('Ann: Your move! Mind the sevens.');
      await settle(); // the chat mail can go out before the worker has marked the turn mail beside it
      expect((await statuses(bob, 'YOUR_TURN', gameId)).at(-1)).toBe(turnMailStatus);
    });

    it('are still left to the turn mail when it goes out at once', async () => {
      const [ann, bob] = await players('Ann', 'Bob');
      const gameId = await lineAfterAnnsMove(ann, bob);
      await inbox.waitFor(bob.email, /^Your turn/, { containing: 'Ann: Your move! Mind the sevens.' });
      await settle();
      expect(mailsTo(bob, /^New messages/, gameId)).toEqual([]);
    });
  });

  describe('the digest', () => {
    /** Plays until it is `who`'s turn, and waits until their turn mail is held for the digest. */
    async function heldTurn(gameId: string, members: Member[], who: Member): Promise<void> {
      while (members[(await seeGame(url, gameId)).activeSeats[0]] !== who) await playTurn(url, gameId, members);
      clock.advance(DELAY_SECONDS * 1000);
      await releaseDue();
      await until(async () => (await statuses(who, 'YOUR_TURN', gameId)).at(-1) === 'HELD', `${who.name}'s turn mail is held`);
    }

    it('lists each game once per kind, leaves out turns that are over, and says "your turn" only while it is', async () => {
      const [ann, bob] = await players('Ann', 'Bob');
      await settings(bob, '{ kind: YOUR_TURN, delivery: DIGEST }, { kind: NEW_MESSAGES, delivery: DIGEST }');
      const { gameId: playing } = await gameOf([ann, bob]);
      const { gameId: moved } = await gameOf([ann, bob]);
      for (let turn = 0; turn < 5; turn++) {
        if (turn > 0) await playTurn(url, playing, [ann, bob]); // Bob
        await heldTurn(playing, [ann, bob], bob);
      }
      await heldTurn(moved, [ann, bob], bob);
      await playTurn(url, moved, [ann, bob]); // Bob has moved: that turn is over
      for (const text of ['Are you there?', 'Still there?']) {
        await gqlOk(url, `mutation($id: ID!, $t: String!) { sendChatMessage(gameId: $id, text: $t) { gameId } }`, { id: playing, t: text }, ann.token);
        clock.advance(DELAY_SECONDS * 1000);
        await releaseDue();
      }
      await until(async () => (await statuses(bob, 'NEW_MESSAGES', playing)).every((status) => status === 'HELD'), 'the chat mail is held');
      expect(await statuses(bob, 'YOUR_TURN', playing)).toEqual(['HELD', 'HELD', 'HELD', 'HELD', 'HELD']);

      clock.advance(24 * HOUR);
      expect(await server.app.get(Digests).sendDue()).toBeGreaterThanOrEqual(1);
      const [digest] = await inbox.waitFor(bob.email, /^Play by Web: /);
      expect(digest.subject).toBe('Play by Web: 2 updates');
      const lines = digest.text!.split('\n').filter((line) => line.startsWith('  - '));
      expect(lines).toEqual(["  - Your turn: Ann's Counting (test game) game", "  - New messages: Ann's Counting (test game) game"]);
      expect(digest.text).toContain(playing);
      expect(digest.text).not.toContain(moved);
      // What the digest left out is marked as a turn mail whose turn was over.
      expect((await statuses(bob, 'YOUR_TURN')).filter((status) => status === 'SUPERSEDED').length).toBeGreaterThanOrEqual(5);
    });

    it('is not written when everything it would list is over', async () => {
      const [ann, dan] = await players('Ann', 'Dan');
      await settings(dan, '{ kind: YOUR_TURN, delivery: DIGEST }');
      const { gameId } = await gameOf([ann, dan]);
      await heldTurn(gameId, [ann, dan], dan);
      await playTurn(url, gameId, [ann, dan]); // Dan
      clock.advance(24 * HOUR);
      await server.app.get(Digests).sendDue();
      expect(await statuses(dan, 'DIGEST')).toEqual([]);
      expect(await statuses(dan, 'YOUR_TURN', gameId)).toEqual(['SUPERSEDED']);
    });

    it('is not sent when what it lists is over by the time it can go out', async () => {
      const [ann, eve] = await players('Ann', 'Eve');
      await settings(eve, '{ kind: YOUR_TURN, delivery: DIGEST }');
      const { gameId } = await gameOf([ann, eve]);
      await heldTurn(gameId, [ann, eve], eve);
      clock.advance(24 * HOUR);
      inbox.refuseNext = 1000;
      await server.app.get(Digests).sendDue();
      await refused(eve, 'DIGEST');
      await playTurn(url, gameId, [ann, eve]); // Eve
      inbox.refuseNext = 0;
      await becomes(eve, 'DIGEST', undefined, ['SUPERSEDED']);
      await settle();
      expect(inbox.to(eve.email).filter((m) => /^Play by Web: /.test(m.subject ?? ''))).toEqual([]);
    });
  });
});
