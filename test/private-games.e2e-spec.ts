/**
 * Private games, invitations with accept and decline, the lobby's lists and
 * rematches, over the API; every refusal with its code, writing nothing.
 */
import {
  emailOf,
  errorCode,
  gql,
  gqlOk,
  GraphQLResponse,
  Player,
  quickMailTo,
  refusalWritingNothing,
  registerPlayer,
  startTestServer,
  TestServer,
  wsClient,
} from './support/app';
import { startCountingGame } from './support/counting-api';
import { SmtpInbox } from './support/smtp-inbox';
import { askToCreateGame, createGameFields, type NewGame } from './support/games';
import { until } from './support/until';

const GAME = `id name visibility status version inviteCode options seats { index user { id } } rematchId`;

interface SeenGame {
  id: string;
  name: string;
  visibility: string;
  status: string;
  version: number;
  inviteCode: string | null;
  options: Record<string, unknown>;
  seats: Array<{ index: number; user: { id: string } | null }>;
  rematchId: string | null;
}

describe('private games, invitations and rematches (end to end)', () => {
  let server: TestServer;
  let inbox: SmtpInbox;
  let url: string;
  let ann: Player;
  let bob: Player;
  let cat: Player;
  let dan: Player;

  beforeAll(async () => {
    inbox = await SmtpInbox.start();
    server = await startTestServer({
      mail: quickMailTo(inbox.url),
    });
    url = server.url;
    [ann, bob, cat, dan] = await Promise.all(['Ann', 'Bob', 'Cat', 'Dan'].map((name) => registerPlayer(url, name)));
  });

  afterAll(async () => {
    await server.close();
    await inbox.stop();
  });

  function create(as: Player, input: NewGame): Promise<SeenGame> {
    return createGameFields<SeenGame>(url, as, { seats: 3, ...input }, GAME);
  }

  const seeGame = async (id: string, as?: Player) =>
    (await gqlOk<{ game: SeenGame }>(url, `query($id: ID!) { game(id: $id) { ${GAME} } }`, { id }, as?.token)).game;
  const join = (as: Player, id: string, inviteCode?: string) =>
    gql<{ joinGame: SeenGame }>(
      url,
      `mutation($id: ID!, $code: String) { joinGame(gameId: $id, inviteCode: $code) { ${GAME} } }`,
      { id, code: inviteCode },
      as.token,
    );
  const joinSeat = (as: Player, id: string, seat: number) =>
    gql<{ joinGame: SeenGame }>(url, `mutation($id: ID!, $seat: Int!) { joinGame(gameId: $id, seat: $seat) { ${GAME} } }`, { id, seat }, as.token);
  const listed = async (query: string, as?: Player) =>
    (await gqlOk<{ games: Array<{ id: string }> }>(url, `{ games${query} { id } }`, {}, as?.token)).games.map((g) => g.id);
  const invitations = async (as: Player) =>
    (await gqlOk<{ myInvitations: Array<{ id: string; name: string }> }>(url, '{ myInvitations { id name } }', {}, as.token)).myInvitations;
  const decline = (as: Player, id: string) => gql(url, `mutation($id: ID!) { declineInvitation(gameId: $id) }`, { id }, as.token);
  const rematch = (as: Player, id: string) => gql<{ rematch: SeenGame }>(url, `mutation($id: ID!) { rematch(gameId: $id) { ${GAME} } }`, { id }, as.token);

  const invite = (id: string, as: Player) =>
    emailOf(url, as).then((email) =>
      gqlOk(url, `mutation($id: ID!, $email: String!) { invitePlayer(gameId: $id, email: $email) { id } }`, { id, email }, ann.token),
    );
  /** What the game's waiting room offers the caller, joining with `inviteCode`. */
  const lobbyActions = async (id: string, as?: Player, inviteCode?: string) =>
    (
      await gqlOk<{ game: { lobbyActions: { join: number[]; leave: boolean; start: boolean; invite: boolean } } }>(
        url,
        `query($id: ID!, $code: String) { game(id: $id) { lobbyActions(inviteCode: $code) { join leave start invite } } }`,
        { id, code: inviteCode },
        as?.token,
      )
    ).game.lobbyActions;
  const nothing = { join: [], leave: false, start: false, invite: false };

  /** The refusal's code; the game's version is unchanged: nothing was written. */
  const refused = (gameId: string, attempt: Promise<GraphQLResponse<unknown>>) => refusalWritingNothing(async () => (await seeGame(gameId)).version, attempt);

  /** A public game of Ann, Bob and Cat, over. */
  async function finishedGame(): Promise<string> {
    const gameId = await startCountingGame(url, [ann, bob, cat], { options: { target: 7 } });
    for (const leaving of [cat, ann]) await gqlOk(url, `mutation($id: ID!) { resignGame(gameId: $id) { id } }`, { id: gameId }, leaving.token);
    return gameId;
  }
  const holders = (game: SeenGame) => game.seats.map((s) => s.user?.id ?? null);

  it('names a game, or calls it after its host', async () => {
    expect((await create(ann, { name: 'Friday night' })).name).toBe('Friday night');
    expect((await create(ann, {})).name).toBe("Ann's Counting (test game) game");
    expect(errorCode(await askToCreateGame(url, ann, { name: '' }))).toBe('BAD_USER_INPUT');
    expect(errorCode(await askToCreateGame(url, ann, { name: 'x'.repeat(81) }))).toBe('BAD_USER_INPUT');
  });

  it('lists a private game to nobody else, and lets in only its invite link or an invitation', async () => {
    const game = await create(ann, { name: 'Just us', visibility: 'PRIVATE' });
    expect(game.visibility).toBe('PRIVATE');
    expect(game.inviteCode).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect((await seeGame(game.id, bob)).inviteCode).toBeNull();
    expect((await seeGame(game.id)).inviteCode).toBeNull();
    expect(await listed('(status: LOBBY, first: 200)', bob)).not.toContain(game.id);
    expect(await listed('(status: LOBBY, first: 200)')).not.toContain(game.id);
    expect(await listed('(mine: true)', ann)).toContain(game.id);

    expect(await refused(game.id, join(bob, game.id))).toBe('FORBIDDEN');
    expect(await refused(game.id, join(bob, game.id, 'not-the-code'))).toBe('FORBIDDEN');
    expect(await refused(game.id, join(bob, game.id, game.inviteCode!.slice(1)))).toBe('FORBIDDEN');
    expect((await join(bob, game.id, game.inviteCode!)).errors).toBeUndefined();
    expect(await listed('(status: LOBBY, first: 200)', bob)).toContain(game.id);

    // An invitation lets its invitee in without the link; their lobby shows it until they answer.
    await gqlOk(
      url,
      `mutation($id: ID!, $email: String!) { invitePlayer(gameId: $id, email: $email) { id } }`,
      { id: game.id, email: await emailOf(url, cat) },
      ann.token,
    );
    await inbox.waitFor(await emailOf(url, cat), /invites you/, { containing: game.id });
    expect(await invitations(cat)).toEqual([{ id: game.id, name: 'Just us' }]);
    expect(await invitations(dan)).toEqual([]);
    expect(await refused(game.id, join(dan, game.id))).toBe('FORBIDDEN');
    expect((await join(cat, game.id)).errors).toBeUndefined();
    expect(await invitations(cat)).toEqual([]);
  });

  it('refuses to invite the host or a player already seated, writing and mailing nothing', async () => {
    const game = await create(ann, {});
    expect((await join(bob, game.id)).errors).toBeUndefined();
    const invite = (email: string) =>
      gql(url, `mutation($id: ID!, $email: String!) { invitePlayer(gameId: $id, email: $email) { id } }`, { id: game.id, email }, ann.token);
    // The invitation, its event and its mail are written together: an unchanged version is nothing written and nothing mailed.
    const own = invite(` ${(await emailOf(url, ann)).toUpperCase()} `);
    expect(await refused(game.id, own)).toBe('BAD_USER_INPUT');
    expect((await own).errors![0].message).toBe('That is your own address: you already have a seat in this game.');
    const seated = invite(await emailOf(url, bob));
    expect(await refused(game.id, seated)).toBe('BAD_USER_INPUT');
    expect((await seated).errors![0].message).toBe('That player already has a seat in this game.');
    expect((await invite(await emailOf(url, cat))).errors).toBeUndefined();
  });

  it('lists an invitation only while a seat is there for its invitee', async () => {
    const game = await create(ann, {});
    await gqlOk(
      url,
      `mutation($id: ID!, $email: String!) { invitePlayer(gameId: $id, email: $email) { id } }`,
      { id: game.id, email: await emailOf(url, dan) },
      ann.token,
    );
    expect((await invitations(dan)).map((g) => g.id)).toContain(game.id);
    expect((await join(bob, game.id)).errors).toBeUndefined();
    expect((await join(cat, game.id)).errors).toBeUndefined();
    expect((await invitations(dan)).map((g) => g.id)).not.toContain(game.id);
    expect(await refused(game.id, join(dan, game.id))).toBe('BAD_USER_INPUT');

    // In a rematch, the free seats are kept for its own invitees.
    const next = (await rematch(ann, await finishedGame())).data!.rematch;
    await gqlOk(
      url,
      `mutation($id: ID!, $email: String!) { invitePlayer(gameId: $id, email: $email) { id } }`,
      { id: next.id, email: await emailOf(url, dan) },
      ann.token,
    );
    expect((await invitations(dan)).map((g) => g.id)).not.toContain(next.id);
    expect((await invitations(bob)).map((g) => g.id)).toContain(next.id);
    expect((await decline(cat, next.id)).errors).toBeUndefined();
    expect((await invitations(dan)).map((g) => g.id)).toContain(next.id);
    expect(holders((await join(dan, next.id)).data!.joinGame)).toEqual([null, dan.id, ann.id]);
    expect((await invitations(dan)).map((g) => g.id)).not.toContain(next.id);
  });

  it('offers in the waiting room exactly what the server accepts: the host starts and invites, the others take a seat or leave', async () => {
    const game = await create(ann, {});
    expect(await lobbyActions(game.id, ann)).toEqual({ join: [], leave: false, start: false, invite: true });
    expect(await lobbyActions(game.id, bob)).toEqual({ join: [1, 2], leave: false, start: false, invite: false });
    expect(await lobbyActions(game.id)).toEqual(nothing);
    expect((await joinSeat(bob, game.id, 2)).errors).toBeUndefined();
    expect(await lobbyActions(game.id, bob)).toEqual({ join: [], leave: true, start: false, invite: false });
    expect(await lobbyActions(game.id, cat)).toEqual({ join: [1], leave: false, start: false, invite: false });
    expect((await join(cat, game.id)).errors).toBeUndefined();
    // Full: the host may start, and invite nobody more; nobody else may sit down.
    expect(await lobbyActions(game.id, ann)).toEqual({ join: [], leave: false, start: true, invite: false });
    expect(await lobbyActions(game.id, dan)).toEqual(nothing);
    expect(await refused(game.id, join(dan, game.id))).toBe('BAD_USER_INPUT');
    await gqlOk(url, `mutation($id: ID!) { startGame(gameId: $id) { id } }`, { id: game.id }, ann.token);
    for (const player of [ann, bob, dan]) expect(await lobbyActions(game.id, player)).toEqual(nothing);
  });

  it('offers a seat of a private game only with its invite link or an invitation', async () => {
    const game = await create(ann, { visibility: 'PRIVATE' });
    expect(await lobbyActions(game.id, bob)).toEqual(nothing);
    expect(await lobbyActions(game.id, bob, 'not-the-code')).toEqual(nothing);
    expect(await lobbyActions(game.id, bob, game.inviteCode!)).toEqual({ ...nothing, join: [1, 2] });
    await invite(game.id, cat);
    expect(await lobbyActions(game.id, cat)).toEqual({ ...nothing, join: [1, 2] });
  });

  it('offers no seat a bot plays, nor lists an invitation where only bots’ seats are left', async () => {
    const game = await create(ann, { bots: [{ seat: 1, level: 'RANDOM' }] });
    await invite(game.id, dan);
    expect(await lobbyActions(game.id, bob)).toEqual({ ...nothing, join: [2] });
    expect((await invitations(dan)).map((g) => g.id)).toContain(game.id);
    expect((await join(bob, game.id)).errors).toBeUndefined();
    expect(await lobbyActions(game.id, dan)).toEqual(nothing);
    expect((await invitations(dan)).map((g) => g.id)).not.toContain(game.id);
    expect(await refused(game.id, join(dan, game.id))).toBe('BAD_USER_INPUT');
  });

  it('lets an invitee decline, once', async () => {
    const game = await create(ann, { visibility: 'PRIVATE' });
    await gqlOk(
      url,
      `mutation($id: ID!, $email: String!) { invitePlayer(gameId: $id, email: $email) { id } }`,
      { id: game.id, email: await emailOf(url, dan) },
      ann.token,
    );
    expect((await invitations(dan)).map((g) => g.id)).toEqual([game.id]);
    expect((await decline(dan, game.id)).errors).toBeUndefined();
    expect(await invitations(dan)).toEqual([]);
    expect(await refused(game.id, decline(dan, game.id))).toBe('NOTHING_PENDING');
    expect(await refused(game.id, decline(bob, game.id))).toBe('NOTHING_PENDING');
    // Declined, the invitation no longer opens the private game.
    expect(await refused(game.id, join(dan, game.id))).toBe('FORBIDDEN');
  });

  it('shows a decline live to everyone watching the waiting room: the seat it kept is free again to whoever may take it', async () => {
    interface LiveLobby {
      version: number;
      heldSeats: Array<{ seat: number; player: { displayName: string } }>;
      lobbyActions: { join: number[] };
      history: Array<{ text: string }>;
    }
    /** Every `gameUpdated` `as` gets of the game, from the first (sent at once). */
    const watch = (id: string, as: Player) => {
      const socket = wsClient(url, as.token);
      const seen: LiveLobby[] = [];
      const query = `subscription($id: ID!) { gameUpdated(gameId: $id) { version heldSeats { seat player { displayName } } lobbyActions { join } history { text } } }`;
      socket.subscribe<{ gameUpdated: LiveLobby }>(
        { query, variables: { id } },
        { next: ({ data }) => void (data && seen.push(data.gameUpdated)), error: () => undefined, complete: () => undefined },
      );
      return { seen, latest: () => seen[seen.length - 1], close: () => socket.dispose() };
    };
    const game = (await rematch(ann, await finishedGame())).data!.rematch;
    const [host, stranger] = [watch(game.id, ann), watch(game.id, dan)];
    try {
      await until(() => host.seen.length > 0 && stranger.seen.length > 0, 'both are watching');
      expect(host.latest().heldSeats.map((held) => held.player.displayName)).toEqual(['Bob', 'Cat']);
      expect(stranger.latest().lobbyActions.join).toEqual([]);

      expect((await decline(cat, game.id)).errors).toBeUndefined();
      await until(() => host.latest().version > game.version && stranger.latest().version > game.version, 'the decline reaches both');
      for (const viewer of [host, stranger]) {
        expect(viewer.latest().heldSeats).toEqual([{ seat: 0, player: { displayName: 'Bob' } }]);
        expect(viewer.latest().history.at(-1)!.text).toBe('Cat declined the invitation.');
      }
      // Cat's seat is anyone's now; Bob's is still kept for him.
      expect(stranger.latest().lobbyActions.join).toEqual([1]);
      expect(await lobbyActions(game.id, dan)).toEqual({ ...nothing, join: [1] });

      // Declined once, there is nothing more to decline: refused, and nothing written.
      expect(await refused(game.id, decline(cat, game.id))).toBe('NOTHING_PENDING');
    } finally {
      await Promise.all([host.close(), stranger.close()]);
    }
  });

  it('refuses a decline once the game has started: the invitation lapsed with it', async () => {
    // Invited is a newcomer: Dan's inbox had as many mails of ours as an hour allows.
    const [game, eve] = await Promise.all([create(ann, {}), registerPlayer(url, 'Eve')]);
    await invite(game.id, eve);
    for (const player of [bob, cat]) await join(player, game.id);
    await gqlOk(url, `mutation($id: ID!) { startGame(gameId: $id) { id } }`, { id: game.id }, ann.token);
    expect(await refused(game.id, decline(eve, game.id))).toBe('GAME_NOT_ACTIVE');
  });

  it('lists open public games of others, of one game if asked', async () => {
    const mine = await create(ann, {});
    const bobs = await create(bob, {});
    const open = await listed('(status: LOBBY, notMine: true, first: 200)', ann);
    expect(open).toContain(bobs.id);
    expect(open).not.toContain(mine.id);
    expect(await listed('(status: LOBBY, ruleset: "five-tribes", first: 200)', ann)).not.toContain(bobs.id);
    expect(await listed('(status: LOBBY, ruleset: "counting", first: 200)', ann)).toContain(bobs.id);
  });

  it('starts a game by itself (unless its host said not to) with its last seat, as its host; one whose host said not to waits for them', async () => {
    // Created as a host does who says nothing of it (the test helpers say autoStart: false).
    const { createGame: created } = await gqlOk<{ createGame: { id: string; autoStart: boolean } }>(
      url,
      `mutation { createGame(input: { ruleset: "counting", seats: 3 }) { id autoStart } }`,
      {},
      ann.token,
    );
    expect(created.autoStart).toBe(true);
    const join = (who: Player, id: string) =>
      gqlOk<{ joinGame: { status: string } }>(url, `mutation($id: ID!) { joinGame(gameId: $id) { status } }`, { id }, who.token);
    expect((await join(bob, created.id)).joinGame.status).toBe('LOBBY');
    expect((await join(cat, created.id)).joinGame.status).toBe('ACTIVE');
    // Over once two of three resign: its record, the start included, verifies as any other.
    for (const leaving of [cat, ann]) await gqlOk(url, `mutation($id: ID!) { resignGame(gameId: $id) { id } }`, { id: created.id }, leaving.token);
    const { game } = await gqlOk<{ game: { history: Array<{ type: string; actor: { id: string } | null }>; recordCheck: { verified: boolean } } }>(
      url,
      `query($id: ID!) { game(id: $id) { history { type actor { id } } recordCheck { verified } } }`,
      { id: created.id },
      cat.token,
    );
    // The start is the host's, by the leave they gave at its creation, right after the seat that filled the game.
    const started = game.history.findIndex((entry) => entry.type === 'game.started');
    expect(game.history[started].actor?.id).toBe(ann.id);
    expect(game.history[started - 1]).toEqual({ type: 'game.seatTaken', actor: { id: cat.id } });
    expect(game.recordCheck.verified).toBe(true);

    const waits = await createGameFields<{ id: string; autoStart: boolean }>(url, ann, { ruleset: 'counting', seats: 2, autoStart: false }, 'id autoStart');
    expect(waits.autoStart).toBe(false);
    expect((await join(bob, waits.id)).joinGame.status).toBe('LOBBY');
  });

  it('starts a rematch with the same players a seat further round, once everyone invited has accepted', async () => {
    const players = [ann, bob, cat];
    const oldId = await startCountingGame(url, players, { seed: 'rematch', options: { target: 7 }, moveDeadline: { hoursPerMove: 48 } });
    expect(await refused(oldId, rematch(ann, oldId))).toBe('GAME_NOT_ACTIVE');
    await gqlOk(url, `mutation($id: ID!) { resignGame(gameId: $id) { id } }`, { id: oldId }, cat.token);
    await gqlOk(url, `mutation($id: ID!) { resignGame(gameId: $id) { id } }`, { id: oldId }, ann.token);
    expect((await seeGame(oldId)).status).toBe('FINISHED');
    expect(await refused(oldId, rematch(dan, oldId))).toBe('FORBIDDEN');

    const asked = await rematch(bob, oldId);
    const game = asked.data!.rematch;
    expect(game).toMatchObject({ status: 'LOBBY', name: "Ann's Counting (test game) game (rematch)", options: { target: 7 } });
    // Bob sat at seat 2, so takes seat 1; Ann (1) and Cat (3) move round to 3 and 2.
    expect(game.seats.map((s) => s.user?.id ?? null)).toEqual([bob.id, null, null]);
    expect((await seeGame(oldId)).rematchId).toBe(game.id);
    const [mail] = await inbox.waitFor(await emailOf(url, ann), /invites you/, { containing: game.id });
    expect(mail.subject).toBe('Bob invites you to play Counting (test game)');
    expect((await invitations(ann)).map((g) => g.id)).toEqual([game.id]);

    // Asking again is the same rematch: Ann's own seat, kept for her.
    expect((await rematch(ann, oldId)).data!.rematch.seats.map((s) => s.user?.id ?? null)).toEqual([bob.id, null, ann.id]);
    expect((await rematch(bob, oldId)).data!.rematch.id).toBe(game.id);
    const started = await join(cat, game.id);
    expect(started.data!.joinGame).toMatchObject({ status: 'ACTIVE' });
    expect(started.data!.joinGame.seats.map((s) => s.user?.id ?? null)).toEqual([bob.id, cat.id, ann.id]);
    const deadlines = await gqlOk<{ game: { deadlines: Array<{ seat: number }> } }>(url, `query($id: ID!) { game(id: $id) { deadlines { seat } } }`, {
      id: game.id,
    });
    expect(deadlines.game.deadlines).toHaveLength(1);
  });

  it("keeps a public rematch's seats for its invitees, until they accept or decline", async () => {
    const game = (await rematch(ann, await finishedGame())).data!.rematch;
    expect(game.visibility).toBe('PUBLIC');
    // Ann moved round to seat 3; seats 1 and 2 are kept for Bob and Cat, as the game says to anyone.
    expect(holders(game)).toEqual([null, null, ann.id]);
    const heldSeats = async () =>
      (
        await gqlOk<{ game: { heldSeats: Array<{ seat: number; player: { displayName: string } }> } }>(
          url,
          `query($id: ID!) { game(id: $id) { heldSeats { seat player { displayName } } } }`,
          { id: game.id },
        )
      ).game.heldSeats;
    expect(await heldSeats()).toEqual([
      { seat: 0, player: { displayName: 'Bob' } },
      { seat: 1, player: { displayName: 'Cat' } },
    ]);
    // Every free seat is kept: the host may still invite, a stranger may take none, each invitee their own.
    expect(await lobbyActions(game.id, ann)).toMatchObject({ invite: true, start: false });
    expect(await lobbyActions(game.id, dan)).toEqual(nothing);
    expect(await lobbyActions(game.id, cat)).toEqual({ ...nothing, join: [1] });
    const strangerJoins = join(dan, game.id);
    expect(await refused(game.id, strangerJoins)).toBe('BAD_USER_INPUT');
    expect((await strangerJoins).errors![0].message).toBe('Every free seat is kept for an invited player.');
    const strangerChooses = joinSeat(dan, game.id, 0);
    expect(await refused(game.id, strangerChooses)).toBe('BAD_USER_INPUT');
    expect((await strangerChooses).errors![0].message).toBe('Seat 1 is kept for an invited player.');

    expect(holders((await join(bob, game.id)).data!.joinGame)).toEqual([bob.id, null, ann.id]);
    expect(await heldSeats()).toEqual([{ seat: 1, player: { displayName: 'Cat' } }]);
    expect(await refused(game.id, joinSeat(dan, game.id, 1))).toBe('BAD_USER_INPUT');
    // Seats count from 0 in the arguments, from 1 in the words.
    for (const [seat, message] of [
      [0, 'Seat 1 is taken.'],
      [3, 'seat must be from 0 to 2 (0 is the seat players call seat 1).'],
    ] as const) {
      const attempt = joinSeat(dan, game.id, seat);
      expect(await refused(game.id, attempt)).toBe('BAD_USER_INPUT');
      expect((await attempt).errors![0].message).toBe(message);
    }
    const started = (await join(cat, game.id)).data!.joinGame;
    expect(started.status).toBe('ACTIVE');
    expect(holders(started)).toEqual([bob.id, cat.id, ann.id]);
    expect(await heldSeats()).toEqual([]);

    // Declined, a kept seat is anyone's.
    const next = (await rematch(ann, await finishedGame())).data!.rematch;
    expect((await decline(cat, next.id)).errors).toBeUndefined();
    expect(holders((await join(dan, next.id)).data!.joinGame)).toEqual([null, dan.id, ann.id]);
    expect((await join(bob, next.id)).data!.joinGame).toMatchObject({ status: 'ACTIVE' });
  });
});
