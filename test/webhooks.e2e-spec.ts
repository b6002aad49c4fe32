/**
 * A game's turns posted to chat channels: real HTTP servers on loopback
 * stand in for Discord, Slack, Matrix and a JSON receiver (the server may
 * call them: OUTBOUND_ALLOW_PRIVATE). Posts are delivered by hand here
 * (`deliverDue`), so each step is seen; the app's clock is a ManualClock.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { ManualClock } from '../src/common/clock';
import { PrismaService } from '../src/database/prisma.service';
import { WebhookDelivery } from '../src/webhooks/webhook-delivery';
import { errorCode, gql, gqlOk, Player, registerPlayer, startTestServer, TestServer } from './support/app';
import { ChannelSink } from './support/channel-sink';
import { CountingGameInput, playTurn, seeGame, startCountingGame } from './support/counting-api';

/** The receiver's check of a JSON post's signature, as the README shows it. */
function signedBy(secret: string, header: string, body: string): boolean {
  const parts = Object.fromEntries(header.split(',').map((part) => part.split('=') as [string, string]));
  const expected = createHmac('sha256', secret).update(`${parts.t}.${body}`).digest('hex');
  return expected.length === parts.v1.length && timingSafeEqual(Buffer.from(expected), Buffer.from(parts.v1));
}

const SET = `mutation($id: ID!, $url: String!, $kind: WebhookKind!) {
  setGameWebhook(gameId: $id, url: $url, kind: $kind) { secret webhook { id kind url failingSince switchedOffAt } } }`;
const READ = `query($id: ID!) { gameWebhook(gameId: $id) { id kind url failingSince switchedOffAt } }`;

describe('webhooks: each turn of a game posted to a chat channel', () => {
  const clock = new ManualClock(new Date('2026-05-04T10:00:00.000Z'));
  let sink: ChannelSink;
  let server: TestServer;
  let prisma: PrismaService;
  let delivery: WebhookDelivery;
  let ann: Player;
  let bob: Player;

  beforeAll(async () => {
    sink = await ChannelSink.start();
    server = await startTestServer({
      clock,
      outboundAllowPrivate: true,
      webhooks: { deliver: false, delivery: { retryDelaySeconds: 0, retryBackoff: false } },
      // A bot's seat stays to act, to be told of.
      bots: { play: false },
    });
    prisma = new PrismaService(server.db.url);
    delivery = server.app.get(WebhookDelivery);
    ann = await registerPlayer(server.url, 'Ann');
    bob = await registerPlayer(server.url, 'Bob');
    // A name a channel would read as markup and mentions, were it not escaped.
    await gqlOk(server.url, `mutation { updateProfile(displayName: "Bob <!channel> @everyone") { displayName } }`, {}, bob.token);
  });

  afterAll(async () => {
    await prisma?.close();
    await server?.close();
    await sink?.stop();
  });

  /** Delivers what is due, as the worker would, until nothing is. */
  async function deliverDue(): Promise<void> {
    while ((await delivery.queue.deliverBatch((claims) => delivery.deliver(claims))) > 0);
  }

  async function gameWithWebhook(path: string, kind: string, input: CountingGameInput = {}): Promise<{ gameId: string; secret: string }> {
    const gameId = await startCountingGame(server.url, [ann, bob], input);
    const { setGameWebhook } = await gqlOk<{ setGameWebhook: { secret: string } }>(server.url, SET, { id: gameId, url: sink.url(path), kind }, ann.token);
    return { gameId, secret: setGameWebhook.secret };
  }

  const postsTo = (path: string) => sink.received.filter((request) => request.path.startsWith(path));

  async function headHash(gameId: string): Promise<string> {
    const [row] = await prisma.sql.query<{ hash: string }>(
      'SELECT hash FROM game_events WHERE game_id = $1::uuid AND seq = (SELECT version FROM games WHERE id = $1::uuid)',
      [gameId],
    );
    return row.hash;
  }

  it('JSON: a post per turn, signed with the secret shown once, naming who is to move, the last move, a link and the history’s fingerprint', async () => {
    const { gameId, secret } = await gameWithWebhook('/json', 'JSON');
    expect(secret).toMatch(/^whsec_/);
    await playTurn(server.url, gameId, [ann, bob]);
    await deliverDue();
    const [post] = postsTo('/json');
    expect(signedBy(secret, post.headers['webhook-signature'] as string, post.body)).toBe(true);
    expect(signedBy('whsec_another', post.headers['webhook-signature'] as string, post.body)).toBe(false);
    const { game, type, text } = JSON.parse(post.body) as { type: string; text: string; game: Record<string, unknown> };
    expect(type).toBe('game.turn');
    expect(game.link).toBe(`http://localhost/games/${gameId}`);
    expect(game.headHash).toBe(await headHash(gameId));
    expect((game.toAct as string[]).length).toBe(1);
    expect(game.lastMove).toEqual(expect.any(String));
    expect(text).toContain('is to move');
    // The secret is never shown again.
    const read = await gqlOk<{ gameWebhook: Record<string, unknown> }>(server.url, READ, { id: gameId }, ann.token);
    expect(read.gameWebhook).toMatchObject({ kind: 'JSON', url: sink.url('/json'), failingSince: null });
    expect(JSON.stringify(read)).not.toContain(secret);
  });

  it('Discord: one status message per game, edited in place at each turn; posted afresh if someone deleted it; nobody is pinged', async () => {
    const { gameId } = await gameWithWebhook('/discord', 'DISCORD');
    await playTurn(server.url, gameId, [ann, bob]);
    await deliverDue();
    await playTurn(server.url, gameId, [ann, bob]);
    await deliverDue();
    const requests = postsTo('/discord');
    expect(requests.map(({ method, path }) => `${method} ${path}`)).toEqual(['POST /discord?wait=true', 'PATCH /discord/messages/1']);
    expect(JSON.parse(requests[0].body).allowed_mentions).toEqual({ parse: [], users: [] });
    expect(sink.messageText('1')).toContain(await headHash(gameId));

    sink.deleteMessage('1');
    await playTurn(server.url, gameId, [ann, bob]);
    await deliverDue();
    expect(
      postsTo('/discord')
        .map(({ method, path }) => `${method} ${path}`)
        .slice(2),
    ).toEqual(['PATCH /discord/messages/1', 'POST /discord?wait=true']);
    expect(sink.messageText('2')).toContain(await headHash(gameId));
  });

  it("Slack and Matrix: a player's name cannot ping the channel or add markup", async () => {
    for (const [path, kind] of [
      ['/slack', 'SLACK'],
      ['/matrix', 'MATRIX'],
    ]) {
      const { gameId } = await gameWithWebhook(path, kind);
      // Bob moves: his name is in the last move, and Ann is to move.
      await playTurn(server.url, gameId, [ann, bob]);
      await playTurn(server.url, gameId, [ann, bob]);
      await deliverDue();
      const posts = postsTo(path);
      const body = JSON.parse(posts[posts.length - 1].body) as { text: string; html?: string };
      if (kind === 'SLACK') {
        expect(body.text).toContain('Bob &lt;!channel&gt; @everyone');
        expect(body.text).not.toContain('<!channel>');
        expect(body.text).toContain(`<http://localhost/games/${gameId}|Open the game>`);
      } else {
        expect(body.html).toContain('Bob &lt;!channel&gt;');
        expect(body.html).toContain(`<a href="http://localhost/games/${gameId}">`);
      }
    }
  });

  it('posts only the latest of the turns waiting: the channel is told the game as it stands', async () => {
    const { gameId } = await gameWithWebhook('/coalesced', 'JSON');
    for (let turn = 0; turn < 3; turn++) await playTurn(server.url, gameId, [ann, bob]);
    await deliverDue();
    expect(postsTo('/coalesced')).toHaveLength(1);
    const statuses = await prisma.sql.query<{ status: string }>(
      `SELECT d.status FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id WHERE w.game_id = $1::uuid ORDER BY d.game_version`,
      [gameId],
    );
    expect(statuses.map(({ status }) => status)).toEqual(['SUPERSEDED', 'SUPERSEDED', 'SENT']);
  });

  it('names the bot that took over the seat of a player who left as the one to move, not the player', async () => {
    const { gameId } = await gameWithWebhook('/bot-seat', 'JSON', { whenPlayerLeaves: 'BOT' });
    // Bob's turn is told, and he leaves before the channel hears of it.
    do await playTurn(server.url, gameId, [ann, bob]);
    while ((await seeGame(server.url, gameId)).activeSeats[0] !== 1);
    await gqlOk(server.url, `mutation($id: ID!) { resignGame(gameId: $id) { id } }`, { id: gameId }, bob.token);
    await deliverDue();
    const posts = postsTo('/bot-seat');
    const { game, text } = JSON.parse(posts[posts.length - 1].body) as { text: string; game: { toAct: string[] } };
    expect(game.toAct).toEqual(['Bot (greedy)']);
    expect(text).toContain('Bot (greedy) is to move.');
  });

  it('retries a failing channel until it answers; one failing for a day is switched off, and the host is told by mail', async () => {
    const { gameId } = await gameWithWebhook('/flaky', 'JSON');
    sink.failWith = 500;
    await playTurn(server.url, gameId, [ann, bob]);
    await delivery.queue.deliverBatch((claims) => delivery.deliver(claims));
    expect(postsTo('/flaky')).toHaveLength(1);
    const failing = await gqlOk<{ gameWebhook: { failingSince: string } }>(server.url, READ, { id: gameId }, ann.token);
    expect(failing.gameWebhook.failingSince).toBe(clock.now().toISOString());
    sink.failWith = null;
    await deliverDue();
    expect(postsTo('/flaky')).toHaveLength(2);
    expect((await gqlOk<{ gameWebhook: { failingSince: null } }>(server.url, READ, { id: gameId }, ann.token)).gameWebhook.failingSince).toBeNull();

    sink.failWith = 503;
    await playTurn(server.url, gameId, [ann, bob]);
    await delivery.queue.deliverBatch((claims) => delivery.deliver(claims));
    clock.advance(24 * 3600_000);
    await delivery.queue.deliverBatch((claims) => delivery.deliver(claims));
    const off = await gqlOk<{ gameWebhook: { switchedOffAt: string | null } }>(server.url, READ, { id: gameId }, ann.token);
    expect(off.gameWebhook.switchedOffAt).toBe(clock.now().toISOString());
    const mail = await prisma.sql.query<{ user_id: string; details: { host: string } }>(
      `SELECT user_id, details FROM notifications WHERE kind = 'WEBHOOK_SWITCHED_OFF' AND game_id = $1::uuid`,
      [gameId],
    );
    expect(mail).toEqual([{ user_id: ann.id, details: { host: '127.0.0.1' } }]);
    // Switched off: later turns are not posted, and nothing is left to try.
    sink.failWith = null;
    const before = postsTo('/flaky').length;
    await playTurn(server.url, gameId, [ann, bob]);
    await deliverDue();
    expect(postsTo('/flaky')).toHaveLength(before);
  });

  it('removing the webhook stops the posts', async () => {
    const { gameId } = await gameWithWebhook('/removed', 'SLACK');
    expect((await gqlOk(server.url, `mutation($id: ID!) { removeGameWebhook(gameId: $id) }`, { id: gameId }, ann.token)).removeGameWebhook).toBe(true);
    await playTurn(server.url, gameId, [ann, bob]);
    await deliverDue();
    expect(postsTo('/removed')).toHaveLength(0);
    expect((await gqlOk(server.url, READ, { id: gameId }, ann.token)).gameWebhook).toBeNull();
  });

  const SET_PLAYER = `mutation($url: String!, $kind: WebhookKind!) { setPlayerWebhook(url: $url, kind: $kind) { secret webhook { id gameId kind } } }`;
  const SET_HANDLES = `mutation($d: String, $s: String, $m: String) { setChatHandles(discord: $d, slack: $s, matrix: $m) { discord slack matrix } }`;

  it("a player's own webhook: each of their turns in every game, and each game's end, mentioning them where they gave their id", async () => {
    const cy = await registerPlayer(server.url, 'Cy');
    const dee = await registerPlayer(server.url, 'Dee');
    await gqlOk(server.url, SET_PLAYER, { url: sink.url('/cy-discord'), kind: 'DISCORD' }, cy.token);
    await gqlOk(server.url, SET_HANDLES, { d: '123456789012345678', s: ' ', m: '@cy:example.org' }, cy.token);
    const first = await startCountingGame(server.url, [cy, dee]);
    const second = await startCountingGame(server.url, [dee, cy]);
    await deliverDue();
    // Whoever moves first in each game: Cy's channel hears of Cy's turns only.
    const cyToMove = async (gameId: string) =>
      (
        await gqlOk<{ game: { activeSeats: number[]; seats: Array<{ user: { id: string } }> } }>(
          server.url,
          `query($id: ID!) { game(id: $id) { activeSeats seats { user { id } } } }`,
          { id: gameId },
        )
      ).game;
    const turnsOfCy = async () => {
      let count = 0;
      for (const gameId of [first, second]) {
        const game = await cyToMove(gameId);
        if (game.activeSeats.some((seat) => game.seats[seat].user.id === cy.id)) count++;
      }
      return count;
    };
    const expected = await turnsOfCy();
    const posts = postsTo('/cy-discord');
    expect(posts).toHaveLength(expected);
    for (const post of posts) {
      const body = JSON.parse(post.body) as { content: string; allowed_mentions: { parse: string[]; users: string[] } };
      expect(post.path).toBe('/cy-discord');
      expect(body.content).toContain('<@123456789012345678> is to move.');
      expect(body.allowed_mentions).toEqual({ parse: [], users: ['123456789012345678'] });
    }
    // Where Dee is to move, Dee moves: then it is Cy's turn in both games, one post each.
    for (const [gameId, seated] of [
      [first, [cy, dee]],
      [second, [dee, cy]],
    ] as const) {
      const game = await cyToMove(gameId);
      if (!game.activeSeats.some((seat) => game.seats[seat].user.id === cy.id)) await playTurn(server.url, gameId, [...seated]);
    }
    await deliverDue();
    expect(postsTo('/cy-discord')).toHaveLength(2);
    expect(await gqlOk(server.url, `{ chatHandles { discord slack matrix } playerWebhook { gameId kind } }`, {}, cy.token)).toEqual({
      chatHandles: { discord: '123456789012345678', slack: null, matrix: '@cy:example.org' },
      playerWebhook: { gameId: null, kind: 'DISCORD' },
    });
    await gqlOk(server.url, `mutation { removePlayerWebhook }`, {}, cy.token);
    expect((await gqlOk(server.url, `{ playerWebhook { id } }`, {}, cy.token)).playerWebhook).toBeNull();
  });

  it('Slack and Matrix mention a player by the id they gave', async () => {
    const eve = await registerPlayer(server.url, 'Eve');
    await gqlOk(server.url, SET_HANDLES, { s: 'U024BE7LH', m: '@eve:example.org' }, eve.token);
    for (const [path, kind] of [
      ['/eve-slack', 'SLACK'],
      ['/eve-matrix', 'MATRIX'],
    ]) {
      await gqlOk(server.url, SET_PLAYER, { url: sink.url(path), kind }, eve.token);
      await startCountingGame(server.url, [eve, ann], {}, []);
      await deliverDue();
    }
    const slack = postsTo('/eve-slack').map((post) => JSON.parse(post.body) as { text: string });
    const matrix = postsTo('/eve-matrix').map((post) => JSON.parse(post.body) as { text: string; html: string });
    for (const post of slack) expect(post.text).toMatch(/<@U024BE7LH> is to move\.|Ann is to move\./);
    for (const post of matrix) expect(post.html).toMatch(/<a href="https:\/\/matrix.to\/#\/@eve:example.org">Eve<\/a> is to move\.|Ann is to move\./);
  });

  it('refuses ids that are no such ids, saying what one looks like, and saves nothing', async () => {
    const fay = await registerPlayer(server.url, 'Fay');
    for (const handles of [{ d: '@fay' }, { s: 'fay' }, { m: 'fay@example.org' }]) {
      const result = await gql(server.url, SET_HANDLES, handles, fay.token);
      expect(errorCode(result)).toBe('BAD_USER_INPUT');
    }
    expect(errorCode(await gql(server.url, SET_HANDLES, { d: '123456789012345678' }))).toBe('UNAUTHENTICATED');
    expect(errorCode(await gql(server.url, SET_PLAYER, { url: sink.url('/x'), kind: 'SLACK' }))).toBe('UNAUTHENTICATED');
    expect(await gqlOk(server.url, `{ chatHandles { discord slack matrix } }`, {}, fay.token)).toEqual({
      chatHandles: { discord: null, slack: null, matrix: null },
    });
  });

  describe('refusals, each writing nothing', () => {
    let gameId: string;
    beforeAll(async () => {
      gameId = await startCountingGame(server.url, [ann, bob]);
    });

    const set = (url: string, token?: string, id = gameId) => gql(server.url, SET, { id, url, kind: 'JSON' }, token);
    const noWebhook = async () => expect((await gqlOk(server.url, READ, { id: gameId }, ann.token)).gameWebhook).toBeNull();

    it('a player who is not the host: FORBIDDEN, for setting, reading and removing', async () => {
      expect(errorCode(await set(sink.url('/x'), bob.token))).toBe('FORBIDDEN');
      expect(errorCode(await gql(server.url, READ, { id: gameId }, bob.token))).toBe('FORBIDDEN');
      expect(errorCode(await gql(server.url, `mutation($id: ID!) { removeGameWebhook(gameId: $id) }`, { id: gameId }, bob.token))).toBe('FORBIDDEN');
      await noWebhook();
    });

    it('nobody signed in: UNAUTHENTICATED; a game that does not exist: NOT_FOUND', async () => {
      expect(errorCode(await set(sink.url('/x')))).toBe('UNAUTHENTICATED');
      expect(errorCode(await set(sink.url('/x'), ann.token, '00000000-0000-4000-8000-000000000000'))).toBe('NOT_FOUND');
      await noWebhook();
    });

    it('an address that is not a web address, or holds a password: BAD_USER_INPUT', async () => {
      for (const url of ['not a url', 'ftp://example.org/hook', 'http://user:secret@127.0.0.1/hook']) {
        const result = await set(url, ann.token);
        expect(errorCode(result)).toBe('BAD_USER_INPUT');
      }
      await noWebhook();
    });

    it('an unknown kind: refused by the schema', async () => {
      expect(errorCode(await gql(server.url, SET, { id: gameId, url: sink.url('/x'), kind: 'IRC' }, ann.token))).toBe('BAD_USER_INPUT');
      await noWebhook();
    });
  });
});

describe('webhooks on a server that may not call private addresses (as `npm start` runs)', () => {
  let server: TestServer;
  let ann: Player;
  let gameId: string;

  beforeAll(async () => {
    server = await startTestServer();
    ann = await registerPlayer(server.url, 'Ann');
    const bob = await registerPlayer(server.url, 'Bob');
    gameId = await startCountingGame(server.url, [ann, bob]);
  });

  afterAll(async () => {
    await server?.close();
  });

  it.each([
    ['plain http', 'http://example.org/hook'],
    ['a name that resolves to 127.0.0.1', 'https://localhost/hook'],
    ['a loopback address', 'https://127.0.0.1/hook'],
    ['a private address', 'https://10.0.0.8/hook'],
    ['a link-local (metadata) address', 'https://169.254.169.254/latest/meta-data'],
    ['an IPv6 loopback', 'https://[::1]/hook'],
  ])('refuses %s with BAD_USER_INPUT, and stores nothing', async (_what, url) => {
    const result = await gql(server.url, SET, { id: gameId, url, kind: 'DISCORD' }, ann.token);
    expect(errorCode(result)).toBe('BAD_USER_INPUT');
    expect(result.errors![0].message).not.toMatch(/Error:|at \w+ \(/);
    expect((await gqlOk(server.url, READ, { id: gameId }, ann.token)).gameWebhook).toBeNull();
  });
});

describe("webhooks delivered by the server's own worker", () => {
  let sink: ChannelSink;
  let server: TestServer;

  beforeAll(async () => {
    sink = await ChannelSink.start();
    server = await startTestServer({ outboundAllowPrivate: true, webhooks: { delivery: { pollingIntervalSeconds: 0.05 } } });
  });

  afterAll(async () => {
    await server?.close();
    await sink?.stop();
  });

  it('posts each turn without being asked', async () => {
    const [ann, bob] = await Promise.all([registerPlayer(server.url, 'Ann'), registerPlayer(server.url, 'Bob')]);
    const gameId = await startCountingGame(server.url, [ann, bob]);
    await gqlOk(server.url, SET, { id: gameId, url: sink.url('/worker'), kind: 'SLACK' }, ann.token);
    await playTurn(server.url, gameId, [ann, bob]);
    await server.app.get(WebhookDelivery).queue.settled();
    expect(sink.received.filter(({ path }) => path === '/worker')).toHaveLength(1);
  });
});
