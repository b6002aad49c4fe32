/**
 * Email notifications end to end: a real SMTP server (smtp-server) in the
 * test, real PostgreSQL, the real delivery worker and its queue.
 */
import type { ParsedMail } from 'mailparser';
import { ManualClock } from '../src/common/clock';
import { freePort } from '../src/database/free-port';
import { PrismaService } from '../src/database/prisma.service';
import { DeliveryQueue } from '../src/notifications/delivery-queue';
import { Digests } from '../src/notifications/digests';
import { MailCatcher } from '../src/notifications/mail-catcher';
import type { MailOptions } from '../src/notifications/notification-options';
import { createTestDatabase, TestDatabase } from './support/database';
import { GAME_FIELDS, gqlOk, Member, Player, registerMember, startTestServer, TestServer } from './support/app';
import { startServerProcess } from './support/server-process';
import { SmtpInbox } from './support/smtp-inbox';
import { createGame, joinGame } from './support/games';

type Game = { id: string; status: string; version: number; activeSeats: number[]; legalMoves: Array<{ type: string; amount?: number }> };

const FAST_RETRIES = { retryDelaySeconds: 1, retryBackoff: false, pollingIntervalSeconds: 0.5, retryLimit: 10 };

function mailOptions(transportUrl: string): MailOptions {
  return { transportUrl, from: 'Play by Web <games@example.org>', publicUrl: 'http://play.example', delivery: FAST_RETRIES };
}

/**
 * Creates a two-seat counting game hosted by `host`, with `guest` seated and the game started. With `invitationDealtWith`,
 * `guest` is invited first, and joins once it says the invitation mail was dealt with (an invitation to a game its invitee
 * has joined is not sent); without it, `guest` joins unasked.
 */
/**
 * A started game of `host` and `guest`: with `invitationDealtWith`, the host
 * invites the guest by mail first, and it runs before the guest joins (an
 * invitation mail is not sent once its game is joined).
 */
async function startedGame(
  url: string,
  host: Member,
  guest: Member,
  { name, invitationDealtWith }: { name?: string; invitationDealtWith?: () => Promise<unknown> } = {},
): Promise<Game> {
  const gameId = await createGame(url, host, { options: { target: 6 }, seed: 'mail-seed', ...(name ? { name } : {}) });
  if (invitationDealtWith) {
    await gqlOk(url, `mutation($id: ID!, $email: String!) { invitePlayer(gameId: $id, email: $email) { id } }`, { id: gameId, email: guest.email }, host.token);
    await invitationDealtWith();
  }
  await joinGame(url, gameId, guest);
  return (await gqlOk<{ startGame: Game }>(url, `mutation($id: ID!) { startGame(gameId: $id) { ${GAME_FIELDS} } }`, { id: gameId }, host.token)).startGame;
}

async function loadGame(url: string, id: string, as: Player): Promise<Game> {
  return (await gqlOk<{ game: Game }>(url, `query($id: ID!) { game(id: $id) { ${GAME_FIELDS} } }`, { id }, as.token)).game;
}

async function move(url: string, game: Game, as: Player, m: unknown): Promise<Game> {
  return (
    await gqlOk<{ submitMove: Game }>(
      url,
      `mutation($id: ID!, $move: JSON!, $v: Int!) { submitMove(gameId: $id, move: $move, expectedVersion: $v) { ${GAME_FIELDS} } }`,
      { id: game.id, move: m, v: game.version },
      as.token,
    )
  ).submitMove;
}

/** A header as sent (mailparser turns List-* headers into objects). */
function header(mail: ParsedMail, key: string): string {
  const line = mail.headerLines.find((h) => h.key === key)?.line ?? '';
  return line.slice(line.indexOf(':') + 1).trim();
}

/** The active player adds 1 and ends the turn (drawing a secret card). */
async function playTurn(url: string, id: string, players: Member[]): Promise<Member> {
  const seen = await loadGame(url, id, players[0]);
  const mover = players[seen.activeSeats[0]];
  const added = await move(url, await loadGame(url, id, mover), mover, { type: 'add', amount: 1 });
  if (added.status === 'ACTIVE') await move(url, added, mover, { type: 'endTurn' });
  return mover;
}

describe('email notifications (end to end)', () => {
  let inbox: SmtpInbox;
  let server: TestServer;
  let url: string;
  let ann: Member;
  let bob: Member;
  let eve: Member;
  let prisma: PrismaService;
  const clock = new ManualClock();

  beforeAll(async () => {
    inbox = await SmtpInbox.start();
    server = await startTestServer({ clock, mail: mailOptions(inbox.url) });
    url = server.url;
    prisma = new PrismaService(server.db.url);
    [ann, bob, eve] = await Promise.all(['Ann', 'Bob', 'Eve'].map((name) => registerMember(url, name)));
  });

  afterAll(async () => {
    await prisma.close();
    await server.close();
    await inbox.stop();
  });

  it('mails invitation, start, each turn with a redacted summary, rollback and result to the right people', async () => {
    const game = await startedGame(url, ann, bob, { invitationDealtWith: () => inbox.waitFor(bob.email, /invites you/) });
    const [invitation] = await inbox.waitFor(bob.email, /invites you/);
    expect(invitation.text).toContain("Ann's Counting (test game) game");
    await inbox.waitFor(ann.email, /^Game started/);
    await inbox.waitFor(bob.email, /^Game started/);
    const first = [ann, bob][game.activeSeats[0]];
    const second = first === ann ? bob : ann;
    const [firstTurn] = await inbox.waitFor(first.email, /^Your turn/);
    expect(firstTurn.from?.value).toEqual([{ name: 'Play by Web', address: 'games@example.org' }]);
    expect(firstTurn.html).toContain('It is your turn');
    expect(firstTurn.text).toContain(`http://play.example/games/${game.id}`);
    expect(header(firstTurn, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(header(firstTurn, 'list-unsubscribe')).toMatch(/^<http:\/\/play\.example\/unsubscribe\?user=.+&scope=YOUR_TURN&sig=.+>$/);

    await playTurn(url, game.id, [ann, bob]);
    const [secondTurn] = await inbox.waitFor(second.email, /^Your turn/);
    expect(secondTurn.text).toContain(`${first.name} moved`);
    // Neither player has moved before their first turn: the summary runs from the game's start, and says so.
    expect(firstTurn.text).toContain('Since the game began:');
    expect(secondTurn.text).toContain('Since the game began:');
    expect(secondTurn.text).toContain(`${first.name} added 1 to the counter.`);
    // The other seat's secret card: its draw is mentioned, its value is not.
    expect(secondTurn.text).toContain(`${first.name} drew a card.\n`);
    expect(secondTurn.html).not.toMatch(/drew a \d/);

    await playTurn(url, game.id, [ann, bob]);
    const [backToFirst] = (await inbox.waitFor(first.email, /^Your turn/, { count: 2 })).slice(1);
    expect(backToFirst.text).toContain(`${second.name} drew a card.\n`);
    expect(backToFirst.text).toContain('Since your last move:');
    expect(backToFirst.text).not.toContain(`${first.name} added`); // before the reader's own last move

    const current = await loadGame(url, game.id, ann);
    await gqlOk(
      url,
      `mutation($id: ID!, $v: Int!) { rollbackGame(gameId: $id, toVersion: $v, reason: "Bob's cat walked on the keyboard") { id } }`,
      { id: game.id, v: current.version - 2 },
      ann.token,
    );
    const [rollback] = await inbox.waitFor(bob.email, /^Rolled back/);
    const moments = await gqlOk<{ game: { history: Array<{ seq: number; moment: { move: number } }> } }>(
      url,
      `query($id: ID!) { game(id: $id) { history(first: 500) { seq moment { move } } } }`,
      { id: game.id },
      ann.token,
    );
    const landedOn = moments.game.history.find((entry) => entry.seq === current.version - 2)!.moment.move;
    expect(rollback.text).toContain(`Ann rolled Ann's Counting (test game) game back to move ${landedOn}.`);
    expect(rollback.text).not.toMatch(/version/i);
    expect(rollback.text).toContain("Reason: Bob's cat walked on the keyboard");

    while ((await loadGame(url, game.id, ann)).status !== 'FINISHED') await playTurn(url, game.id, [ann, bob]);
    const [over] = await inbox.waitFor(ann.email, /^Game over/);
    expect(over.text).toMatch(/Won by (Ann|Bob)/);
    await inbox.waitFor(bob.email, /^Game over/);
    expect(inbox.to(eve.email)).toEqual([]);
    expect(inbox.to(ann.email).filter((m) => /^Rolled back/.test(m.subject ?? ''))).toEqual([]);
  });

  it('calls a game by the name its host gave it, and a game from before names after its host', async () => {
    let invitation: Awaited<ReturnType<typeof inbox.waitFor>>[number] | undefined;
    const named = await startedGame(url, ann, bob, {
      name: 'Counting night',
      invitationDealtWith: async () => ([invitation] = await inbox.waitFor(bob.email, /invites you/, { containing: 'Counting night' })),
    });
    expect(invitation!.text).toContain('Ann invites you to a game of Counting (test game): Counting night.');
    expect(invitation!.text).not.toContain("Ann's Counting");
    const [started] = await inbox.waitFor(bob.email, /^Game started: Counting night$/, { containing: named.id });
    expect(started.text).toContain('Counting night (Counting (test game)) has started.');
    const mover = [ann, bob][named.activeSeats[0]];
    await inbox.waitFor(mover.email, /^Your turn: Counting night$/, { containing: named.id });

    // A game made before games had names has none: its mail names it after its host.
    const unnamed = await startedGame(url, ann, eve, { name: 'Soon forgotten' });
    await prisma.game.update({ where: { id: unnamed.id }, data: { name: null } });
    await playTurn(url, unnamed.id, [ann, eve]);
    const next = [ann, eve][(await loadGame(url, unnamed.id, ann)).activeSeats[0]];
    await inbox.waitFor(next.email, /^Your turn: Ann's Counting \(test game\) game$/, { containing: unnamed.id });
  });

  it('unsubscribes from one kind of mail through the signed link, without logging in', async () => {
    const game = await startedGame(url, ann, eve);
    const activePlayer = [ann, eve][game.activeSeats[0]];
    const [mail] = await inbox.waitFor(activePlayer.email, /^Your turn/, { containing: game.id });
    const link = new URL(header(mail, 'list-unsubscribe').slice(1, -1));
    const local = `${new URL(url).origin}${link.pathname}${link.search}`;

    const page = await fetch(local);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<form method="post"');
    const tampered = await fetch(local.replace('scope=YOUR_TURN', 'scope=ALL'), { method: 'POST' });
    expect(tampered.status).toBe(400);
    const done = await fetch(local, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('no more your-turn emails');

    const settings = await gqlOk<{ notificationSettings: { deliveries: Array<{ kind: string; delivery: string }> } }>(
      url,
      '{ notificationSettings { deliveries { kind delivery } } }',
      {},
      activePlayer.token,
    );
    expect(settings.notificationSettings.deliveries).toContainEqual({ kind: 'YOUR_TURN', delivery: 'OFF' });
    expect(settings.notificationSettings.deliveries).toContainEqual({ kind: 'GAME_FINISHED', delivery: 'IMMEDIATE' });

    await playTurn(url, game.id, [ann, eve]);
    await playTurn(url, game.id, [ann, eve]);
    await waitForStatus(activePlayer.id, 'YOUR_TURN', 'SKIPPED');
    const turnMails = inbox.to(activePlayer.email).filter((m) => /^Your turn/.test(m.subject ?? '') && m.text!.includes(game.id));
    expect(turnMails).toHaveLength(1);
    await gqlOk(
      url,
      'mutation { updateNotificationSettings(deliveries: [{ kind: YOUR_TURN, delivery: IMMEDIATE }]) { deliveries { kind } } }',
      {},
      activePlayer.token,
    );
  });

  it('holds mail a user wants as a digest and sends it once a day', async () => {
    await gqlOk(
      url,
      'mutation { updateNotificationSettings(deliveries: [{ kind: GAME_STARTED, delivery: DIGEST }, { kind: INVITATION, delivery: DIGEST }]) { deliveries { kind } } }',
      {},
      bob.token,
    );
    const before = inbox.to(bob.email).length;
    // An invitation Bob has not answered yet, and a game he joined unasked.
    const invitedTo = await createGame(url, ann);
    await gqlOk(url, `mutation($id: ID!, $email: String!) { invitePlayer(gameId: $id, email: $email) { id } }`, { id: invitedTo, email: bob.email }, ann.token);
    await startedGame(url, ann, bob);
    await waitForStatus(bob.id, 'GAME_STARTED', 'HELD');
    await waitForStatus(bob.id, 'INVITATION', 'HELD');
    const digests = server.app.get(Digests);
    expect(await digests.sendDue()).toBe(0);
    clock.advance(24 * 60 * 60 * 1000);
    expect(await digests.sendDue()).toBe(1);
    const [digest] = await inbox.waitFor(bob.email, /^Play by Web: 2 updates/);
    expect(digest.text).toContain('Ann invites you to play Counting (test game)');
    expect(digest.text).toContain("Game started: Ann's Counting (test game) game");
    expect(header(digest, 'list-unsubscribe')).toContain('scope=ALL');
    expect(
      inbox
        .to(bob.email)
        .slice(before)
        .filter((m) => /invites you|^Game started/.test(m.subject ?? '')),
    ).toEqual([]);
    await gqlOk(
      url,
      'mutation { updateNotificationSettings(deliveries: [{ kind: GAME_STARTED, delivery: IMMEDIATE }, { kind: INVITATION, delivery: IMMEDIATE }]) { deliveries { kind } } }',
      {},
      bob.token,
    );
  });

  it('delivers every mail exactly once when the SMTP server refuses for a while and then accepts', async () => {
    const [cat, dan] = await Promise.all(['Cat', 'Dan'].map((name) => registerMember(url, name)));
    inbox.refuseNext = 5;
    const refusedBefore = inbox.refused;
    const game = await startedGame(url, cat, dan);
    // 2 x started, your turn
    await waitForNotifications(game.id, ['SENT', 'SENT', 'SENT']);
    expect(inbox.refused - refusedBefore).toBe(5);
    await server.app.get(DeliveryQueue).settled(); // a duplicate, had one been in hand, is in the inbox now
    const received = [...inbox.to(cat.email), ...inbox.to(dan.email)];
    expect(received).toHaveLength(3);
    expect(new Set(received.map((m) => m.messageId)).size).toBe(3);
    // One game, one conversation: every mail of it refers to the game's own root id.
    for (const mail of received) {
      expect(mail.references).toBe(`<game-${game.id}@play.example>`);
      expect(mail.inReplyTo).toBe(`<game-${game.id}@play.example>`);
    }
    const rows = await prisma.notification.findMany({ where: { gameId: game.id } });
    expect(rows.reduce((sum, r) => sum + r.attempts, 0)).toBe(8);
  });

  it('does not send a "your turn" mail whose turn was played before it could go out', async () => {
    const [fay, gus] = await Promise.all(['Fay', 'Gus'].map((name) => registerMember(url, name)));
    inbox.refuseNext = 1000; // hold every mail back until the turn is played
    const game = await startedGame(url, fay, gus);
    const [first, second] = game.activeSeats[0] === 0 ? [fay, gus] : [gus, fay];
    await playTurn(url, game.id, [fay, gus]);
    await waitForStatus(first.id, 'YOUR_TURN', 'SUPERSEDED');
    inbox.refuseNext = 0;
    await inbox.waitFor(second.email, /^Your turn/);
    await waitForNotifications(game.id, ['SENT', 'SENT', 'SENT', 'SUPERSEDED']);
    expect(inbox.to(first.email).filter((m) => /^Your turn/.test(m.subject ?? ''))).toEqual([]);
  });

  /** Waits until the game's notifications have exactly these statuses (in any order). */
  async function waitForNotifications(gameId: string, statuses: string[]): Promise<void> {
    const deadline = Date.now() + 20_000;
    const sorted = (list: string[]) => [...list].sort().join(',');
    let seen: string[];
    while (sorted((seen = (await prisma.notification.findMany({ where: { gameId } })).map((n) => n.status))) !== sorted(statuses)) {
      if (Date.now() > deadline) throw new Error(`notifications of game ${gameId} are ${seen.join(', ')}, not ${statuses.join(', ')}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  async function waitForStatus(userId: string, kind: 'YOUR_TURN' | 'GAME_STARTED' | 'INVITATION', status: string): Promise<void> {
    const deadline = Date.now() + 20_000;
    while (!(await prisma.notification.findFirst({ where: { userId, kind, status: status as never } }))) {
      if (Date.now() > deadline) throw new Error(`no ${kind} notification became ${status}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
});

describe('mail the SMTP server never accepts', () => {
  it('is marked FAILED with its error once the retries are spent, and never sent afterwards', async () => {
    const inbox = await SmtpInbox.start();
    const server = await startTestServer({ mail: { ...mailOptions(inbox.url), delivery: { ...FAST_RETRIES, retryLimit: 2 } } });
    const prisma = new PrismaService(server.db.url);
    try {
      inbox.refuseNext = 1000;
      const [ann, bob] = await Promise.all(['Ann', 'Bob'].map((name) => registerMember(server.url, name)));
      const game = await startedGame(server.url, ann, bob);
      const deadline = Date.now() + 30_000;
      const failed = () => prisma.notification.findMany({ where: { gameId: game.id, status: 'FAILED' } });
      while ((await failed()).length < 3) {
        if (Date.now() > deadline) throw new Error('the notifications were not all marked FAILED');
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      for (const row of await failed()) {
        expect(row.attempts).toBe(3); // the first try and two retries
        expect(row.lastError).toContain('Try again later');
      }
      // The player learns it where the mail cannot fail: on their settings.
      const undelivered = async (player: Member) =>
        (
          await gqlOk<{ notificationSettings: { undeliveredEmails: Array<{ kind: string; gameId: string; error: string }> } }>(
            server.url,
            '{ notificationSettings { undeliveredEmails { kind gameId error } } }',
            {},
            player.token,
          )
        ).notificationSettings.undeliveredEmails;
      expect(await undelivered(ann)).toContainEqual({ kind: 'GAME_STARTED', gameId: game.id, error: expect.stringContaining('Try again later') });
      expect((await undelivered(bob)).map((email) => email.kind)).toContain('GAME_STARTED');
      expect(await undelivered(await registerMember(server.url, 'Cat'))).toEqual([]);
      inbox.refuseNext = 0;
      await server.app.get(DeliveryQueue).settled(); // a FAILED mail's last try is past: a retry of it would be due now
      expect(inbox.mails).toEqual([]);
    } finally {
      await prisma.close();
      await server.close();
      await inbox.stop();
    }
  });
});

describe('email delivery across a restart or a crash', () => {
  /**
   * Starts a game through a first server that cannot send, stops it as `stopFirst` says,
   * and checks that the next server delivers every mail the game caused, once each.
   */
  async function deliveredByTheNextServer(startFirst: (db: TestDatabase) => Promise<{ url: string; stop(): Promise<void> }>) {
    const db = await createTestDatabase();
    const inbox = await SmtpInbox.start();
    const prisma = new PrismaService(db.url);
    const first = await startFirst(db);
    try {
      const [ann, bob] = await Promise.all(['Ann', 'Bob'].map((name) => registerMember(first.url, name)));
      const game = await startedGame(first.url, ann, bob);
      await first.stop();
      expect(await prisma.notification.count({ where: { gameId: game.id, status: 'PENDING' } })).toBe(3); // 2 x started, your turn
      const next = await startTestServer({ db, mail: mailOptions(inbox.url) });
      try {
        await inbox.waitFor(bob.email, /^Game started/);
        await inbox.waitFor(ann.email, /^Game started/);
        for (const deadline = Date.now() + 20_000; inbox.mails.length < 3 && Date.now() < deadline;) await new Promise((resolve) => setTimeout(resolve, 50));
        await next.app.get(DeliveryQueue).settled();
        expect(inbox.mails).toHaveLength(3);
        expect(await prisma.notification.count({ where: { gameId: game.id, status: 'SENT' } })).toBe(3);
      } finally {
        await next.close();
      }
    } finally {
      await first.stop();
      await prisma.close();
      await inbox.stop();
      await db.drop();
    }
  }

  it('sends what a stopped server left in the outbox once the next one starts', async () => {
    const nowhere = `smtp://127.0.0.1:${await freePort()}`; // nothing listens: every send fails
    await deliveredByTheNextServer(async (db) => {
      const server = await startTestServer({ db, mail: mailOptions(nowhere) });
      let closed = false;
      const stop = async () => {
        if (closed) return;
        closed = true;
        await server.close();
      };
      return { url: server.url, stop };
    });
  });

  it('delivers the mail of moves accepted by a server killed before it could send', async () => {
    // A process that queues notifications but sends none: every mail is still to send when it dies.
    await deliveredByTheNextServer(async (db) => {
      const server = await startServerProcess(db);
      return { url: server.url, stop: () => server.stop('SIGKILL') };
    });
  });
});

describe('the development mail catcher', () => {
  it('receives the mail over SMTP in-process and shows it at /dev/mail', async () => {
    const catcher = new MailCatcher();
    const server = await startTestServer({ mail: { ...mailOptions(await catcher.start()), catcher } });
    try {
      const [ann, bob] = await Promise.all(['Ann', 'Bob'].map((name) => registerMember(server.url, name)));
      await startedGame(server.url, ann, bob, {
        invitationDealtWith: async () => {
          for (const deadline = Date.now() + 20_000; !catcher.list().some((mail) => mail.subject.includes('invites you')) && Date.now() < deadline;)
            await new Promise((resolve) => setTimeout(resolve, 100));
        },
      });
      const deadline = Date.now() + 20_000;
      while (catcher.list().length < 4 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
      // The API tells the page, a visitor's included, that mail is caught, not sent.
      expect(await gqlOk(server.url, '{ mailCaught }')).toEqual({ mailCaught: true });
      const origin = new URL(server.url).origin;
      const key = `key=${catcher.pageKey}`;
      const listed = await fetch(`${origin}/dev/mail?${key}`);
      expect(listed.headers.get('content-type')).toBe('text/html; charset=utf-8');
      const list = await listed.text();
      expect(list).toContain('invites you to play Counting (test game)');
      const invitation = catcher.list().find((mail) => mail.subject.includes('invites you'))!;
      // The list links to each mail, and each mail back to the list, with the key.
      expect(list).toContain(`href="/dev/mail/${invitation.id}?${key}"`);
      const shown = await (await fetch(`${origin}/dev/mail/${invitation.id}?${key}`)).text();
      expect(shown).toContain(`href="/dev/mail?${key}"`);
      // The HTML part in a frame that runs nothing and reaches nothing of the page; its links open a new tab, out of the frame.
      expect(shown).toMatch(/<iframe[^>]*\ssandbox="allow-popups allow-popups-to-escape-sandbox"/);
      expect(shown).toContain('&lt;base target=&quot;_blank&quot; /&gt;');
      expect(shown).toContain('Take a seat: http://play.example/games/');
      expect((await fetch(`${origin}/dev/mail/999?${key}`)).status).toBe(404);
      // Caught mail holds sign-up and password reset links: without the key, or with another, nothing is shown.
      for (const path of [
        '/dev/mail',
        `/dev/mail/${invitation.id}`,
        `/dev/mail?key=`,
        `/dev/mail/${invitation.id}?key=${catcher.pageKey.slice(1)}x`,
        `/dev/mail?key=${catcher.pageKey}&key=${catcher.pageKey}`,
      ]) {
        const refused = await fetch(`${origin}${path}`);
        expect({ path, status: refused.status }).toEqual({ path, status: 403 });
        // Said in JSON, and named so (a page's HTML header on it made Nest warn at every refusal).
        expect(refused.headers.get('content-type')).toMatch(/^application\/json/);
        const text = await refused.text();
        expect(text).toContain('printed in its log');
        expect(text).not.toContain('invites you');
      }
    } finally {
      await server.close();
      await catcher.stop();
    }
  });

  it('is not there when mail goes to a real server', async () => {
    const server = await startTestServer();
    try {
      expect((await fetch(`${new URL(server.url).origin}/dev/mail`)).status).toBe(404);
      expect(await gqlOk(server.url, '{ mailCaught }')).toEqual({ mailCaught: false });
    } finally {
      await server.close();
    }
  });
});
