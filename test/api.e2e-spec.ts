/**
 * End to end over HTTP: several users play the test ruleset from lobby to a
 * finished game, and every refusal comes back with its code and writes nothing.
 */
import { errorCode, GAME_FIELDS, gql, gqlOk, Player, refusalWritingNothing, registerPlayer, startTestServer, TestServer } from './support/app';
import { askToCreateGame, createGameFields, startGame } from './support/games';

type Game = {
  id: string;
  status: string;
  version: number;
  activeSeats: number[];
  mySeat: number | null;
  canUndo: boolean;
  legalMoves: Array<{ type: string; amount?: number }>;
  view: any;
  result: any;
};

describe('GraphQL API (end to end)', () => {
  let server: TestServer;
  let url: string;
  let ann: Player;
  let bob: Player;
  let eve: Player;

  beforeAll(async () => {
    server = await startTestServer();
    url = server.url;
    [ann, bob, eve] = await Promise.all(['Ann', 'Bob', 'Eve'].map((name) => registerPlayer(url, name)));
  });

  afterAll(() => server.close());

  async function createStartedGame(options: Record<string, unknown> = { target: 6 }, seed = 'fixed-seed'): Promise<Game> {
    return getGame(await startGame(url, [ann, bob], { options, seed }), ann);
  }

  async function getGame(id: string, as?: Player): Promise<Game> {
    return (await gqlOk<{ game: Game }>(url, `query($id: ID!) { game(id: $id) { ${GAME_FIELDS} } }`, { id }, as?.token)).game;
  }

  const playerFor = (game: Game) => (game.activeSeats[0] === 0 ? ann : bob);

  function submit(game: Game, player: Player, move: unknown, expectedVersion = game.version, clientMoveId?: string) {
    return gql<{ submitMove: Game }>(
      url,
      `mutation($id: ID!, $move: JSON!, $v: Int!, $c: String) { submitMove(gameId: $id, move: $move, expectedVersion: $v, clientMoveId: $c) { ${GAME_FIELDS} } }`,
      { id: game.id, move, v: expectedVersion, c: clientMoveId },
      player.token,
    );
  }

  /** The active player's view of the game, with its legal moves. */
  async function current(id: string): Promise<{ game: Game; player: Player }> {
    const anyView = await getGame(id, ann);
    const player = playerFor(anyView);
    return { game: await getGame(id, player), player };
  }

  it('takes two players from the lobby to a finished game with a result', async () => {
    const rulesets = await gqlOk<{ rulesets: Array<{ id: string; minSeats: number; maxSeats: number }> }>(url, '{ rulesets { id name minSeats maxSeats } }');
    expect(rulesets.rulesets).toContainEqual(expect.objectContaining({ id: 'counting', minSeats: 2, maxSeats: 4 }));

    const created = { createGame: await createGameFields<Game>(url, ann, { options: { target: 8 } }, GAME_FIELDS) };
    expect(created.createGame).toMatchObject({ status: 'LOBBY', mySeat: 0, version: 2, view: null });
    const joined = await gqlOk<{ joinGame: Game }>(
      url,
      `mutation($id: ID!) { joinGame(gameId: $id) { ${GAME_FIELDS} } }`,
      { id: created.createGame.id },
      bob.token,
    );
    expect(joined.joinGame.mySeat).toBe(1);
    const started = await gqlOk<{ startGame: Game }>(
      url,
      `mutation($id: ID!) { startGame(gameId: $id) { ${GAME_FIELDS} } }`,
      { id: created.createGame.id },
      ann.token,
    );
    expect(started.startGame.status).toBe('ACTIVE');

    let moves = 0;
    for (;;) {
      const { game, player } = await current(created.createGame.id);
      if (game.status === 'FINISHED') break;
      expect(game.legalMoves.length).toBeGreaterThan(0);
      const move = game.legalMoves.find((m) => m.type === 'endTurn') ?? game.legalMoves[game.legalMoves.length - 1];
      const result = await submit(game, player, move);
      expect(result.errors).toBeUndefined();
      moves++;
      expect(moves).toBeLessThan(100);
    }
    const finished = await getGame(created.createGame.id, eve);
    expect(finished.status).toBe('FINISHED');
    expect(finished.result.winners.length).toBeGreaterThan(0);
    expect(finished.result.scores).toHaveLength(2);
    expect(finished.activeSeats).toEqual([]);
    const audit = await gqlOk<{ game: { version: number; history: unknown[]; integrity: { ok: boolean; checkedEvents: number } } }>(
      url,
      `query($id: ID!) { game(id: $id) { version history(first: 500) { seq type } integrity { ok checkedEvents firstBadSeq } } }`,
      { id: created.createGame.id },
    );
    expect(audit.game.history).toHaveLength(audit.game.version);
    expect(audit.game.integrity).toEqual({ ok: true, checkedEvents: audit.game.version, firstBadSeq: null });
  });

  it('answers every refusal with its code and a readable message, and writes nothing', async () => {
    const game = await createStartedGame();
    const { player, game: mine } = await current(game.id);
    const other = player === ann ? bob : ann;
    const versionBefore = mine.version;

    const cases: Array<[string, Promise<any>]> = [
      ['UNAUTHENTICATED', askToCreateGame(url, undefined, {})],
      ['UNAUTHENTICATED', gql(url, `{ me { id } }`, {}, 'not-a-token')],
      ['NOT_FOUND', gql(url, `{ game(id: "00000000-0000-0000-0000-000000000000") { id } }`)],
      ['NOT_FOUND', gql(url, `{ game(id: "nonsense") { id } }`)],
      ['BAD_USER_INPUT', askToCreateGame(url, ann, { ruleset: 'chess' })],
      ['BAD_USER_INPUT', askToCreateGame(url, ann, { seats: 9 })],
      ['BAD_USER_INPUT', askToCreateGame(url, ann, { options: { target: 'x' } })],
      ['BAD_USER_INPUT', askToCreateGame(url, ann, { options: { colour: 1 } })],
      [
        'BAD_USER_INPUT',
        gql(url, `mutation($id: ID!, $v: Int!) { submitMove(gameId: $id, move: {}, expectedVersion: $v) { id } }`, { id: game.id, v: 'x' }, ann.token),
      ],
      [
        'GRAPHQL_VALIDATION_FAILED',
        gql(url, `mutation($id: ID!) { submitMove(gameId: $id, move: {}, expectedVersion: "x") { id } }`, { id: game.id }, ann.token),
      ],
      ['FORBIDDEN', submit(mine, eve, mine.legalMoves[0])],
      ['NOT_YOUR_TURN', submit(mine, other, { type: 'add', amount: 1 })],
      ['ILLEGAL_MOVE', submit(mine, player, { type: 'add', amount: 3 })],
      ['ILLEGAL_MOVE', submit(mine, player, 'endTurn')],
      ['VERSION_CONFLICT', submit(mine, player, mine.legalMoves[0], mine.version - 1)],
      ['GAME_NOT_ACTIVE', gql(url, `mutation($id: ID!) { joinGame(gameId: $id) { id } }`, { id: game.id }, eve.token)],
      ['FORBIDDEN', gql(url, `mutation($id: ID!) { rollbackGame(gameId: $id, toVersion: 5, reason: "mine") { id } }`, { id: game.id }, bob.token)],
      ['ILLEGAL_MOVE', gql(url, `mutation($id: ID!) { undoMove(gameId: $id) { id } }`, { id: game.id }, player.token)],
    ];
    for (const [code, pending] of cases) {
      const result = await pending;
      expect({ code: errorCode(result), message: typeof result.errors?.[0]?.message }).toEqual({ code, message: 'string' });
      expect(result.errors[0].message.length).toBeGreaterThan(5);
    }
    expect((await getGame(game.id)).version).toBe(versionBefore);

    const lobby = { createGame: await createGameFields<Game>(url, ann, {}, GAME_FIELDS) };
    expect(errorCode(await submit(lobby.createGame, ann, { type: 'add', amount: 1 }))).toBe('GAME_NOT_ACTIVE');
    expect(errorCode(await gql(url, `mutation($id: ID!) { startGame(gameId: $id) { id } }`, { id: lobby.createGame.id }, ann.token))).toBe('BAD_USER_INPUT');
    expect(errorCode(await gql(url, `mutation($id: ID!) { startGame(gameId: $id) { id } }`, { id: lobby.createGame.id }, bob.token))).toBe('FORBIDDEN');
    expect((await getGame(lobby.createGame.id)).version).toBe(2);
  });

  it('lets a seated player other than the host leave before the start, freeing the seat; refuses anyone else, writing nothing', async () => {
    const { createGame: lobby } = await gqlOk<{ createGame: Game }>(
      url,
      `mutation { createGame(input: { ruleset: "counting", seats: 3, autoStart: false }) { id } }`,
      {},
      ann.token,
    );
    const join = (as: Player) => gqlOk(url, `mutation($id: ID!) { joinGame(gameId: $id) { id } }`, { id: lobby.id }, as.token);
    const leave = (as: Player) =>
      gql<{ leaveGame: { seats: Array<{ user: { id: string } | null }> } }>(
        url,
        `mutation($id: ID!) { leaveGame(gameId: $id) { seats { user { id } } } }`,
        { id: lobby.id },
        as.token,
      );
    const mine = async (as: Player) =>
      (await gqlOk<{ games: Array<{ id: string }> }>(url, `{ games(mine: true) { id } }`, {}, as.token)).games.map((g) => g.id);
    const refused = (attempt: Promise<unknown>) => refusalWritingNothing(async () => (await getGame(lobby.id)).version, attempt as never);
    await join(bob);
    expect(await mine(bob)).toContain(lobby.id);

    const left = await leave(bob);
    expect(left.data!.leaveGame.seats.map((seat) => seat.user?.id ?? null)).toEqual([ann.id, null, null]);
    expect(await mine(bob)).not.toContain(lobby.id);
    const { game } = await gqlOk<{ game: { history: Array<{ type: string; text: string }> } }>(
      url,
      `query($id: ID!) { game(id: $id) { history { type text } } }`,
      { id: lobby.id },
    );
    expect(game.history.at(-1)).toEqual({ type: 'game.seatGivenUp', text: 'Bob left seat 2 before the game began.' });

    expect(await refused(leave(bob))).toBe('FORBIDDEN');
    expect((await leave(bob)).errors![0].message).toBe('You do not have a seat in this game.');
    expect(await refused(leave(ann))).toBe('FORBIDDEN');
    expect((await leave(ann)).errors![0].message).toBe('You are the host: the game keeps your seat until it starts.');
    await join(bob);
    await join(eve);
    await gqlOk(url, `mutation($id: ID!) { startGame(gameId: $id) { id } }`, { id: lobby.id }, ann.token);
    expect(await refused(leave(bob))).toBe('GAME_NOT_ACTIVE');
    expect((await leave(eve)).errors![0].message).toBe('The game has already started: you can only resign now.');
    expect(await refused(gql(url, `mutation($id: ID!) { leaveGame(gameId: $id) { id } }`, { id: lobby.id }))).toBe('UNAUTHENTICATED');
  });

  it('lets exactly one of many concurrent submits at one version win, with no gaps', async () => {
    const game = await createStartedGame();
    const { player, game: mine } = await current(game.id);
    const results = await Promise.all(Array.from({ length: 8 }, () => submit(mine, player, { type: 'add', amount: 1 })));
    expect(results.filter((r) => !r.errors)).toHaveLength(1);
    expect(results.filter((r) => errorCode(r) === 'VERSION_CONFLICT')).toHaveLength(7);
    const after = await gqlOk<{ game: { version: number; history: Array<{ seq: number }> } }>(
      url,
      `query($id: ID!) { game(id: $id) { version history { seq } } }`,
      { id: game.id },
    );
    expect(after.game.version).toBe(mine.version + 1);
    expect(after.game.history.map((h) => h.seq)).toEqual(Array.from({ length: after.game.version }, (_, i) => i + 1));
  });

  it('treats a resent clientMoveId as the same move', async () => {
    const game = await createStartedGame();
    const { player, game: mine } = await current(game.id);
    const first = await submit(mine, player, { type: 'add', amount: 2 }, mine.version, 'client-move-42');
    const again = await submit(mine, player, { type: 'add', amount: 2 }, mine.version, 'client-move-42');
    expect(first.errors).toBeUndefined();
    expect(again.errors).toBeUndefined();
    expect(again.data!.submitMove.version).toBe(first.data!.submitMove.version);
    expect((await getGame(game.id)).view.counter).toBe(2);
  });

  it('lets a player take back reversible steps but not a step that drew a card', async () => {
    const game = await createStartedGame();
    const { player, game: mine } = await current(game.id);
    const added = (await submit(mine, player, { type: 'add', amount: 2 })).data!.submitMove;
    expect(added.canUndo).toBe(true);
    expect(added.view.counter).toBe(2);
    const undone = await gqlOk<{ undoMove: Game }>(url, `mutation($id: ID!) { undoMove(gameId: $id) { ${GAME_FIELDS} } }`, { id: game.id }, player.token);
    expect(undone.undoMove.view).toEqual(mine.view);
    expect(undone.undoMove.version).toBe(mine.version + 2);
    const again = (await submit(undone.undoMove, player, { type: 'add', amount: 1 })).data!.submitMove;
    const ended = (await submit(again, player, { type: 'endTurn' })).data!.submitMove;
    expect(ended.canUndo).toBe(false);
    expect(errorCode(await gql(url, `mutation($id: ID!) { undoMove(gameId: $id) { id } }`, { id: game.id }, player.token))).toBe('ILLEGAL_MOVE');
  });

  it('rolls back for the host only, to exactly the earlier state, keeping history marked', async () => {
    const game = await createStartedGame({ target: 30 });
    const startVersion = game.version;
    for (let i = 0; i < 4; i++) {
      const { game: g, player } = await current(game.id);
      await submit(g, player, g.legalMoves.find((m) => m.type === 'endTurn') ?? g.legalMoves[0]);
    }
    const before = await getGame(game.id, ann);
    const target = startVersion + 2;
    const pastView = await gqlOk<{ game: { view: unknown } }>(
      url,
      `query($id: ID!, $v: Int!) { game(id: $id) { view(asOf: $v) } }`,
      { id: game.id, v: target },
      ann.token,
    );
    expect(errorCode(await gql(url, `mutation($id: ID!) { rollbackGame(gameId: $id, toVersion: 3, reason: "oops") { id } }`, { id: game.id }, bob.token))).toBe(
      'FORBIDDEN',
    );
    expect(
      errorCode(await gql(url, `mutation($id: ID!) { rollbackGame(gameId: $id, toVersion: 1, reason: "too far") { id } }`, { id: game.id }, ann.token)),
    ).toBe('BAD_USER_INPUT');
    const rolled = await gqlOk<{ rollbackGame: Game }>(
      url,
      `mutation($id: ID!, $v: Int!) { rollbackGame(gameId: $id, toVersion: $v, reason: "Bob misclicked") { ${GAME_FIELDS} } }`,
      { id: game.id, v: target },
      ann.token,
    );
    expect(rolled.rollbackGame.view).toEqual(pastView.game.view);
    expect(rolled.rollbackGame.version).toBe(before.version + 1);
    type Moment = { round: number | null; move: number; seat: number | null };
    const history = await gqlOk<{
      game: { history: Array<{ seq: number; type: string; rolledBack: boolean; payload: any; text: string | null; moment: Moment; target: Moment | null }> };
    }>(
      url,
      `query($id: ID!) { game(id: $id) { history(first: 500) { seq type rolledBack payload text moment { round move seat } target { round move seat } } } }`,
      { id: game.id },
      ann.token,
    );
    const rolledBack = history.game.history.filter((h) => h.rolledBack).map((h) => h.seq);
    expect(rolledBack).toEqual(Array.from({ length: before.version - target }, (_, i) => target + 1 + i));
    // Players read moves, not versions: the first move after the start is move 1, and the rollback names the move it went back to.
    const momentAt = (seq: number) => history.game.history.find((h) => h.seq === seq)!.moment;
    expect(momentAt(startVersion)).toEqual({ round: null, move: 0, seat: null });
    expect(momentAt(startVersion + 1)).toMatchObject({ move: 1, seat: expect.any(Number) });
    const landing = momentAt(target);
    expect(landing.move).toBeGreaterThan(0);
    expect(history.game.history[history.game.history.length - 1]).toMatchObject({
      type: 'game.rolledBack',
      rolledBack: false,
      payload: { toVersion: target, reason: 'Bob misclicked' },
      text: `Ann rolled the game back to move ${landing.move}: “Bob misclicked”.`,
      moment: { ...landing, seat: null },
      target: landing,
    });
    expect(history.game.history.slice(0, 3).map((h) => h.text)).toEqual(['Ann created the game for 2 players.', 'Ann took seat 1.', 'Bob took seat 2.']);
    const { game: g, player } = await current(game.id);
    expect((await submit(g, player, g.legalMoves[0])).errors).toBeUndefined();
    const next = await gqlOk<{ game: { history: Array<{ moment: Moment }> } }>(
      url,
      `query($id: ID!, $after: Int!) { game(id: $id) { history(after: $after) { moment { round move seat } } } }`,
      { id: game.id, after: before.version + 1 },
      ann.token,
    );
    // Counting goes on from where the rollback landed, also when the page reads only the newest entries.
    expect(next.game.history[0].moment.move).toBe(landing.move + 1);

    // The versions rolled back are no point to go "back" to: that would bring back play set aside.
    const versionNow = (await getGame(game.id, ann)).version;
    const forward = await gql(
      url,
      `mutation($id: ID!, $v: Int!) { rollbackGame(gameId: $id, toVersion: $v, reason: "forward") { id } }`,
      { id: game.id, v: before.version },
      ann.token,
    );
    expect(errorCode(forward)).toBe('BAD_USER_INPUT');
    expect(forward.errors![0].message).toBe(
      `Version ${before.version} was rolled back or taken back since: go back to a point of the game as it stands, as the history lists them.`,
    );
    expect((await getGame(game.id, ann)).version).toBe(versionNow);
  });

  it("never shows one seat's hidden cards or the seed to anyone else until the game is over", async () => {
    const game = await createStartedGame({ target: 4 }, 'secret-seed');
    for (let i = 0; i < 2; i++) {
      const { game: g, player } = await current(game.id);
      await submit(g, player, { type: 'add', amount: 1 });
      await submit((await current(game.id)).game, player, { type: 'endTurn' });
    }
    const query = `query($id: ID!) { game(id: $id) { status view history(first: 500) { type payload text } } }`;
    const asAnn = (await gqlOk<any>(url, query, { id: game.id }, ann.token)).game;
    const asEve = (await gqlOk<any>(url, query, { id: game.id }, eve.token)).game;
    expect(asAnn.status).toBe('ACTIVE');
    expect(asAnn.view.hands[0].cards).toHaveLength(1);
    expect(asAnn.view.hands[1]).toEqual({ count: 1 });
    expect(asEve.view.hands).toEqual([{ count: 1 }, { count: 1 }]);
    const drawnSeenByAnn = asAnn.history.filter((h: any) => h.type === 'cardDrawn').map((h: any) => h.payload);
    expect(drawnSeenByAnn.find((p: any) => p.seat === 1)).toEqual({ seat: 1 });
    expect(drawnSeenByAnn.find((p: any) => p.seat === 0).card).toEqual(expect.any(Number));
    expect(JSON.stringify(asEve.history)).not.toContain('secret-seed');
    expect(JSON.stringify(asEve.history)).not.toContain('"card"');
    // The words follow the redaction: Ann reads her own card's value, nobody reads another's.
    const drawnText = (history: any[]) => history.filter((h) => h.type === 'cardDrawn').map((h) => h.text);
    expect(drawnText(asAnn.history)).toEqual(expect.arrayContaining(['Bob drew a card.', expect.stringMatching(/^Ann drew a \d\.$/)]));
    expect(drawnText(asEve.history).sort()).toEqual(['Ann drew a card.', 'Bob drew a card.']);

    for (;;) {
      const { game: g, player } = await current(game.id);
      if (g.status === 'FINISHED') break;
      await submit(g, player, g.legalMoves.find((m) => m.type === 'endTurn') ?? g.legalMoves[0]);
    }
    const afterEnd = (await gqlOk<any>(url, query, { id: game.id }, eve.token)).game;
    expect(afterEnd.view.hands.every((h: any) => Array.isArray(h.cards))).toBe(true);
    expect(JSON.stringify(afterEnd.history)).toContain('secret-seed');
  });

  it('answers in compact JSON, not indented for reading', async () => {
    const game = await createStartedGame();
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${ann.token}` },
      body: JSON.stringify({ query: `query($id: ID!) { game(id: $id) { ${GAME_FIELDS} } }`, variables: { id: game.id } }),
    });
    const text = await response.text();
    expect(JSON.parse(text).data.game.id).toBe(game.id);
    expect(text).toBe(JSON.stringify(JSON.parse(text)));
  });

  it('limits query depth and request size', async () => {
    const shallow = `{ games { seats { user { displayName } } } }`;
    expect((await gql(url, shallow)).errors).toBeUndefined();
    const tooDeep = `{ __schema { types { fields { type { ofType { ofType { ofType { ofType { name } } } } } } } } }`;
    const refused = await gql(url, tooDeep);
    expect(errorCode(refused)).toBe('QUERY_TOO_COMPLEX');
    expect(refused.errors![0].extensions).toMatchObject({ limit: 'depth', max: 8, actual: 9 });
    expect(refused.errors![0].message).toMatch(/nested 9 levels deep; at most 8/);
    const huge = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ rulesets { id } }', variables: { padding: 'x'.repeat(200_000) } }),
    });
    expect(huge.status).toBe(413);
    expect(await huge.json()).toEqual({
      errors: [{ message: 'The request is too large: the server reads at most 100 kB.', extensions: { code: 'PAYLOAD_TOO_LARGE' } }],
    });
  });

  it('answers a body it cannot read with a GraphQL error and its code, as any refusal', async () => {
    const send = async (body: string, contentType = 'application/json') => {
      const response = await fetch(url, { method: 'POST', headers: { 'content-type': contentType }, body });
      return { status: response.status, body: await response.json() };
    };
    const notJson = { status: 400, body: { errors: [{ message: "The request's body is not valid JSON.", extensions: { code: 'BAD_REQUEST' } }] } };
    expect(await send('{"query": ')).toEqual(notJson);
    // Express serves the API at these too.
    for (const path of ['/graphql/', '/GraphQL']) {
      const response = await fetch(url.replace(/\/graphql$/, path), { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{bad' });
      expect({ path, status: response.status, body: await response.json() }).toEqual({ path, ...notJson });
    }
    expect(await send('{"query": "{ rulesets { id } }"}', 'application/json; charset=latin-9')).toEqual({
      status: 415,
      body: {
        errors: [
          { message: "The request's body is in an encoding the server does not read: send JSON in UTF-8.", extensions: { code: 'UNSUPPORTED_MEDIA_TYPE' } },
        ],
      },
    });
    // Other routes keep their plain HTTP answers.
    const elsewhere = await fetch(url.replace(/\/graphql$/, '/unsubscribe'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"token": ',
    });
    expect(elsewhere.status).toBe(400);
    expect(await elsewhere.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
  });
});
