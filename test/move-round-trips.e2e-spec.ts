/**
 * What a move costs the database: a move answered with the whole game as
 * the page loads it (names, host and deadlines included: what an API client
 * may ask, and what `gameUpdated` sends) is one write transaction and not one
 * statement more (issue #21); so is the web page's own SubmitMove, which also
 * brings the history entries the move added, built from what the append
 * wrote (issue #35). A move on a game the server does not remember (a fresh
 * process) reads the game in that same transaction. A count, not a time:
 * statements are counted as the server sends them, for that request alone
 * (support/round-trips.ts).
 */
import { Kind, print } from 'graphql';
import { GameDocument, HistoryDocument, SubmitMoveDocument, type GameFragment, type HistoryQuery, type SubmitMoveMutation } from '../web/src/api/generated';
import { ManualClock } from '../src/common/clock';
import { afterMove } from '../web/src/api/move-outcome';
import { gql, gqlOk, Player, refusalWritingNothing, registerPlayer, startTestServer, TestServer } from './support/app';
import { startCountingGame } from './support/counting-api';
import { asRole } from './support/database';
import { countRoundTrips, RoundTrips, roundTripsOf, Statement } from './support/round-trips';
import { startGame } from './support/games';

const SUBMIT_MOVE = print(SubmitMoveDocument);
/** The fragments the page loads a whole game with (`Game` and those it spreads), as its Game query carries them. */
const GAME_FRAGMENTS = GameDocument.definitions
  .filter((definition) => definition.kind === Kind.FRAGMENT_DEFINITION)
  .map((definition) => print(definition))
  .join('\n');
/** A move answered with the whole game, as the page loads it. */
const SUBMIT_MOVE_WHOLE_GAME = `mutation($id: ID!, $move: JSON!, $version: Int!, $inviteCode: String) { submitMove(gameId: $id, move: $move, expectedVersion: $version) { ...Game } }\n${GAME_FRAGMENTS}`;
const GAME = print(GameDocument);
const HISTORY = print(HistoryDocument);

/** What a statement of the move's is, in a word. */
function kind({ text }: Statement): string {
  if (/INSERT INTO game_events/.test(text)) return 'append';
  if (/turn_deadlines/.test(text)) return 'deadlines';
  if (/INSERT INTO notifications/.test(text)) return 'turn mail';
  if (/INSERT INTO game_snapshots/.test(text)) return 'snapshot';
  if (/FROM game_events e WHERE e\.game_id/.test(text)) return 'history';
  if (/FROM games WHERE id/.test(text)) return 'game';
  if (/FROM game_snapshots/.test(text)) return 'snapshots';
  if (/FROM game_events WHERE game_id/.test(text)) return 'events';
  return text.trim().split(/\s+/)[0];
}

describe('the database round trips of a move', () => {
  let server: TestServer;
  let stopCounting: () => void;
  let ann: Player;
  let bob: Player;
  /** The server the page talks to. */
  let url: string;
  /**
   * Every server's time, held still: a game with move deadlines shows each
   * seat's time left, which must read the same in a move's answer and in
   * the load after it, whatever second each falls in.
   */
  const clock = new ManualClock(new Date());

  beforeAll(async () => {
    server = await startTestServer({ clock });
    url = server.url;
    stopCounting = countRoundTrips(server.app.getHttpServer());
    ann = await registerPlayer(server.url, 'Ann');
    bob = await registerPlayer(server.url, 'Bob');
  });

  afterAll(async () => {
    stopCounting();
    await server.close();
  });

  async function post<T>(query: string, variables: Record<string, unknown>, player: Player, headers: Record<string, string> = {}): Promise<T> {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${player.token}`, ...headers },
      body: JSON.stringify({ query, variables }),
    });
    const body = (await response.json()) as { data?: T; errors?: unknown[] };
    if (body.errors) throw new Error(`GraphQL errors: ${JSON.stringify(body.errors)}`);
    return body.data as T;
  }

  /** The game as the page shows it, loaded as the page loads it. */
  async function pageGame(gameId: string, as: Player): Promise<GameFragment> {
    return (await post<{ game: GameFragment }>(GAME, { id: gameId }, as)).game;
  }

  /** A move sent as the page sends it on the game it shows; the game it then shows, the history entries it added, and what the move cost. */
  async function pageMove(
    shown: GameFragment,
    as: Player,
    move: unknown,
  ): Promise<{ game: GameFragment; added: HistoryQuery['game']['history']; cost: RoundTrips }> {
    let answer: SubmitMoveMutation['submitMove'] | undefined;
    const cost = await roundTripsOf(async (headers) => {
      const variables = { id: shown.id, move, version: shown.version, clientMoveId: `${shown.id}-${shown.version}` };
      answer = (await post<SubmitMoveMutation>(SUBMIT_MOVE, variables, as, headers)).submitMove;
    });
    const { history: added, ...outcome } = answer!;
    return { game: afterMove(shown, outcome), added, cost };
  }

  /** The page's move: its statements, in one transaction; the history entries its answer brings are built from what the append wrote. */
  function expectOneWrite(cost: RoundTrips, statements: string[]): void {
    expect({ transactions: cost.transactions, statements: cost.statements.map(kind) }).toEqual({ transactions: 1, statements });
  }

  /** A move answered with the whole game; that answer and what it cost. */
  async function wholeGameMove(shown: GameFragment, as: Player, move: unknown): Promise<{ game: GameFragment; cost: RoundTrips }> {
    let game: GameFragment | undefined;
    const cost = await roundTripsOf(async (headers) => {
      game = (await post<{ submitMove: GameFragment }>(SUBMIT_MOVE_WHOLE_GAME, { id: shown.id, move, version: shown.version }, as, headers)).submitMove;
    });
    return { game: game!, cost };
  }

  function expectOneTransaction(cost: RoundTrips): void {
    const said = cost.statements.map((s) => `${s.connection}: ${s.text.trim().split(/\s+/).slice(0, 6).join(' ')}`).join('\n');
    expect({ transactions: cost.transactions, statements: said }).toEqual({ transactions: 1, statements: said });
  }

  /** `work` on a server started afresh on the same database (nothing of any game in its memory), its requests' round trips counted. */
  async function onFreshServer(options: { snapshotInterval?: number }, work: () => Promise<void>): Promise<void> {
    const fresh = await startTestServer({ db: server.db, clock, ...options });
    const stop = countRoundTrips(fresh.app.getHttpServer());
    try {
      url = fresh.url;
      await work();
    } finally {
      url = server.url;
      stop();
      await fresh.close();
    }
  }

  /** After a move the page shows the mover what a fresh load shows them. */
  async function expectAnswerAsLoaded(gameId: string, answer: GameFragment, mover: Player): Promise<void> {
    expect(answer).toEqual(await pageGame(gameId, mover));
  }

  it('costs one write transaction in a game with move deadlines and turn mail, answered with the whole game too', async () => {
    const gameId = await startCountingGame(url, [ann, bob], { moveDeadline: { hoursPerMove: 24, reminderHoursBefore: 2, onExpiry: 'EXTEND' } });
    const before = await pageGame(gameId, ann);
    const [mover, other] = before.activeSeats[0] === 0 ? [ann, bob] : [bob, ann];
    expect(before.deadlines.map((d) => d.seat)).toEqual(before.activeSeats);

    // A step within the turn: the append and the deadlines as they then stand, in one transaction.
    const step = await wholeGameMove(before, mover, { type: 'add', amount: 1 });
    expectOneTransaction(step.cost);
    expect(step.cost.statements.map(kind)).toEqual(['BEGIN', 'append', 'deadlines', 'COMMIT']);
    expect(step.game.version).toBe(before.version + 1);
    expect(step.game.host).toEqual({ id: ann.id, displayName: 'Ann' });
    expect(step.game.seats.map((s) => s.user?.displayName)).toEqual(['Ann', 'Bob']);
    expect(step.game.deadlines).toEqual(before.deadlines);
    await expectAnswerAsLoaded(gameId, step.game, mover);

    // The turn passes to a player on vacation later on: a new deadline, paused by it, and turn mail, all in the move's one transaction.
    const startsAt = new Date(Date.now() + 3600_000);
    const vacation = { s: startsAt, e: new Date(startsAt.getTime() + 48 * 3600_000) };
    await gqlOk(url, `mutation($s: DateTime!, $e: DateTime!) { setVacation(startsAt: $s, endsAt: $e) { vacationDaysLeftThisYear } }`, vacation, other.token);
    const endTurn = await pageMove(step.game, mover, { type: 'endTurn' });
    expectOneWrite(endTurn.cost, ['BEGIN', 'append', 'turn mail', 'deadlines', 'COMMIT']);
    expect(endTurn.added.map((entry) => entry.seq)).toEqual([step.game.version + 1]);
    const otherSeat = before.activeSeats[0] === 0 ? 1 : 0;
    expect(endTurn.game.activeSeats).toEqual([otherSeat]);
    const [othersDeadline] = endTurn.game.deadlines;
    expect(othersDeadline.seat).toBe(otherSeat);
    // 24 hours, and the 48 of the vacation that starts within them.
    expect(new Date(othersDeadline.deadline).getTime() - Date.now()).toBeGreaterThan(70 * 3600_000);
    await expectAnswerAsLoaded(gameId, endTurn.game, mover);
  });

  it('costs one statement in a game without deadlines, the entries it added for the page built from what it wrote from the first move on', async () => {
    const gameId = await startCountingGame(url, [ann, bob]);
    const before = await pageGame(gameId, ann);
    const mover = before.activeSeats[0] === 0 ? ann : bob;
    // The game as the mover's page shows it.
    let shown = await pageGame(gameId, mover);
    for (const [i, move] of [{ type: 'add', amount: 2 }, { type: 'endTurn' }].entries()) {
      const before = shown.version;
      const { game, added, cost } = await pageMove(shown, mover, move);
      shown = game;
      // The append alone, or with its turn mail; the entries the page adds to its history are built from what the append wrote.
      expectOneWrite(cost, i === 0 ? ['append'] : ['BEGIN', 'append', 'turn mail', 'COMMIT']);
      expect(added).toEqual((await post<HistoryQuery>(HISTORY, { id: gameId, after: before }, mover)).game.history);
      expect(added.map((entry) => entry.seq)).toEqual([before + 1]);
      expect(game.deadlines).toEqual([]);
      await expectAnswerAsLoaded(gameId, game, mover);
    }
  });

  it('brings, in a game with hidden cards, the entries a read of the history would give the mover', async () => {
    const gameId = await startGame(url, [ann, bob], { ruleset: 'mob-town' });
    const built = [];
    let steps = 0;
    for (; steps < 12; steps++) {
      const anyone = await pageGame(gameId, ann);
      if (anyone.status !== 'ACTIVE') break;
      const mover = anyone.activeSeats[0] === 0 ? ann : bob;
      const shown = await pageGame(gameId, mover);
      const [move] = shown.legalMoves as unknown[];
      const { added, cost } = await pageMove(shown, mover, move);
      if (cost.statements.every((statement) => kind(statement) !== 'history')) built.push(shown.version);
      expect(added).toEqual((await post<HistoryQuery>(HISTORY, { id: gameId, after: shown.version }, mover)).game.history);
    }
    // All were built from what the append wrote, the first too.
    expect(built.length).toBe(steps);
  });

  it("answers a page's history request (another player's page, after a move it heard of) with the game's row and one read of the entries", async () => {
    const gameId = await startCountingGame(url, [ann, bob]);
    let shown = await pageGame(gameId, ann);
    const mover = shown.activeSeats[0] === 0 ? ann : bob;
    const whole = (await post<HistoryQuery>(HISTORY, { id: gameId, after: 0 }, mover)).game.history;
    for (const move of [{ type: 'add', amount: 1 }, { type: 'add', amount: 2 }, { type: 'endTurn' }]) {
      const before = shown.version;
      shown = (await pageMove(shown, mover, move)).game;
      // As use-history.ts asks: the entries after the last it holds.
      let read: HistoryQuery['game']['history'] = [];
      const cost = await roundTripsOf(async (headers) => {
        read = (await post<HistoryQuery>(HISTORY, { id: gameId, after: before }, mover, headers)).game.history;
      });
      // The game's row (its version), then the entries, their moments and the game's jumps in one statement: both on the prepared pg path.
      expect({ transactions: cost.transactions, statements: cost.statements.map((s) => s.text.trim().split(/\s+/).slice(0, 4).join(' ')) }).toEqual({
        transactions: 2,
        statements: ['SELECT id::text, ruleset, seed,', 'SELECT e.seq, e.type, e.actor_seat'],
      });
      expect(read.map((entry) => entry.seq)).toEqual(Array.from({ length: shown.version - before }, (_, i) => before + i + 1));
      whole.push(...read);
    }
    // Read piece by piece, the history is what one read of it all gives.
    expect(whole).toEqual((await post<HistoryQuery>(HISTORY, { id: gameId, after: 0 }, mover)).game.history);

    // After an undo, the pieces still add up: its moment goes back to where it took the game, and the next move counts on from there.
    const before = shown.version;
    const next = shown.activeSeats[0] === 0 ? ann : bob;
    await pageMove(shown, next, { type: 'add', amount: 2 });
    whole.push(...(await post<HistoryQuery>(HISTORY, { id: gameId, after: before }, mover)).game.history);
    const { undoMove } = await gqlOk<{ undoMove: { version: number } }>(
      url,
      `mutation($id: ID!) { undoMove(gameId: $id) { version } }`,
      { id: gameId },
      next.token,
    );
    shown = await pageGame(gameId, next);
    shown = (await pageMove(shown, next, { type: 'add', amount: 1 })).game;
    const afterUndo = (await post<HistoryQuery>(HISTORY, { id: gameId, after: before + 1 }, mover)).game.history;
    expect(afterUndo.map((entry) => entry.seq)).toEqual(Array.from({ length: shown.version - before - 1 }, (_, i) => before + i + 2));
    expect(undoMove.version).toBeLessThan(shown.version);
    const readWhole = (await post<HistoryQuery>(HISTORY, { id: gameId, after: 0 }, mover)).game.history;
    // The undone step now reads as rolled back: take the entries before it from the whole read.
    expect([...readWhole.slice(0, before + 1), ...afterUndo]).toEqual(readWhole);
    expect(readWhole[before].rolledBack).toBe(true);
    expect(afterUndo[afterUndo.length - 1].moment).toEqual({ ...readWhole[before].moment });
  });

  it('refuses a history asked after a version the game does not have, writing nothing', async () => {
    const gameId = await startCountingGame(url, [ann, bob]);
    const version = async () => (await pageGame(gameId, ann)).version;
    const current = await version();
    for (const after of [-1, current + 1]) {
      const code = await refusalWritingNothing(version, gql(url, HISTORY, { id: gameId, after }, ann.token));
      expect({ after, code }).toEqual({ after, code: 'BAD_USER_INPUT' });
    }
    // Its last version is fine: nothing after it yet.
    expect((await post<HistoryQuery>(HISTORY, { id: gameId, after: current }, ann)).game.history).toEqual([]);
  });

  it('costs one transaction in a server that does not remember the game (a fresh process): the game read in it, the entries built', async () => {
    const gameId = await startCountingGame(url, [ann, bob], { moveDeadline: { hoursPerMove: 24, reminderHoursBefore: 2, onExpiry: 'EXTEND' } });
    let shown = await pageGame(gameId, ann);
    const mover = shown.activeSeats[0] === 0 ? ann : bob;
    shown = (await pageMove(await pageGame(gameId, mover), mover, { type: 'add', amount: 1 })).game;
    const otherGame = await startCountingGame(url, [ann, bob]);
    for (const [i, move] of [{ type: 'add', amount: 2 }, { type: 'endTurn' }].entries()) {
      // Each move to a server started afresh on the same database: nothing of the game in its memory.
      await onFreshServer({}, async () => {
        // What the server keeps of its players, not of this game (the mover's session, the players' names), as any earlier request leaves it.
        await pageGame(otherGame, mover);
        const before = shown.version;
        const { game, added, cost } = await pageMove(shown, mover, move);
        const writes = i === 0 ? ['append', 'deadlines'] : ['append', 'turn mail', 'deadlines'];
        // (No snapshot is read: the game is younger than the snapshot interval, so it has none.)
        expectOneWrite(cost, ['BEGIN', 'game', 'events', ...writes, 'COMMIT']);
        expect(added.map((entry) => entry.seq)).toEqual([before + 1]);
        expect(added).toEqual((await post<HistoryQuery>(HISTORY, { id: gameId, after: before }, mover)).game.history);
        await expectAnswerAsLoaded(gameId, game, mover);
        shown = game;
      });
    }
  });

  it('refuses, in a server that does not remember the game, a move on a version gone by in its one transaction, and stores a resent move once', async () => {
    const gameId = await startCountingGame(url, [ann, bob]);
    const shown = await pageGame(gameId, ann);
    const mover = shown.activeSeats[0] === 0 ? ann : bob;
    const move = { type: 'add', amount: 1 };
    const variables = { id: gameId, move, version: shown.version, clientMoveId: `${gameId}-resent` };
    await post<SubmitMoveMutation>(SUBMIT_MOVE, variables, mover);
    await onFreshServer({}, async () => {
      // Sent again: the game, as the first time left it.
      const resent = await post<SubmitMoveMutation>(SUBMIT_MOVE, variables, mover);
      expect(resent.submitMove.version).toBe(shown.version + 1);
      const stored = await asRole(server.db.ownerUrl, (owner) =>
        owner.query('SELECT count(*)::int AS n FROM game_events WHERE game_id = $1 AND client_move_id = $2', [gameId, variables.clientMoveId]),
      );
      expect(stored.rows[0].n).toBe(1);
      // Another move made on the version gone by: refused, in one transaction that wrote nothing.
      const before = await pageGame(gameId, ann);
      let refusal: string | undefined;
      const cost = await roundTripsOf(async (headers) => {
        // (Without a clientMoveId: with one, a refusal also asks whether it was a move sent again.)
        const { clientMoveId: _resent, ...late } = variables;
        await post(SUBMIT_MOVE, late, mover, headers).catch((error: Error) => (refusal = error.message));
      });
      expect(refusal).toMatch(/VERSION_CONFLICT/);
      expect({ transactions: cost.transactions, statements: cost.statements.map(kind) }).toEqual({
        transactions: 1,
        statements: ['BEGIN', 'game', 'ROLLBACK'],
      });
      expect(await pageGame(gameId, ann)).toEqual(before);
    });
  });

  it("writes the snapshot a move makes due in that move's transaction, from which a server that does not remember the game reads it", async () => {
    await onFreshServer({ snapshotInterval: 4 }, async () => {
      const gameId = await startCountingGame(url, [ann, bob]);
      const otherGame = await startCountingGame(url, [ann, bob]);
      const mover = (await pageGame(gameId, ann)).activeSeats[0] === 0 ? ann : bob;
      // Shown to the mover, as their page shows it: the move's answer keeps the rest of what the page shows (their seat).
      let game = await pageGame(gameId, mover);
      while (game.version % 4 !== 3) game = (await pageMove(game, mover, { type: 'add', amount: 1 })).game;
      const crossing = await pageMove(game, mover, { type: 'add', amount: 1 });
      expectOneWrite(crossing.cost, ['BEGIN', 'append', 'snapshot', 'COMMIT']);
      const stored = await asRole(server.db.ownerUrl, (owner) => owner.query('SELECT version FROM game_snapshots WHERE game_id = $1', [gameId]));
      expect(stored.rows.map((row) => row.version)).toContain(crossing.game.version);

      await onFreshServer({ snapshotInterval: 4 }, async () => {
        await pageGame(otherGame, mover);
        const next = await pageMove(crossing.game, mover, { type: 'endTurn' });
        expectOneWrite(next.cost, ['BEGIN', 'game', 'snapshots', 'events', 'append', 'turn mail', 'COMMIT']);
        await expectAnswerAsLoaded(gameId, next.game, mover);
      });
    });
  });
});
