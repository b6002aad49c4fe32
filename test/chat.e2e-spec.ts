/**
 * A game's chat over the API: who may read and write it, its limits, hiding
 * one's own line, read markers and unread counts, mute, live updates, and
 * the mail that tells players who were away (a "new messages" mail under the
 * turn mail's grace rule, or a summary in their next turn mail). Real
 * PostgreSQL and SMTP; time is the app's clock.
 */
import type { Client } from 'graphql-ws';
import { ManualClock } from '../src/common/clock';
import { PrismaService } from '../src/database/prisma.service';
import { GracePeriods } from '../src/notifications/grace-periods';
import { errorCode, firstAnswer, gql, gqlOk, Member, Player, registerMember, startTestServer, TestServer, wsClient } from './support/app';
import { playTurn, seeGame, startCountingGame } from './support/counting-api';
import { SmtpInbox } from './support/smtp-inbox';
import { DeliveryQueue } from '../src/notifications/delivery-queue';

const DELAY_SECONDS = 180;
const CHAT = `gameId canWrite unread muted lines { id text hidden mine seat author { displayName } }`;

interface Chat {
  gameId: string;
  canWrite: boolean;
  unread: number;
  muted: boolean;
  lines: Array<{ id: string; text: string | null; hidden: boolean; mine: boolean; seat: number; author: { displayName: string } }>;
}

describe('game chat (end to end)', () => {
  const clock = new ManualClock(new Date('2026-05-01T10:00:00.000Z'));
  let inbox: SmtpInbox;
  let server: TestServer;
  let url: string;
  let prisma: PrismaService;
  let ann: Member;
  let bob: Member;
  let eve: Member;

  beforeAll(async () => {
    inbox = await SmtpInbox.start();
    server = await startTestServer({
      clock,
      turnMailDelaySeconds: DELAY_SECONDS,
      mail: { transportUrl: inbox.url, from: 'Play by Web <games@example.org>', publicUrl: 'http://play.example', delivery: { pollingIntervalSeconds: 0.2 } },
    });
    url = server.url;
    prisma = new PrismaService(server.db.url);
    [ann, bob, eve] = await Promise.all(['Ann', 'Bob', 'Eve'].map((name) => registerMember(url, name)));
  });

  afterAll(async () => {
    await prisma.close();
    await server.close();
    await inbox.stop();
  });

  const send = (gameId: string, as: Player | null, text: string) =>
    gql<{ sendChatMessage: Chat }>(
      url,
      `mutation($id: ID!, $t: String!) { sendChatMessage(gameId: $id, text: $t) { ${CHAT} } }`,
      { id: gameId, t: text },
      as?.token,
    );
  const say = async (gameId: string, as: Player, text: string) => {
    const result = await send(gameId, as, text);
    if (!result.data) throw new Error(JSON.stringify(result.errors));
    return result.data.sendChatMessage;
  };
  const read = (gameId: string, as?: Player) =>
    gql<{ gameChat: Chat }>(url, `query($id: ID!) { gameChat(gameId: $id) { ${CHAT} } }`, { id: gameId }, as?.token);
  const hide = (gameId: string, as: Player, lineId: string) =>
    gql<{ hideChatMessage: Chat }>(
      url,
      `mutation($id: ID!, $l: ID!) { hideChatMessage(gameId: $id, lineId: $l) { ${CHAT} } }`,
      { id: gameId, l: lineId },
      as.token,
    );
  const markRead = (gameId: string, as: Player, lineId: string) =>
    gql<{ markChatRead: Chat }>(url, `mutation($id: ID!, $l: ID!) { markChatRead(gameId: $id, lineId: $l) { ${CHAT} } }`, { id: gameId, l: lineId }, as.token);
  const mute = (gameId: string, as: Player, muted: boolean) =>
    gql<{ muteChat: Chat }>(url, `mutation($id: ID!, $m: Boolean!) { muteChat(gameId: $id, muted: $m) { ${CHAT} } }`, { id: gameId, m: muted }, as.token);
  const lineCount = (gameId: string) => prisma.chatLine.count({ where: { gameId } });
  /** Lets the rate limit's window pass. */
  const later = () => clock.advance(11_000);

  async function newGame(options: Record<string, unknown> = {}): Promise<string> {
    return startCountingGame(url, [ann, bob], { seed: `chat-${Math.random()}`, options: { target: 50, ...options } });
  }

  it('lets the players talk, each seeing whose lines are theirs', async () => {
    const gameId = await newGame();
    await say(gameId, ann, 'Good luck!');
    later();
    const chat = await say(gameId, bob, '  Thanks, you too  ');
    expect(chat.lines.map((l) => [l.author.displayName, l.text, l.mine, l.seat])).toEqual([
      ['Ann', 'Good luck!', false, 0],
      ['Bob', 'Thanks, you too', true, 1],
    ]);
    expect(chat.canWrite).toBe(true);
    expect((await read(gameId, ann)).data!.gameChat.lines.map((l) => l.mine)).toEqual([true, false]);
  });

  it('refuses spectators while the game runs, and shows them the chat once it is over', async () => {
    const gameId = await newGame({ target: 3 });
    await say(gameId, ann, 'Hidden from onlookers');
    expect(errorCode(await read(gameId, eve))).toBe('FORBIDDEN');
    expect(errorCode(await read(gameId))).toBe('FORBIDDEN');
    expect(errorCode(await read('00000000-0000-4000-8000-000000000000', ann))).toBe('NOT_FOUND');
    while ((await seeGame(url, gameId)).status !== 'FINISHED') await playTurn(url, gameId, [ann, bob]);
    const { gameChat } = (await read(gameId, eve)).data!;
    expect(gameChat.lines.map((l) => l.text)).toEqual(['Hidden from onlookers']);
    expect(gameChat.canWrite).toBe(false);
    expect(errorCode(await send(gameId, eve, 'Well played'))).toBe('FORBIDDEN');
  });

  it('refuses every bad line, writing nothing', async () => {
    const gameId = await newGame();
    expect(errorCode(await send(gameId, null, 'hi'))).toBe('UNAUTHENTICATED');
    expect(errorCode(await send(gameId, eve, 'let me in'))).toBe('FORBIDDEN');
    expect(errorCode(await send('not-a-game', ann, 'hi'))).toBe('NOT_FOUND');
    const tooLong = await send(gameId, ann, 'x'.repeat(501));
    expect(errorCode(tooLong)).toBe('BAD_USER_INPUT');
    expect(tooLong.errors![0].message).toBe('A message must be 1 to 500 characters long.');
    expect(errorCode(await send(gameId, ann, '   '))).toBe('BAD_USER_INPUT');
    expect(errorCode(await send(gameId, ann, 'two\nlines'))).toBe('BAD_USER_INPUT');
    expect(errorCode(await send(gameId, ann, 'evil\u202eexe'))).toBe('BAD_USER_INPUT');
    expect(await lineCount(gameId)).toBe(0);
    await say(gameId, ann, 'y'.repeat(500));
    expect(await lineCount(gameId)).toBe(1);
  });

  it('refuses a sixth line within ten seconds, saying when to try again', async () => {
    const gameId = await newGame();
    for (let i = 1; i <= 5; i++) {
      await say(gameId, ann, `line ${i}`);
      clock.advance(1000);
    }
    const refused = await send(gameId, ann, 'line 6');
    expect(errorCode(refused)).toBe('RATE_LIMITED');
    expect(refused.errors![0].extensions!.retryAfter).toBe(5);
    expect(await lineCount(gameId)).toBe(5);
    // Bob's lines are his own count.
    await say(gameId, bob, 'my turn to talk');
    clock.advance(5000);
    await say(gameId, ann, 'line 6');
    expect(await lineCount(gameId)).toBe(7);
  });

  it("lets players remove their own lines, never another's, and keeps them in place", async () => {
    const gameId = await newGame();
    const otherGame = await newGame();
    const [mine] = (await say(gameId, ann, 'Oops, wrong game')).lines;
    later();
    const [, bobs] = (await say(gameId, bob, 'What?')).lines;
    const [elsewhere] = (await say(otherGame, ann, 'Elsewhere')).lines;

    expect(errorCode(await hide(gameId, ann, bobs.id))).toBe('FORBIDDEN');
    expect(errorCode(await hide(gameId, eve, mine.id))).toBe('FORBIDDEN');
    expect(errorCode(await hide(gameId, ann, elsewhere.id))).toBe('NOT_FOUND');
    expect(errorCode(await hide(gameId, ann, '999999999'))).toBe('NOT_FOUND');
    expect(errorCode(await hide(gameId, ann, 'first'))).toBe('NOT_FOUND');

    await hide(gameId, ann, mine.id);
    const again = (await hide(gameId, ann, mine.id)).data!.hideChatMessage;
    const seenByBob = (await read(gameId, bob)).data!.gameChat;
    for (const chat of [again, seenByBob]) {
      expect(chat.lines.map((l) => [l.id, l.text, l.hidden])).toEqual([
        [mine.id, null, true],
        [bobs.id, 'What?', false],
      ]);
    }
    // The line itself was never changed, and the server may not change it.
    expect((await prisma.chatLine.findUniqueOrThrow({ where: { id: BigInt(mine.id) } })).text).toBe('Oops, wrong game');
    await expect(prisma.chatLine.update({ where: { id: BigInt(mine.id) }, data: { text: 'rewritten' } })).rejects.toThrow(/permission denied|append-only/);
  });

  it('counts unread lines per player on the game, until read or muted', async () => {
    const gameId = await newGame();
    const unread = async (as: Player) =>
      (await gqlOk<{ game: { unreadChat: number } }>(url, `query($id: ID!) { game(id: $id) { unreadChat } }`, { id: gameId }, as.token)).game.unreadChat;
    await say(gameId, ann, 'one');
    clock.advance(1000);
    const { lines } = await say(gameId, ann, 'two');
    expect([await unread(bob), await unread(ann), await unread(eve)]).toEqual([2, 0, 0]);
    expect((await markRead(gameId, bob, lines[0].id)).data!.markChatRead.unread).toBe(1);
    // A marker never goes back.
    await markRead(gameId, bob, lines[1].id);
    await markRead(gameId, bob, lines[0].id);
    expect(await unread(bob)).toBe(0);

    later();
    await say(gameId, ann, 'three');
    expect(await unread(bob)).toBe(1);
    expect((await mute(gameId, bob, true)).data!.muteChat).toMatchObject({ muted: true, unread: 0 });
    expect(await unread(bob)).toBe(0);
    expect((await mute(gameId, bob, false)).data!.muteChat.unread).toBe(1);

    expect(errorCode(await markRead(gameId, eve, lines[0].id))).toBe('FORBIDDEN');
    expect(errorCode(await markRead(gameId, bob, 'latest'))).toBe('BAD_USER_INPUT');
    expect(errorCode(await mute(gameId, eve, true))).toBe('FORBIDDEN');
  });

  it('refuses to mark read a line of another game, or none, writing nothing', async () => {
    const [gameId, other] = [await newGame(), await newGame()];
    await say(gameId, ann, 'here');
    const [elsewhere] = (await say(other, ann, 'there')).lines;
    const markers = () => prisma.chatReader.findMany({ where: { userId: bob.id, gameId: { in: [gameId, other] } } });
    for (const lineId of [elsewhere.id, String(Number(elsewhere.id) + 1000), '0']) {
      const attempt = await markRead(gameId, bob, lineId);
      expect([errorCode(attempt), attempt.errors?.[0]?.message]).toEqual(['BAD_USER_INPUT', 'That is not a message of this game.']);
    }
    expect(await markers()).toEqual([]);
    expect((await read(gameId, bob)).data!.gameChat.unread).toBe(1);
  });

  it("counts each of the lobby's games on its own, read together", async () => {
    const [quiet, busy] = [await newGame(), await newGame()];
    await say(busy, ann, 'one');
    clock.advance(1000);
    await say(busy, ann, 'two');
    await mute(quiet, bob, true);
    const { games } = await gqlOk<{ games: Array<{ id: string; unreadChat: number }> }>(url, `{ games(mine: true) { id unreadChat } }`, {}, bob.token);
    const counts = new Map(games.map((game) => [game.id, game.unreadChat]));
    expect([counts.get(quiet), counts.get(busy)]).toEqual([0, 2]);
  });

  it('sends each line live to the players watching', async () => {
    const gameId = await newGame();
    const client: Client = wsClient(url, bob.token);
    const seen: Chat[] = [];
    const refused: unknown[] = [];
    const dispose = client.subscribe<{ chatUpdated: Chat }>(
      { query: `subscription($id: ID!) { chatUpdated(gameId: $id) { ${CHAT} } }`, variables: { id: gameId } },
      { next: (message) => message.data && seen.push(message.data.chatUpdated), error: (error) => refused.push(error), complete: () => undefined },
    );
    const until = async (predicate: () => boolean) => {
      for (const deadline = Date.now() + 10_000; !predicate(); await new Promise((r) => setTimeout(r, 50)))
        if (Date.now() > deadline) throw new Error(JSON.stringify(seen));
    };
    await until(() => seen.length === 1);
    const [line] = (await say(gameId, ann, 'Are you there?')).lines;
    await until(() => seen.at(-1)!.lines.length === 1);
    expect(seen.at(-1)!).toMatchObject({ unread: 1, lines: [{ text: 'Are you there?', mine: false }] });
    await hide(gameId, ann, line.id);
    await until(() => seen.at(-1)!.lines[0].hidden);

    // A spectator is refused before anything is sent.
    const eves = wsClient(url, eve.token);
    const eveErrors = await new Promise<unknown>((resolve) =>
      eves.subscribe(
        { query: `subscription($id: ID!) { chatUpdated(gameId: $id) { gameId } }`, variables: { id: gameId } },
        { next: resolve, error: resolve, complete: () => undefined },
      ),
    );
    expect(JSON.stringify(eveErrors)).toContain('FORBIDDEN');
    dispose();
    await Promise.all([client.dispose(), eves.dispose()]);
    expect(refused).toEqual([]);
  });

  describe('mail about the chat', () => {
    const releaseDue = () => server.app.get(GracePeriods).releaseDue();
    const mailsTo = (who: Member, subject: RegExp, gameId: string) =>
      inbox.to(who.email).filter((m) => subject.test(m.subject ?? '') && m.text?.includes(gameId));
    /** Once the mail worker has been through the queue: a mail due now has gone, or never will. */
    const settle = () => server.app.get(DeliveryQueue).settled();

    /** A game with Ann to move, and every mail so far sent or set aside. */
    async function quietGame(): Promise<string> {
      const gameId = await newGame();
      if ((await seeGame(url, gameId)).activeSeats[0] !== 0) await playTurn(url, gameId, [ann, bob]);
      clock.advance(DELAY_SECONDS * 1000);
      await releaseDue();
      return gameId;
    }

    it('tells a player who is away in a "new messages" mail after the grace period, once for several lines', async () => {
      const gameId = await quietGame();
      await say(gameId, ann, 'Bob, are you coming to the club on Friday?');
      clock.advance(60_000);
      await say(gameId, ann, '<b>Bring the expansion</b>');
      clock.advance(DELAY_SECONDS * 1000 - 60_000);
      await releaseDue();
      const [mail] = await inbox.waitFor(bob.email, /^New messages/, { containing: gameId });
      expect(mail.text).toContain('Ann: Bob, are you coming to the club on Friday?');
      expect(mail.text).toContain('Ann: <b>Bring the expansion</b>');
      expect(mail.html).toContain('&lt;b&gt;Bring the expansion&lt;/b&gt;');
      await settle();
      expect(mailsTo(bob, /^New messages/, gameId)).toHaveLength(1);
      expect(mailsTo(ann, /^New messages/, gameId)).toHaveLength(0);

      // The next mail starts after what this one told.
      clock.advance(60_000);
      await say(gameId, ann, 'Never mind, see you there.');
      clock.advance(DELAY_SECONDS * 1000);
      await releaseDue();
      const [, next] = await inbox.waitFor(bob.email, /^New messages/, { containing: gameId, count: 2 });
      expect(next.text).toContain('Never mind, see you there.');
      expect(next.text).not.toContain('the club on Friday');
    });

    it('puts the lines in the next turn mail instead, when one is coming', async () => {
      const gameId = await quietGame();
      await say(gameId, bob, 'Take your time.');
      await playTurn(url, gameId, [ann, bob]); // Ann moves: Bob's turn mail is on its way
      clock.advance(10_000);
      await say(gameId, ann, 'Your move! Mind the sevens.');
      clock.advance(DELAY_SECONDS * 1000);
      await releaseDue();
      const [turnMail] = await inbox.waitFor(bob.email, /^Your turn/, { containing: gameId });
      expect(turnMail.text).toContain("New in the game's chat:");
      expect(turnMail.text).toContain('Ann: Your move! Mind the sevens.');
      expect(turnMail.text).not.toContain('Take your time.'); // his own
      await settle();
      expect(mailsTo(bob, /^New messages/, gameId)).toHaveLength(0);
    });

    it('sends nothing to a player who read the lines, had the game open, or muted the chat', async () => {
      const gameId = await quietGame();
      const [line] = (await say(gameId, ann, 'Read me on the page')).lines;
      await markRead(gameId, bob, line.id);
      clock.advance(DELAY_SECONDS * 1000);
      await releaseDue();
      await settle(); // set aside by the worker: read

      const page = wsClient(url, bob.token);
      expect((await firstAnswer(page, 'subscription($id: ID!) { presentAtGame(gameId: $id) }', { id: gameId })).data).toEqual({ presentAtGame: true });
      later();
      await say(gameId, ann, 'Seen live');
      clock.advance(DELAY_SECONDS * 1000);
      await releaseDue();
      await page.dispose();

      await mute(gameId, bob, true);
      later();
      await say(gameId, ann, 'Nobody hears this');
      clock.advance(DELAY_SECONDS * 1000);
      await releaseDue();
      await settle();
      expect(mailsTo(bob, /^New messages/, gameId)).toHaveLength(0);
      const statuses = await prisma.notification.findMany({ where: { gameId, userId: bob.id, kind: 'NEW_MESSAGES' }, orderBy: { gameVersion: 'asc' } });
      expect(statuses.map((n) => n.status)).toEqual(['SUPERSEDED', 'SEEN']);
    });

    it('holds "new messages" for the digest when the player chose so', async () => {
      const gameId = await quietGame();
      await gqlOk(
        url,
        `mutation { updateNotificationSettings(deliveries: [{ kind: NEW_MESSAGES, delivery: DIGEST }]) { deliveries { kind delivery } } }`,
        {},
        bob.token,
      );
      await say(gameId, ann, 'For your digest');
      clock.advance(DELAY_SECONDS * 1000);
      await releaseDue();
      await settle();
      expect((await prisma.notification.findFirstOrThrow({ where: { gameId, userId: bob.id, kind: 'NEW_MESSAGES' } })).status).toBe('HELD');
      later();
      await say(gameId, ann, 'Still held, no second one');
      expect(await prisma.notification.count({ where: { gameId, userId: bob.id, kind: 'NEW_MESSAGES' } })).toBe(1);
      await gqlOk(
        url,
        `mutation { updateNotificationSettings(deliveries: [{ kind: NEW_MESSAGES, delivery: IMMEDIATE }]) { deliveries { kind } } }`,
        {},
        bob.token,
      );
    });
  });
});
