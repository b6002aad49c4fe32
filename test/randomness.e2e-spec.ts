/**
 * Provably fair randomness, end to end: a secret server seed committed to at
 * creation and revealed at the end, every player's public client seed, and
 * every draw recomputed here, independently, from the recipe README.md gives
 * ("Checking a game's randomness"): node:crypto's HMAC feeding the seeded
 * generator of src/rules/random.ts, not the server's own function.
 */
import { createHash, createHmac } from 'node:crypto';
import { ManualClock } from '../src/common/clock';
import { Deadlines } from '../src/deadlines/deadlines';
import { seededRandom } from '../src/rules/random';
import { errorCode, gql, gqlOk, Player, registerPlayer, startTestServer, TestServer } from './support/app';
import { playTurn, seeGame, startCountingGame, submitMove } from './support/counting-api';
import { askToCreateGame, createGame, createGameFields } from './support/games';

interface Randomness {
  commitment: string;
  clientSeeds: (string | null)[];
  fixedSeed: boolean;
  serverSeed: string | null;
}

interface Entry {
  seq: number;
  type: string;
  payload: Record<string, unknown>;
}

const RANDOMNESS = 'randomness { commitment clientSeeds fixedSeed serverSeed }';

/** The README's recipe, written out again: the seeded generator for the append made at line position `position`. */
function readmeDraws(serverSeed: string, clientSeeds: string[], position: number) {
  const key = createHmac('sha256', Buffer.from(serverSeed, 'utf8'))
    .update(JSON.stringify([clientSeeds, position]), 'utf8')
    .digest('hex');
  return seededRandom(key);
}

const JUMPS = ['game.rolledBack', 'game.moveUndone', 'game.takenBack'];
const REMARKS = [
  'game.takebackRequested',
  'game.takebackAnswered',
  'game.endProposed',
  'game.endAnswered',
  'game.proposalLapsed',
  'game.proposalWithdrawn',
  'game.deadlinePassed',
  'game.deadlineExtended',
];

/** The draw position after each version (README, draw recipe 2): a jump returns to its target's; a remark keeps it; any other event adds one. */
function linePositions(history: Entry[]): number[] {
  expect(history[0].payload.drawRecipe).toBe(2);
  const positions = [0];
  for (const entry of history) {
    const before = positions[entry.seq - 1];
    positions[entry.seq] = JUMPS.includes(entry.type) ? positions[entry.payload.toVersion as number] : REMARKS.includes(entry.type) ? before : before + 1;
  }
  return positions;
}

describe('provably fair randomness (end to end)', () => {
  let server: TestServer;
  let url: string;
  let ann: Player;
  let bob: Player;
  let eve: Player;

  beforeAll(async () => {
    server = await startTestServer({ allowFixedSeeds: true });
    url = server.url;
    [ann, bob, eve] = await Promise.all(['Ann', 'Bob', 'Eve'].map((name) => registerPlayer(url, name)));
  });

  afterAll(() => server.close());

  async function randomnessOf(gameId: string, as?: Player): Promise<Randomness> {
    return (await gqlOk<{ game: { randomness: Randomness } }>(url, `query($id: ID!) { game(id: $id) { ${RANDOMNESS} } }`, { id: gameId }, as?.token)).game
      .randomness;
  }

  async function historyOf(gameId: string, as?: Player): Promise<Entry[]> {
    return (
      await gqlOk<{ game: { history: Entry[] } }>(
        url,
        `query($id: ID!) { game(id: $id) { history(first: 500) { seq type payload } } }`,
        { id: gameId },
        as?.token,
      )
    ).game.history;
  }

  /** Every drawn card of the game, in order, as the history of a finished game (or the game's own players) show them. */
  const cardsOf = (history: Entry[]) => history.filter((entry) => entry.type === 'cardDrawn').map((entry) => entry.payload.card);

  async function playTurns(gameId: string, turns: number): Promise<void> {
    for (let turn = 0; turn < turns; turn++) await playTurn(url, gameId, [ann, bob]);
  }

  it('commits to a secret seed at creation, shows every client seed, reveals the seed at the end, and every draw checks out', async () => {
    const created = await createGameFields<{ id: string; randomness: Randomness }>(
      url,
      ann,
      { options: { target: 12 }, clientSeed: "Ann's lucky socks" },
      `id ${RANDOMNESS}`,
    );
    const gameId = created.id;
    expect(created.randomness).toEqual({
      commitment: expect.stringMatching(/^[0-9a-f]{64}$/),
      clientSeeds: ["Ann's lucky socks", null],
      fixedSeed: false,
      serverSeed: null,
    });
    await gqlOk(url, `mutation($id: ID!) { joinGame(gameId: $id) { id } }`, { id: gameId }, bob.token);
    await gqlOk(url, `mutation($id: ID!) { startGame(gameId: $id) { id } }`, { id: gameId }, ann.token);
    // Bob brought none: the server made one, public like Ann's.
    const started = await randomnessOf(gameId, eve);
    expect(started).toEqual({ ...created.randomness, clientSeeds: ["Ann's lucky socks", expect.stringMatching(/^[0-9a-f]{32}$/)] });

    // Everything anyone can read while the game runs: it must not hold the server seed.
    const seen: string[] = [];
    const look = async () => {
      for (const as of [ann, bob, eve, undefined]) {
        seen.push(
          JSON.stringify(
            await gqlOk(
              url,
              `query($id: ID!) { game(id: $id) { view legalMoves ${RANDOMNESS} history(first: 500) { payload text } } }`,
              { id: gameId },
              as?.token,
            ),
          ),
        );
      }
    };
    await look();
    // Play with an undo and a host rollback on the way, so that line positions and versions part.
    await playTurn(url, gameId, [ann, bob]);
    let game = await seeGame(url, gameId);
    const mover = [ann, bob][game.activeSeats[0]];
    await submitMove(url, gameId, mover, { type: 'add', amount: 2 }, game.version);
    await gqlOk(url, `mutation($id: ID!) { undoMove(gameId: $id) { id } }`, { id: gameId }, mover.token);
    await playTurn(url, gameId, [ann, bob]);
    game = await seeGame(url, gameId);
    await gqlOk(
      url,
      `mutation($id: ID!, $v: Int!) { rollbackGame(gameId: $id, toVersion: $v, reason: "replay that") { id } }`,
      { id: gameId, v: game.version - 2 },
      ann.token,
    );
    await look();
    while ((game = await seeGame(url, gameId)).status === 'ACTIVE') await playTurn(url, gameId, [ann, bob]);

    // The end: the seed is revealed with the finishing events, and it is the one committed to.
    const revealed = await randomnessOf(gameId, eve);
    expect(revealed).toEqual({ ...started, serverSeed: expect.stringMatching(/^[0-9a-f]{64}$/) });
    const serverSeed = revealed.serverSeed!;
    expect(createHash('sha256').update(serverSeed, 'utf8').digest('hex')).toBe(created.randomness.commitment);
    for (const text of seen) expect(text).not.toContain(serverSeed);
    const history = await historyOf(gameId, eve);
    expect(history.slice(-1)[0]).toEqual({ seq: game.version, type: 'game.seedRevealed', payload: { serverSeed } });

    // Every draw in the history, recomputed: the deal at the start, then each card, keyed to the line position where its append began.
    const positions = linePositions(history);
    const clientSeeds = revealed.clientSeeds as string[];
    let draws = 0;
    for (const entry of history) {
      if (entry.type === 'dealt') {
        const startedAt = history.find((e) => e.type === 'game.started')!.seq;
        expect(entry.payload.firstPlayer).toBe(readmeDraws(serverSeed, clientSeeds, positions[startedAt - 1]).int(2));
        draws++;
      } else if (entry.type === 'cardDrawn') {
        expect(entry.payload.card).toBe(1 + readmeDraws(serverSeed, clientSeeds, positions[entry.seq - 1]).int(9));
        draws++;
      }
    }
    expect(draws).toBeGreaterThan(6);
    expect(positions[game.version]).toBeLessThan(game.version);
  });

  it('reveals the seed however the game ends: here a deadline the game says ends it', async () => {
    const clock = new ManualClock(new Date());
    const timed = await startTestServer({ clock, db: server.db });
    try {
      const gameId = await startCountingGame(timed.url, [ann, bob], { moveDeadline: { hoursPerMove: 1, reminderHoursBefore: 0, onExpiry: 'END' } });
      clock.advance(2 * 3600_000);
      expect(await timed.app.get(Deadlines).runDue()).toMatchObject({ expired: 1 });
      const history = await historyOf(gameId, eve);
      expect(history.slice(-2).map((entry) => entry.type)).toEqual(['game.endedByHost', 'game.seedRevealed']);
      const revealed = await randomnessOf(gameId);
      expect(revealed.serverSeed).toBe(history.slice(-1)[0].payload.serverSeed);
      // A finished game's seed is public: going back would make every later draw known, so it cannot be rolled back.
      const rollback = await gql(url, `mutation($id: ID!) { rollbackGame(gameId: $id, toVersion: 5, reason: "again") { id } }`, { id: gameId }, ann.token);
      expect(errorCode(rollback)).toBe('GAME_NOT_ACTIVE');
    } finally {
      await timed.close();
    }
  });

  it('replays a fixed-seed game exactly, and says to everyone before they join that its seed is fixed', async () => {
    const games = [await startCountingGame(url, [ann, bob], { seed: 'reproduce me' }), await startCountingGame(url, [ann, bob], { seed: 'reproduce me' })];
    for (const gameId of games) await playTurns(gameId, 5);
    const [first, second] = await Promise.all(games.map((gameId) => historyOf(gameId, ann)));
    expect(cardsOf(second)).toEqual(cardsOf(first));
    expect(second.map(({ type, payload }) => ({ type, payload }))).toEqual(first.map(({ type, payload }) => ({ type, payload })));

    const lobby = await createGame(url, ann, { seed: 'known' });
    expect(await randomnessOf(lobby)).toMatchObject({ fixedSeed: true, serverSeed: null, clientSeeds: ['seat 1', null] });
  });

  it('deals differently in two games with the same client seeds but their own secret seeds', async () => {
    const seeds = ['same for Ann', 'same for Bob'];
    const games = [await startCountingGame(url, [ann, bob], {}, seeds), await startCountingGame(url, [ann, bob], {}, seeds)];
    for (const gameId of games) await playTurns(gameId, 8);
    const [first, second] = await Promise.all(games.map((gameId) => randomnessOf(gameId)));
    expect(first.clientSeeds).toEqual(seeds);
    expect(second.clientSeeds).toEqual(seeds);
    expect(second.commitment).not.toBe(first.commitment);
    // Each player sees their own cards: between them, all of them.
    const cards = async (gameId: string) =>
      [...cardsOf(await historyOf(gameId, ann)), ...cardsOf(await historyOf(gameId, bob))].filter((card) => card !== undefined);
    expect(await cards(games[1])).not.toEqual(await cards(games[0]));
  });

  it('draws the same again when the same move is made at the same point after a host rollback or an undo', async () => {
    const gameId = await startCountingGame(url, [ann, bob], { seed: 'no re-rolls' });
    await playTurns(gameId, 2);
    const before = await seeGame(url, gameId);
    const mover = [ann, bob][before.activeSeats[0]];
    const lastCard = async (id: string, as: Player) => (await historyOf(id, as)).filter((entry) => entry.type === 'cardDrawn').pop()!;
    await playTurn(url, gameId, [ann, bob]);
    const first = await lastCard(gameId, mover);

    await gqlOk(
      url,
      `mutation($id: ID!, $v: Int!) { rollbackGame(gameId: $id, toVersion: $v, reason: "again") { id } }`,
      { id: gameId, v: before.version },
      ann.token,
    );
    await playTurn(url, gameId, [ann, bob]);
    const again = await lastCard(gameId, mover);
    expect(again.seq).toBeGreaterThan(first.seq);
    expect(again.payload.card).toBe(first.payload.card);

    // An undo cannot re-roll either: a step taken back, then the turn played, draws what the turn alone draws in a twin game.
    const twin = await startCountingGame(url, [ann, bob], { seed: 'no re-rolls' });
    await playTurns(twin, 3);
    const game = await seeGame(url, gameId);
    const next = [ann, bob][game.activeSeats[0]];
    await submitMove(url, gameId, next, { type: 'add', amount: 2 }, game.version);
    await gqlOk(url, `mutation($id: ID!) { undoMove(gameId: $id) { id } }`, { id: gameId }, next.token);
    await playTurn(url, gameId, [ann, bob]);
    await playTurn(url, twin, [ann, bob]);
    expect((await lastCard(gameId, next)).payload.card).toBe((await lastCard(twin, next)).payload.card);
  });

  it('draws the same again after a rollback, whatever was proposed or answered meanwhile', async () => {
    const gameId = await startCountingGame(url, [ann, bob], { seed: 'no re-rolls by proposing' });
    const before = await seeGame(url, gameId);
    const [mover, other] = before.activeSeats[0] === 0 ? [ann, bob] : [bob, ann];
    const lastCard = async () => (await historyOf(gameId, mover)).filter((entry) => entry.type === 'cardDrawn').pop()!;
    await playTurn(url, gameId, [ann, bob]);
    const first = await lastCard();

    await gqlOk(
      url,
      `mutation($id: ID!, $v: Int!) { rollbackGame(gameId: $id, toVersion: $v, reason: "again") { id } }`,
      { id: gameId, v: before.version },
      ann.token,
    );
    // Events that change nothing of the play, which anyone may add before moving: no new draw for them.
    await gqlOk(url, `mutation($id: ID!) { proposeEnd(gameId: $id) { id } }`, { id: gameId }, mover.token);
    await gqlOk(url, `mutation($id: ID!) { answerEndProposal(gameId: $id, accept: false) { id } }`, { id: gameId }, other.token);
    await gqlOk(url, `mutation($id: ID!) { proposeEnd(gameId: $id) { id } }`, { id: gameId }, other.token);
    await playTurn(url, gameId, [ann, bob]);
    const again = await lastCard();
    expect(again.seq).toBe(first.seq + 6); // the rollback, three remarks, then the turn: added, and the card
    expect(again.payload.card).toBe(first.payload.card);
  });

  it('refuses bad client seeds with BAD_USER_INPUT and writes nothing', async () => {
    for (const clientSeed of ['', 'x'.repeat(201)]) {
      const create = await askToCreateGame(url, ann, { clientSeed });
      expect(errorCode(create)).toBe('BAD_USER_INPUT');
      expect(create.errors![0].message).toBe('clientSeed must be 1 to 200 characters.');
    }
    const lobby = await createGame(url, ann);
    const join = await gql(url, `mutation($id: ID!) { joinGame(gameId: $id, clientSeed: "") { id } }`, { id: lobby }, bob.token);
    expect(errorCode(join)).toBe('BAD_USER_INPUT');
    expect((await seeGame(url, lobby)).version).toBe(2);
  });

  it('refuses a fixed seed with BAD_USER_INPUT on a server that does not allow them, and writes nothing', async () => {
    const strict = await startTestServer({ db: server.db, allowFixedSeeds: false });
    try {
      expect(await gqlOk(strict.url, '{ fixedSeedsAllowed }')).toEqual({ fixedSeedsAllowed: false });
      expect(await gqlOk(url, '{ fixedSeedsAllowed }')).toEqual({ fixedSeedsAllowed: true });
      const mine = `{ games(mine: true) { id } }`;
      const before = (await gqlOk<{ games: unknown[] }>(strict.url, mine, {}, eve.token)).games.length;
      const refused = await askToCreateGame(strict.url, eve, { seed: 'i know the deck' });
      expect(errorCode(refused)).toBe('BAD_USER_INPUT');
      expect(refused.errors![0].message).toMatch(/^Fixed seeds are off on this server/);
      expect((await gqlOk<{ games: unknown[] }>(strict.url, mine, {}, eve.token)).games).toHaveLength(before);
      const fair = await createGameFields<{ randomness: Randomness }>(strict.url, eve, {}, RANDOMNESS);
      expect(fair.randomness.fixedSeed).toBe(false);
    } finally {
      await strict.close();
    }
  });
});
