/**
 * Web push, end to end: real PostgreSQL, real SMTP, and a push service
 * stand-in on loopback (OUTBOUND_ALLOW_PRIVATE on, as for a private
 * server) that receives each encrypted push, which the test decrypts with
 * the browser's keys (RFC 8291) and reads.
 */
import type { Client } from 'graphql-ws';
import { print } from 'graphql';
import { generateVAPIDKeys } from 'web-push';
import { ManualClock } from '../src/common/clock';
import { PrismaService } from '../src/database/prisma.service';
import { DeliveryQueue } from '../src/notifications/delivery-queue';
import { GracePeriods } from '../src/notifications/grace-periods';
import { PushQueue } from '../src/push/push-queue';
import { errorCode, firstAnswer, gql, gqlOk, Member, quickMailTo, registerMember, startTestServer, TestServer, wsClient } from './support/app';
import { PresentAtGameDocument } from '../web/src/api/generated';
import { playTurn, seeGame, startCountingGame } from './support/counting-api';
import { browserKeys, BrowserKeys, PushServiceStandIn, readPush } from './support/push-service';
import { SmtpInbox } from './support/smtp-inbox';
import { until } from './support/until';

const DELAY_SECONDS = 180;
const VAPID = { ...generateVAPIDKeys(), subject: 'mailto:ops@example.org' };

describe('web push', () => {
  const clock = new ManualClock(new Date('2026-03-01T12:00:00.000Z'));
  let inbox: SmtpInbox;
  let pushService: PushServiceStandIn;
  let server: TestServer;
  /** The same database, with private addresses refused, as a public server runs. */
  let guarded: TestServer;
  let prisma: PrismaService;
  let ann: Member;
  let bob: Member;

  beforeAll(async () => {
    [inbox, pushService] = await Promise.all([SmtpInbox.start(), PushServiceStandIn.start()]);
    server = await startTestServer({
      clock,
      mail: quickMailTo(inbox.url),
      turnMailDelaySeconds: DELAY_SECONDS,
      outboundAllowPrivate: true,
      push: {
        vapid: VAPID,
        publicUrl: 'http://play.example',
        sends: true,
        delivery: { retryDelaySeconds: 0.2, retryBackoff: false, pollingIntervalSeconds: 0.2 },
      },
    });
    guarded = await startTestServer({ clock, db: server.db });
    prisma = new PrismaService(server.db.url);
    [ann, bob] = await Promise.all([registerMember(server.url, 'Ann'), registerMember(server.url, 'Bob')]);
  });

  afterAll(async () => {
    await prisma.close();
    await guarded.close();
    await server.close();
    await Promise.all([inbox.stop(), pushService.stop()]);
  });

  async function subscribe(who: Member, endpoint: string, keys: BrowserKeys = browserKeys(), label = 'phone'): Promise<{ id: string; keys: BrowserKeys }> {
    const { addPushSubscription } = await gqlOk<{ addPushSubscription: { id: string } }>(
      server.url,
      'mutation($e: String!, $p: String!, $a: String!, $l: String!) { addPushSubscription(endpoint: $e, p256dh: $p, auth: $a, label: $l) { id } }',
      { e: endpoint, p: keys.p256dh, a: keys.auth, l: label },
      who.token,
    );
    return { id: addPushSubscription.id, keys };
  }

  async function unsubscribeAll(who: Member): Promise<void> {
    await prisma.pushSubscription.deleteMany({ where: { userId: who.id } });
  }

  async function choose(who: Member, kind: string, channel: string): Promise<void> {
    await gqlOk(
      server.url,
      'mutation($d: [KindDeliveryInput!]!) { updateNotificationSettings(deliveries: $d) { deliveries { kind } } }',
      { d: [{ kind, delivery: 'IMMEDIATE', channel }] },
      who.token,
    );
  }

  /** A new game of Ann's and Bob's with Bob to move; his turn notification waits out its grace period. */
  async function gameWithBobToMove(): Promise<string> {
    const gameId = await startCountingGame(server.url, [ann, bob], { seed: `push-${Math.random()}` });
    if ((await seeGame(server.url, gameId)).activeSeats[0] !== 1) await playTurn(server.url, gameId, [ann, bob]);
    return gameId;
  }

  /** The grace period ends, and every notification and push due is dealt with. */
  async function graceEnds(): Promise<void> {
    clock.advance(DELAY_SECONDS * 1000);
    await server.app.get(GracePeriods).releaseDue();
    await server.app.get(DeliveryQueue).settled();
    await server.app.get(PushQueue).settled();
  }

  async function turnStatus(gameId: string, who: Member): Promise<string> {
    const [row] = await prisma.notification.findMany({ where: { gameId, userId: who.id, kind: 'YOUR_TURN' }, orderBy: { gameVersion: 'desc' }, take: 1 });
    return row.status;
  }

  const turnMails = (who: Member, gameId: string) => inbox.to(who.email).filter((mail) => /^Your turn/.test(mail.subject ?? '') && mail.text?.includes(gameId));

  describe('devices', () => {
    it('serves the VAPID public key a browser subscribes with', async () => {
      expect((await gqlOk<{ pushPublicKey: string }>(server.url, '{ pushPublicKey }')).pushPublicKey).toBe(VAPID.publicKey);
    });

    it('lists the devices a player added, and removes only their own', async () => {
      const phone = await subscribe(ann, pushService.endpoint(), browserKeys(), 'phone');
      clock.advance(1000);
      const laptop = await subscribe(ann, pushService.endpoint(), browserKeys(), '  work laptop ');
      const devices = () =>
        gqlOk<{ pushSubscriptions: Array<{ id: string; label: string; createdAt: string }> }>(
          server.url,
          '{ pushSubscriptions { id label createdAt } }',
          {},
          ann.token,
        );
      expect((await devices()).pushSubscriptions).toEqual([
        { id: phone.id, label: 'phone', createdAt: expect.any(String) },
        { id: laptop.id, label: 'work laptop', createdAt: expect.any(String) },
      ]);
      const remove = (id: string, who: Member) => gql(server.url, 'mutation($id: ID!) { removePushSubscription(id: $id) }', { id }, who.token);
      expect(errorCode(await remove(phone.id, bob))).toBe('NOT_FOUND');
      expect(errorCode(await remove('not-an-id', ann))).toBe('NOT_FOUND');
      expect((await devices()).pushSubscriptions).toHaveLength(2);
      expect((await remove(phone.id, ann)).data).toEqual({ removePushSubscription: true });
      expect((await devices()).pushSubscriptions.map(({ id }) => id)).toEqual([laptop.id]);
      await unsubscribeAll(ann);
    });

    const keys = browserKeys();
    const refusals: Array<[string, Record<string, string>, RegExp]> = [
      ['an endpoint that is not a URL', { e: 'not a url' }, /not a web address/],
      ['a plain http endpoint', { e: 'http://push.example.org/x' }, /Only https/],
      ['an endpoint whose name resolves to loopback', { e: 'https://localhost/push/x' }, /127\.0\.0\.1 is a private or reserved address/],
      ['an endpoint at a private IP address', { e: 'https://10.0.0.8/push/x' }, /private or reserved address/],
      ['an endpoint at the metadata service', { e: 'https://169.254.169.254/latest' }, /cloud metadata address/],
      ['a p256dh key that is not a P-256 point', { p: Buffer.alloc(65, 4).toString('base64url') }, /not a P-256 public key/],
      ['a p256dh key of the wrong length', { p: keys.p256dh.slice(0, 40) }, /not a P-256 public key/],
      ['an auth secret of the wrong length', { a: Buffer.alloc(8).toString('base64url') }, /not 16 bytes/],
      ['an empty label', { l: '   ' }, /device name/],
    ];
    it.each(refusals)('refuses %s with BAD_USER_INPUT, writing nothing', async (_what, change, message) => {
      const variables = { e: 'https://8.8.8.8/push/x', p: keys.p256dh, a: keys.auth, l: 'phone', ...change };
      const result = await gql(
        guarded.url,
        'mutation($e: String!, $p: String!, $a: String!, $l: String!) { addPushSubscription(endpoint: $e, p256dh: $p, auth: $a, label: $l) { id } }',
        variables,
        bob.token,
      );
      expect(errorCode(result)).toBe('BAD_USER_INPUT');
      expect(result.errors![0].message).toMatch(message);
      expect(await prisma.pushSubscription.count({ where: { userId: bob.id } })).toBe(0);
    });

    it('sends a test push to each device, and refuses one to a player without any', async () => {
      const device = await subscribe(bob, pushService.endpoint());
      const endpoint = (await prisma.pushSubscription.findUniqueOrThrow({ where: { id: device.id } })).endpoint;
      expect(await gqlOk(server.url, 'mutation { sendTestPush }', {}, bob.token)).toEqual({ sendTestPush: 1 });
      const [push] = await pushService.waitFor(endpoint);
      expect(readPush(push, device.keys)).toEqual(expect.objectContaining({ title: 'A test from Play by Web', url: 'http://play.example/settings' }));
      await unsubscribeAll(bob);
      expect(errorCode(await gql(server.url, 'mutation { sendTestPush }', {}, bob.token))).toBe('BAD_USER_INPUT');
    });
  });

  describe('what is pushed', () => {
    afterEach(async () => {
      await unsubscribeAll(bob);
      await choose(bob, 'YOUR_TURN', 'BOTH');
    });

    it('pushes "your turn", encrypted for the device and signed, once the grace period is over; the mail goes too', async () => {
      const endpoint = pushService.endpoint();
      const { keys } = await subscribe(bob, endpoint);
      const gameId = await gameWithBobToMove();
      expect(pushService.to(endpoint)).toHaveLength(0);
      await graceEnds();
      const [push] = await pushService.waitFor(endpoint);
      expect(push.headers).toMatchObject({ 'content-encoding': 'aes128gcm', ttl: '86400', urgency: 'high' });
      expect(push.headers.authorization).toMatch(new RegExp(`^vapid t=.+, k=${VAPID.publicKey}$`));
      const shown = readPush(push, keys);
      expect(shown).toEqual({
        title: expect.stringMatching(/^Your turn: Ann's Counting/),
        body: expect.any(String),
        url: `http://play.example/games/${gameId}?since=me`,
        tag: `${gameId}:YOUR_TURN`,
      });
      expect(`${shown.title} ${shown.body}`).not.toMatch(/YOUR_TURN|notification|graphql|version/i);
      await inbox.waitFor(bob.email, /^Your turn/, { containing: gameId });
      expect(await turnStatus(gameId, bob)).toBe('SENT');
    });

    it('pushes nothing to a player who was looking at the game during the grace period (SEEN)', async () => {
      const endpoint = pushService.endpoint();
      await subscribe(bob, endpoint);
      const gameId = await gameWithBobToMove();
      // Bob's page, visible and in use: it holds presentAtGame.
      const client: Client = wsClient(server.url, bob.token);
      expect(await firstAnswer(client, print(PresentAtGameDocument), { gameId })).toMatchObject({ data: { presentAtGame: true } });
      await graceEnds();
      await client.dispose();
      expect(await turnStatus(gameId, bob)).toBe('SEEN');
      expect(pushService.to(endpoint)).toHaveLength(0);
    });

    it('pushes nothing of any kind to a player looking at the game when it would go (SEEN): their page shows it', async () => {
      const endpoint = pushService.endpoint();
      const { id } = await subscribe(bob, endpoint);
      const gameId = await startCountingGame(server.url, [ann, bob], { seed: `push-seen-${Math.random()}` });
      const client: Client = wsClient(server.url, bob.token);
      expect(await firstAnswer(client, print(PresentAtGameDocument), { gameId })).toMatchObject({ data: { presentAtGame: true } });
      await gqlOk(server.url, 'mutation($id: ID!) { proposeEnd(gameId: $id) { id } }', { id: gameId }, ann.token);
      await server.app.get(DeliveryQueue).settled();
      await server.app.get(PushQueue).settled();
      await client.dispose();
      expect(await prisma.pushMessage.findMany({ where: { subscriptionId: id }, select: { status: true } })).toEqual([{ status: 'SEEN' }]);
      expect(pushService.to(endpoint)).toHaveLength(0);
    });

    it('follows the choice of channel: push only, mail only, both; and mails a player who chose push but has no device', async () => {
      const endpoint = pushService.endpoint();
      await subscribe(bob, endpoint);

      await choose(bob, 'YOUR_TURN', 'PUSH');
      const pushOnly = await gameWithBobToMove();
      await graceEnds();
      await pushService.waitFor(endpoint, 1);
      expect(await turnStatus(pushOnly, bob)).toBe('PUSHED');
      expect(turnMails(bob, pushOnly)).toHaveLength(0);

      await choose(bob, 'YOUR_TURN', 'MAIL');
      const mailOnly = await gameWithBobToMove();
      await graceEnds();
      await inbox.waitFor(bob.email, /^Your turn/, { containing: mailOnly });
      expect(pushService.to(endpoint)).toHaveLength(1);

      await choose(bob, 'YOUR_TURN', 'BOTH');
      const both = await gameWithBobToMove();
      await graceEnds();
      await inbox.waitFor(bob.email, /^Your turn/, { containing: both });
      await pushService.waitFor(endpoint, 2);

      await unsubscribeAll(bob);
      await choose(bob, 'YOUR_TURN', 'PUSH');
      const noDevice = await gameWithBobToMove();
      await graceEnds();
      await inbox.waitFor(bob.email, /^Your turn/, { containing: noDevice });
      expect(await turnStatus(noDevice, bob)).toBe('SENT');
    });

    it('shows the lines of a "new messages" push, and the next mail about the chat starts after them', async () => {
      const endpoint = pushService.endpoint();
      const { keys } = await subscribe(bob, endpoint);
      const gameId = await gameWithBobToMove();
      await graceEnds(); // his turn's notification goes first: it would carry the chat otherwise
      const say = (text: string) =>
        gqlOk(server.url, 'mutation($g: ID!, $t: String!) { sendChatMessage(gameId: $g, text: $t) { gameId } }', { g: gameId, t: text }, ann.token);

      await choose(bob, 'NEW_MESSAGES', 'PUSH');
      await say('Good luck with the bids');
      await graceEnds();
      const pushes = await pushService.waitFor(endpoint, 2);
      const shown = readPush(pushes[pushes.length - 1], keys);
      expect(shown.title).toMatch(/^New messages/);
      expect(shown.body).toContain('Good luck with the bids');

      await choose(bob, 'NEW_MESSAGES', 'MAIL');
      await say('Your move, I think');
      await graceEnds();
      const [mail] = await inbox.waitFor(bob.email, /^New messages/, { containing: 'Your move, I think' });
      expect(mail.text).not.toContain('Good luck with the bids');
      await choose(bob, 'NEW_MESSAGES', 'BOTH');
    });

    it('refuses a channel for a kind push does not carry', async () => {
      const result = await gql(
        server.url,
        'mutation($d: [KindDeliveryInput!]!) { updateNotificationSettings(deliveries: $d) { deliveries { kind } } }',
        { d: [{ kind: 'INVITATION', delivery: 'IMMEDIATE', channel: 'PUSH' }] },
        bob.token,
      );
      expect(errorCode(result)).toBe('BAD_USER_INPUT');
    });
  });

  describe('delivery', () => {
    afterEach(() => unsubscribeAll(bob));

    it.each([410, 404])('removes a device whose push service answers %i, with its pushes', async (status) => {
      const endpoint = pushService.endpoint([status]);
      const { id } = await subscribe(bob, endpoint);
      await gameWithBobToMove();
      await graceEnds();
      expect(await prisma.pushSubscription.findUnique({ where: { id } })).toBeNull();
      expect(await prisma.pushMessage.count({ where: { subscriptionId: id } })).toBe(0);
    });

    it('tries a push the push service failed again, with backoff, until it is taken', async () => {
      const endpoint = pushService.endpoint([500, 503]);
      const { id, keys } = await subscribe(bob, endpoint);
      const gameId = await gameWithBobToMove();
      await graceEnds();
      const [push] = await pushService.waitFor(endpoint);
      expect(readPush(push, keys).url).toBe(`http://play.example/games/${gameId}?since=me`);
      await server.app.get(PushQueue).settled(); // the push service has the push before the worker has marked it sent
      const message = await prisma.pushMessage.findFirstOrThrow({ where: { subscriptionId: id } });
      expect(message).toMatchObject({ status: 'SENT', attempts: 3, lastError: null });
    });

    it('does not push, when its try comes again, a "your turn" whose turn is over: SUPERSEDED, as its mail would be', async () => {
      const endpoint = pushService.endpoint(Array.from({ length: 50 }, () => 503));
      const { id } = await subscribe(bob, endpoint);
      const gameId = await gameWithBobToMove();
      await graceEnds();
      await until(async () => (await prisma.pushMessage.findFirstOrThrow({ where: { subscriptionId: id } })).attempts >= 1, 'the first try failed');
      await playTurn(server.url, gameId, [ann, bob]); // Bob moves meanwhile
      await until(async () => (await prisma.pushMessage.findFirstOrThrow({ where: { subscriptionId: id } })).status !== 'PENDING', 'the push was dealt with');
      expect(await prisma.pushMessage.findFirstOrThrow({ where: { subscriptionId: id } })).toMatchObject({ status: 'SUPERSEDED' });
    });

    it("refuses, at delivery, an endpoint that leads to a private address where they are not allowed (the server's own guard)", async () => {
      // An endpoint stored while private addresses were allowed, on a server that no longer allows them: the guard at connect time refuses it.
      const sealed = await startTestServer({
        clock,
        push: { vapid: VAPID, publicUrl: 'http://play.example', sends: true, delivery: { retryLimit: 0, pollingIntervalSeconds: 0.2 } },
      });
      const sealedPrisma = new PrismaService(sealed.db.url);
      try {
        const endpoint = pushService.endpoint();
        const keys = browserKeys();
        const device = await sealedPrisma.pushSubscription.create({
          data: { userId: bob.id, endpoint, p256dh: keys.p256dh, auth: keys.auth, label: 'phone', createdAt: clock.now() },
        });
        const { id } = await sealedPrisma.pushMessage.create({ data: { subscriptionId: device.id, payload: { title: 't', body: 'b', url: 'u', tag: 't' } } });
        await sealed.app.get(PushQueue).settled();
        expect(await sealedPrisma.pushMessage.findUniqueOrThrow({ where: { id } })).toMatchObject({
          status: 'FAILED',
          lastError: 'Only https addresses can be called.',
        });
        expect(pushService.to(endpoint)).toHaveLength(0);
      } finally {
        await sealedPrisma.close();
        await sealed.close();
      }
    });
  });

  describe("a request's Accept and Decline buttons", () => {
    afterEach(() => unsubscribeAll(bob));

    const answer = (token: string, accept: boolean) =>
      gql(server.url, 'mutation($t: String!, $a: Boolean!) { answerFromPush(token: $t, accept: $a) }', { t: token, a: accept });
    const proposal = async (gameId: string) =>
      (
        await gqlOk<{ game: { status: string; proposal: { kind: string } | null } }>(
          server.url,
          'query($id: ID!) { game(id: $id) { status proposal { kind } } }',
          { id: gameId },
          ann.token,
        )
      ).game;

    /** Bob's device, and a game in which Ann, having just moved, asks `mutation`; returns the push Bob got. */
    async function askBob(mutation: (gameId: string) => Promise<unknown>): Promise<{ gameId: string; shown: Record<string, any> }> {
      const endpoint = pushService.endpoint();
      const { keys } = await subscribe(bob, endpoint);
      const gameId = await startCountingGame(server.url, [ann, bob], { seed: `answer-${Math.random()}` });
      if ((await seeGame(server.url, gameId)).activeSeats[0] !== 0) await playTurn(server.url, gameId, [ann, bob]);
      await playTurn(server.url, gameId, [ann, bob]);
      await mutation(gameId);
      await server.app.get(DeliveryQueue).settled();
      await server.app.get(PushQueue).settled();
      const pushes = await pushService.waitFor(endpoint);
      return { gameId, shown: readPush(pushes[pushes.length - 1], keys) };
    }

    it('declines a takeback with the token its push carried, which answers that request only', async () => {
      const { gameId, shown } = await askBob(async (gameId) => {
        const { game } = await gqlOk<{ game: { takebackFrom: number } }>(
          server.url,
          'query($id: ID!) { game(id: $id) { takebackFrom } }',
          { id: gameId },
          ann.token,
        );
        await gqlOk(
          server.url,
          'mutation($id: ID!, $to: Int!) { requestTakeback(gameId: $id, toVersion: $to, reason: "misclick") { id } }',
          { id: gameId, to: game.takebackFrom },
          ann.token,
        );
      });
      expect(shown).toMatchObject({
        title: expect.stringMatching(/^Ann asks for a takeback in /),
        answer: { gameId, proposal: 'takeback', token: expect.any(String) },
      });
      expect((await proposal(gameId)).proposal).toEqual({ kind: 'TAKEBACK' });
      expect((await answer(shown.answer.token, false)).data).toEqual({ answerFromPush: true });
      expect((await proposal(gameId)).proposal).toBeNull();
      expect(errorCode(await answer(shown.answer.token, true))).toBe('NOTHING_PENDING');
    });

    it('accepts a proposal to end with its token; a forged token answers nothing', async () => {
      const { gameId, shown } = await askBob((gameId) => gqlOk(server.url, 'mutation($id: ID!) { proposeEnd(gameId: $id) { id } }', { id: gameId }, ann.token));
      expect(shown.answer).toEqual({ gameId, proposal: 'end', token: expect.any(String) });
      const [claims, signature] = shown.answer.token.split('.');
      expect(errorCode(await answer(`${claims}.${signature.slice(2)}xx`, true))).toBe('UNAUTHENTICATED');
      expect((await proposal(gameId)).status).toBe('ACTIVE');
      expect((await answer(shown.answer.token, true)).data).toEqual({ answerFromPush: true });
      expect((await proposal(gameId)).status).toBe('FINISHED');
    });
  });
});
