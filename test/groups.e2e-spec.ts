/**
 * Groups (clubs) through the API: a group of six gathered by its invite link
 * and by a mailed invitation (a real SMTP inbox), members leaving and
 * removed, roles, the link reset; the games created in a group, which only
 * its members may create and join; its webhook (a real HTTP server on
 * loopback, posts delivered by hand as in webhooks.e2e-spec.ts). Every
 * refusal is checked to write nothing.
 */
import { ManualClock } from '../src/common/clock';
import type { GameRecord } from '../src/records/game-record';
import { verifyRecord } from '../src/records/verify-record';
import { PrismaService } from '../src/database/prisma.service';
import { WebhookDelivery } from '../src/webhooks/webhook-delivery';
import {
  errorCode,
  gql,
  gqlOk,
  type GraphQLResponse,
  Member,
  Player,
  quickMailTo,
  refusalWritingNothing,
  registerMember,
  startTestServer,
  TEST_PASSWORD,
  TestServer,
} from './support/app';
import { ChannelSink } from './support/channel-sink';
import { countingGame } from './support/counting-game';
import { playTurn } from './support/counting-api';
import { askToCreateGame, createGame, joinGame, startGame } from './support/games';
import { SmtpInbox } from './support/smtp-inbox';

const GROUP = `id name inviteUrl myRole members { user { id displayName } role } games { id status }`;

interface GroupSeen {
  id: string;
  name: string;
  inviteUrl: string | null;
  myRole: string;
  members: Array<{ user: { id: string; displayName: string }; role: string }>;
  games: Array<{ id: string; status: string }>;
}

describe('groups: clubs whose members play games together', () => {
  const clock = new ManualClock(new Date('2026-06-01T10:00:00.000Z'));
  let server: TestServer;
  let inbox: SmtpInbox;
  let sink: ChannelSink;
  let prisma: PrismaService;
  let delivery: WebhookDelivery;
  let ann: Member, bob: Member, cid: Member, dee: Member, eve: Member, fay: Member, gus: Member;
  let groupId: string;

  beforeAll(async () => {
    inbox = await SmtpInbox.start();
    sink = await ChannelSink.start();
    server = await startTestServer({
      clock,
      mail: quickMailTo(inbox.url),
      outboundAllowPrivate: true,
      webhooks: { deliver: false, delivery: { retryDelaySeconds: 0, retryBackoff: false } },
    });
    prisma = new PrismaService(server.db.url);
    delivery = server.app.get(WebhookDelivery);
    [ann, bob, cid, dee, eve, fay, gus] = await Promise.all(['Ann', 'Bob', 'Cid', 'Dee', 'Eve', 'Fay', 'Gus'].map((name) => registerMember(server.url, name)));
  });

  afterAll(async () => {
    await prisma?.close();
    await server?.close();
    await inbox?.stop();
    await sink?.stop();
  });

  const seeGroup = async (as: Player, id = groupId) =>
    (await gqlOk<{ group: GroupSeen }>(server.url, `query($id: ID!) { group(id: $id) { ${GROUP} } }`, { id }, as.token)).group;
  const roles = async (as: Player = bob) => Object.fromEntries((await seeGroup(as)).members.map((member) => [member.user.displayName, member.role]));
  const codeOf = (inviteUrl: string) => inviteUrl.split('/groups/join/')[1];
  const joinGroup = (player: Player, code: string) =>
    gql<{ joinGroup: GroupSeen }>(server.url, `mutation($code: String!) { joinGroup(code: $code) { ${GROUP} } }`, { code }, player.token);
  const leaveGroup = (player: Player, id = groupId) => gql(server.url, `mutation($id: ID!) { leaveGroup(groupId: $id) }`, { id }, player.token);
  const removeFromGroup = (actor: Player, member: Player) =>
    gql(server.url, `mutation($g: ID!, $u: ID!) { removeFromGroup(groupId: $g, userId: $u) { id } }`, { g: groupId, u: member.id }, actor.token);
  const setRole = (actor: Player, member: Player, role: string) =>
    gql(
      server.url,
      `mutation($g: ID!, $u: ID!, $r: GroupRole!) { setGroupRole(groupId: $g, userId: $u, role: $r) { id } }`,
      { g: groupId, u: member.id, r: role },
      actor.token,
    );
  const myGroups = async (player: Player) => (await gqlOk<{ myGroups: Array<{ id: string }> }>(server.url, '{ myGroups { id } }', {}, player.token)).myGroups;
  /** Every membership, as the database has it: what a refusal must leave as it was. */
  const memberships = async () => JSON.stringify(await prisma.sql.query('SELECT group_id, user_id, role FROM group_members ORDER BY group_id, user_id'));

  /** The code of a refusal, checking that no membership changed. */
  async function refusedWritingNothing(attempt: () => Promise<GraphQLResponse<unknown>>): Promise<string | undefined> {
    const before = await memberships();
    const result = await attempt();
    expect(await memberships()).toBe(before);
    return errorCode(result);
  }

  it('gathers a group of six: its owner creates it, four join by its invite link, one by a mailed invitation', async () => {
    const { createGroup } = await gqlOk<{ createGroup: GroupSeen }>(
      server.url,
      `mutation { createGroup(name: "  Tuesday Club ") { ${GROUP} } }`,
      {},
      ann.token,
    );
    groupId = createGroup.id;
    expect(createGroup).toMatchObject({ name: 'Tuesday Club', myRole: 'OWNER', members: [{ user: { id: ann.id }, role: 'OWNER' }], games: [] });
    expect(createGroup.inviteUrl).toMatch(/^http:\/\/play\.example\/groups\/join\/[\w-]{22}$/);
    const code = codeOf(createGroup.inviteUrl!);
    for (const player of [bob, cid, dee, eve]) {
      clock.advance(60_000);
      expect((await joinGroup(player, code)).data?.joinGroup).toMatchObject({ id: groupId, myRole: 'MEMBER' });
    }
    // Joining again changes nothing.
    expect((await joinGroup(bob, code)).data?.joinGroup.members).toHaveLength(5);

    await gqlOk(server.url, `mutation($g: ID!, $e: String!) { inviteToGroup(groupId: $g, email: $e) }`, { g: groupId, e: fay.email }, ann.token);
    const [mail] = await inbox.waitFor(fay.email, /^Ann invites you to the group Tuesday Club$/);
    const link = /http:\/\/play\.example\/groups\/join\/([\w-]+)/.exec(mail.text ?? '')!;
    expect(link[1]).not.toBe(code);
    clock.advance(60_000);
    expect((await joinGroup(fay, link[1])).data?.joinGroup.myRole).toBe('MEMBER');
    // A mailed invitation joins once: passed on, it lets nobody else in.
    expect(await refusedWritingNothing(() => joinGroup(gus, link[1]))).toBe('INVITE_NOT_VALID');

    expect(await roles()).toEqual({ Ann: 'OWNER', Bob: 'MEMBER', Cid: 'MEMBER', Dee: 'MEMBER', Eve: 'MEMBER', Fay: 'MEMBER' });
    // The owner first, then admins, then members, each in the order they joined.
    expect((await seeGroup(bob)).members.map((member) => member.user.displayName)).toEqual(['Ann', 'Bob', 'Cid', 'Dee', 'Eve', 'Fay']);
    expect(await myGroups(fay)).toEqual([{ id: groupId }]);
    // Only admins see the invite link; only members see the group.
    expect((await seeGroup(bob)).inviteUrl).toBeNull();
    expect(errorCode(await gql(server.url, `query($id: ID!) { group(id: $id) { id } }`, { id: groupId }, gus.token))).toBe('NOT_GROUP_MEMBER');
  });

  it('refuses a wrong code, and the old link once an admin reset it, writing nothing', async () => {
    const before = codeOf((await seeGroup(ann)).inviteUrl!);
    expect(await refusedWritingNothing(() => joinGroup(gus, 'not-a-code'))).toBe('INVITE_NOT_VALID');
    expect(await refusedWritingNothing(() => joinGroup(gus, ''))).toBe('INVITE_NOT_VALID');
    expect(await refusedWritingNothing(() => gql(server.url, `mutation($g: ID!) { resetGroupInvite(groupId: $g) { id } }`, { g: groupId }, bob.token))).toBe(
      'FORBIDDEN',
    );
    const { resetGroupInvite } = await gqlOk<{ resetGroupInvite: GroupSeen }>(
      server.url,
      `mutation($g: ID!) { resetGroupInvite(groupId: $g) { inviteUrl } }`,
      { g: groupId },
      ann.token,
    );
    expect(codeOf(resetGroupInvite.inviteUrl!)).not.toBe(before);
    expect(await refusedWritingNothing(() => joinGroup(gus, before))).toBe('INVITE_NOT_VALID');
    // What a link tells its holder before they join, signed in or not: nothing once it was reset.
    const invitedTo = async (code: string) =>
      (await gqlOk<{ groupInvitation: unknown }>(server.url, `query($code: String!) { groupInvitation(code: $code) { name memberCount } }`, { code }))
        .groupInvitation;
    expect(await invitedTo(codeOf(resetGroupInvite.inviteUrl!))).toEqual({ name: 'Tuesday Club', memberCount: 6 });
    expect(await invitedTo(before)).toBeNull();
    expect(await invitedTo('not-a-code')).toBeNull();
    expect(await myGroups(gus)).toEqual([]);
  });

  it('refuses a name empty or too long, writing nothing', async () => {
    const count = async () => (await prisma.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM groups'))[0].n;
    const groups = await count();
    for (const name of ['   ', 'x'.repeat(61)]) {
      expect(errorCode(await gql(server.url, `mutation($n: String!) { createGroup(name: $n) { id } }`, { n: name }, gus.token))).toBe('BAD_USER_INPUT');
    }
    expect(await count()).toBe(groups);
  });

  it('admins remove members, the owner manages admins; nobody removes the owner, who hands the group over before leaving', async () => {
    expect(await refusedWritingNothing(() => removeFromGroup(bob, cid))).toBe('FORBIDDEN');
    expect(await refusedWritingNothing(() => setRole(bob, bob, 'ADMIN'))).toBe('FORBIDDEN');
    expect((await setRole(ann, bob, 'ADMIN')).errors).toBeUndefined();
    expect(await refusedWritingNothing(() => removeFromGroup(bob, ann))).toBe('OWNER_STAYS');
    expect(await refusedWritingNothing(() => setRole(bob, ann, 'MEMBER'))).toBe('OWNER_STAYS');
    expect(await refusedWritingNothing(() => setRole(bob, cid, 'OWNER'))).toBe('FORBIDDEN');
    expect((await setRole(ann, cid, 'ADMIN')).errors).toBeUndefined();
    // An admin does not remove another admin: the owner does.
    expect(await refusedWritingNothing(() => removeFromGroup(bob, cid))).toBe('FORBIDDEN');
    expect((await setRole(ann, cid, 'MEMBER')).errors).toBeUndefined();
    expect((await removeFromGroup(bob, dee)).errors).toBeUndefined();
    expect(await refusedWritingNothing(() => removeFromGroup(bob, dee))).toBe('NOT_GROUP_MEMBER');
    expect(await refusedWritingNothing(() => leaveGroup(ann))).toBe('OWNER_STAYS');
    expect(await refusedWritingNothing(() => leaveGroup(dee))).toBe('NOT_GROUP_MEMBER');
    expect(await refusedWritingNothing(() => leaveGroup(gus, 'not-an-id'))).toBe('NOT_GROUP_MEMBER');
    expect(errorCode(await leaveGroup(eve))).toBeUndefined();
    expect(await myGroups(eve)).toEqual([]);
    expect(await roles()).toEqual({ Ann: 'OWNER', Bob: 'ADMIN', Cid: 'MEMBER', Fay: 'MEMBER' });

    // The owner hands the group over and stays on as an admin; then they may leave.
    expect((await setRole(ann, fay, 'OWNER')).errors).toBeUndefined();
    expect(await roles()).toEqual({ Fay: 'OWNER', Ann: 'ADMIN', Bob: 'ADMIN', Cid: 'MEMBER' });
    expect((await seeGroup(cid)).members.map((member) => member.role)).toEqual(['OWNER', 'ADMIN', 'ADMIN', 'MEMBER']);
    expect((await setRole(fay, ann, 'OWNER')).errors).toBeUndefined();
    expect(await roles()).toEqual({ Ann: 'OWNER', Bob: 'ADMIN', Fay: 'ADMIN', Cid: 'MEMBER' });
  });

  it("only its members create a group's games and join them; the group lists its games running and finished", async () => {
    const gameId = await createGame(server.url, cid, { groupId });
    const version = async () => (await prisma.sql.query<{ version: number }>('SELECT version FROM games WHERE id = $1::uuid', [gameId]))[0].version;
    const join = (player: Player) => gql(server.url, `mutation($id: ID!) { joinGame(gameId: $id) { id } }`, { id: gameId }, player.token);
    // Not among the open games of the lobby: the group's members find it on the group's page.
    const open = async (player: Player) =>
      (await gqlOk<{ games: Array<{ id: string }> }>(server.url, '{ games(status: LOBBY, first: 50) { id } }', {}, player.token)).games.map((game) => game.id);
    expect(await open(gus)).not.toContain(gameId);
    expect(await open(cid)).toContain(gameId);
    expect(await refusalWritingNothing(version, join(eve))).toBe('NOT_GROUP_MEMBER');
    expect(await refusalWritingNothing(version, join(gus))).toBe('NOT_GROUP_MEMBER');
    const games = async () => (await prisma.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM games'))[0].n;
    const before = await games();
    expect(errorCode(await askToCreateGame(server.url, eve, { groupId }))).toBe('NOT_GROUP_MEMBER');
    expect(errorCode(await askToCreateGame(server.url, gus, { groupId: 'not-an-id' }))).toBe('NOT_GROUP_MEMBER');
    expect(await games()).toBe(before);
    const lobbyActions = async (player: Player) =>
      (
        await gqlOk<{ game: { lobbyActions: unknown } }>(
          server.url,
          `query($id: ID!) { game(id: $id) { lobbyActions { join } } }`,
          { id: gameId },
          player.token,
        )
      ).game.lobbyActions;
    expect(await lobbyActions(gus)).toEqual({ join: [] });
    expect(await lobbyActions(bob)).toEqual({ join: [1] });
    // An invitation lets nobody but a member in: it is not listed to anyone else.
    await gqlOk(server.url, `mutation($id: ID!, $e: String!) { invitePlayer(gameId: $id, email: $e) { id } }`, { id: gameId, e: gus.email }, cid.token);
    const invited = async (player: Player) =>
      (await gqlOk<{ myInvitations: Array<{ id: string }> }>(server.url, '{ myInvitations { id } }', {}, player.token)).myInvitations.map((game) => game.id);
    expect(await invited(gus)).not.toContain(gameId);
    expect(await lobbyActions(gus)).toEqual({ join: [] });
    expect(await refusalWritingNothing(version, join(gus))).toBe('NOT_GROUP_MEMBER');
    expect(errorCode(await join(bob))).toBeUndefined();

    const finished = await startGame(server.url, [ann, fay], { groupId });
    await gqlOk(server.url, `mutation($id: ID!) { resignGame(gameId: $id) { id } }`, { id: finished }, fay.token);
    const outside = await createGame(server.url, ann);
    const listed = (await seeGroup(cid)).games;
    expect(listed).toEqual([
      { id: gameId, status: 'LOBBY' },
      { id: finished, status: 'FINISHED' },
    ]);
    expect(listed.map((game) => game.id)).not.toContain(outside);

    // Its record names its group and verifies: membership, which the record cannot show, is taken as the server found it.
    const record = (await (await fetch(server.url.replace(/\/graphql$/, `/games/${finished}/record.json`))).json()) as GameRecord;
    expect(record.events[0].payload).toMatchObject({ groupId });
    expect(verifyRecord(record, (id) => (countingGame.id === id ? countingGame : undefined))).toMatchObject({ ok: true, complete: true });
  });

  it("keeps a group's game to its members: its rematch is in the group, and only a member takes over a seat offered", async () => {
    const finished = await startGame(server.url, [ann, fay], { groupId });
    await gqlOk(server.url, `mutation($id: ID!) { resignGame(gameId: $id) { id } }`, { id: finished }, fay.token);
    const { rematch } = await gqlOk<{ rematch: { id: string } }>(server.url, `mutation($id: ID!) { rematch(gameId: $id) { id } }`, { id: finished }, fay.token);
    const record = await fetch(server.url.replace(/\/graphql$/, `/games/${rematch.id}/record.json`), { headers: { authorization: `Bearer ${fay.token}` } });
    expect(((await record.json()) as GameRecord).events[0].payload).toMatchObject({ groupId, rematchOf: finished });

    const playing = await startGame(server.url, [ann, bob], { groupId });
    await gqlOk(server.url, `mutation($id: ID!, $e: String!) { offerSeat(gameId: $id, seat: 1, email: $e) { id } }`, { id: playing, e: eve.email }, bob.token);
    const version = async () => (await prisma.sql.query<{ version: number }>('SELECT version FROM games WHERE id = $1::uuid', [playing]))[0].version;
    const takeOver = gql(server.url, `mutation($id: ID!) { joinGame(gameId: $id) { id } }`, { id: playing }, eve.token);
    expect(await refusalWritingNothing(version, takeOver)).toBe('NOT_GROUP_MEMBER');
  });

  it("posts the turns of the group's games to its webhook, unless a game has its own; only admins set it", async () => {
    const set = (actor: Player, path: string) =>
      gql<{ setGroupWebhook: { secret: string } }>(
        server.url,
        `mutation($g: ID!, $url: String!) { setGroupWebhook(groupId: $g, url: $url, kind: JSON) { secret webhook { id url } } }`,
        { g: groupId, url: sink.url(path) },
        actor.token,
      );
    const hooks = async () => (await prisma.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM webhooks'))[0].n;
    expect(errorCode(await set(cid, '/group'))).toBe('FORBIDDEN');
    expect(errorCode(await set(gus, '/group'))).toBe('NOT_GROUP_MEMBER');
    expect(await hooks()).toBe(0);
    expect(errorCode(await set(bob, '/group'))).toBeUndefined();
    const read = await gqlOk<{ groupWebhook: { url: string } }>(server.url, `query($g: ID!) { groupWebhook(groupId: $g) { url } }`, { g: groupId }, ann.token);
    expect(read.groupWebhook.url).toBe(sink.url('/group'));

    const inGroup = await startGame(server.url, [ann, bob], { groupId, options: { target: 50 } });
    // A game with a webhook of its own from its creation on.
    const ownHook = await createGame(server.url, ann, { groupId, options: { target: 50 } });
    await gqlOk(
      server.url,
      `mutation($id: ID!, $url: String!) { setGameWebhook(gameId: $id, url: $url, kind: JSON) { secret } }`,
      { id: ownHook, url: sink.url('/own') },
      ann.token,
    );
    await joinGame(server.url, ownHook, bob);
    await gqlOk(server.url, `mutation($id: ID!) { startGame(gameId: $id) { id } }`, { id: ownHook }, ann.token);
    const elsewhere = await startGame(server.url, [ann, bob], { options: { target: 50 } });
    for (const gameId of [inGroup, ownHook, elsewhere]) await playTurn(server.url, gameId, [ann, bob]);
    while ((await delivery.queue.deliverBatch((claims) => delivery.deliver(claims))) > 0);
    const gamesPosted = (path: string) =>
      sink.received.filter((post) => post.path === path).map((post) => (JSON.parse(post.body) as { game: { link: string } }).game.link);
    expect(gamesPosted('/group')).toEqual([`http://play.example/games/${inGroup}`]);
    expect(gamesPosted('/own')).toEqual([`http://play.example/games/${ownHook}`]);

    expect(errorCode(await gql(server.url, `mutation($g: ID!) { removeGroupWebhook(groupId: $g) }`, { g: groupId }, cid.token))).toBe('FORBIDDEN');
    await gqlOk(server.url, `mutation($g: ID!) { removeGroupWebhook(groupId: $g) }`, { g: groupId }, bob.token);
    expect(
      (await gqlOk<{ groupWebhook: null }>(server.url, `query($g: ID!) { groupWebhook(groupId: $g) { url } }`, { g: groupId }, bob.token)).groupWebhook,
    ).toBeNull();
  });

  it('a deleted account leaves its groups: one it owned passes to its longest admin', async () => {
    await gqlOk(server.url, `mutation { deleteAccount(password: "${TEST_PASSWORD}") }`, {}, ann.token);
    expect(await roles()).toEqual({ Bob: 'OWNER', Fay: 'ADMIN', Cid: 'MEMBER' });
  });
});
