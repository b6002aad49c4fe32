/**
 * Bots end to end: seats given to bots at the creation (one player against
 * bots, or bots alone), bots taking over the seat of a player who left or
 * whose deadline passed, their moves made by themselves through the queue
 * (a restart included), credited to them, and checked by the verifier.
 */
import { BotTurns } from '../src/bots/bot-turns';
import { ManualClock } from '../src/common/clock';
import { Deadlines } from '../src/deadlines/deadlines';
import { RULESETS_HOSTED } from '../src/games';
import type { GameRecord } from '../src/records/game-record';
import { RecordsService } from '../src/records/records.service';
import { verifyRecord } from '../src/records/verify-record';
import type { AnyRuleset } from '../src/rules/contract';
import { PrismaService } from '../src/database/prisma.service';
import { DeliveryQueue } from '../src/notifications/delivery-queue';
import { GracePeriods } from '../src/notifications/grace-periods';
import {
  gqlOk,
  type Member,
  type Player,
  quickMailTo,
  refusalWritingNothing,
  registerMember,
  registerPlayer,
  startTestServer,
  type TestServer,
} from './support/app';
import { SmtpInbox } from './support/smtp-inbox';
import { countingGame } from './support/counting-game';
import { askToCreateGame, createGame, createGameFields, joinGame, type NewGame, startGame } from './support/games';
import { playTurn, submitMove } from './support/counting-api';
import { withPayload } from './support/record-forgery';
import { until } from './support/until';
import { createTestDatabase } from './support/database';

/** The test game without an evaluation of its own: it can have RANDOM bots only. */
const countingWithoutScores: AnyRuleset = { ...countingGame, id: 'counting-plain', name: 'Counting without scores', botScore: undefined };
const RULESETS = [...RULESETS_HOSTED, countingGame, countingWithoutScores];
const rulesetFor = (id: string) => RULESETS.find((ruleset) => ruleset.id === id);
const HOUR = 60 * 60 * 1000;
const TURN_MAIL_DELAY_SECONDS = 180;

interface SeenGame {
  id: string;
  status: string;
  version: number;
  activeSeats: number[];
  withBots: boolean;
  whenPlayerLeaves: string;
  seats: Array<{ index: number; bot: string | null; user: { id: string } | null }>;
}
const FIELDS = 'id status version activeSeats withBots whenPlayerLeaves seats { index bot user { id } }';

async function see(url: string, id: string): Promise<SeenGame> {
  return (await gqlOk<{ game: SeenGame }>(url, `query($id: ID!) { game(id: $id) { ${FIELDS} } }`, { id })).game;
}

async function historyOf(
  url: string,
  id: string,
): Promise<Array<{ type: string; text: string | null; actor: { id: string } | null; actorSeat: number | null }>> {
  const { game } = await gqlOk<{ game: { history: Array<{ type: string; text: string | null; actor: { id: string } | null; actorSeat: number | null }> } }>(
    url,
    `query($id: ID!) { game(id: $id) { history(first: 500) { type text actorSeat actor { id } } } }`,
    { id },
  );
  return game.history;
}

/**
 * Plays the game to its end: each player (by seat) plays their turns as they
 * come, and the bots theirs by themselves, waited for until the game moves on.
 */
async function playToTheEnd(url: string, id: string, players: Map<number, Player>): Promise<SeenGame> {
  for (;;) {
    const game = await see(url, id);
    if (game.status === 'FINISHED') return game;
    const player = players.get(game.activeSeats[0]);
    if (player)
      await playTurn(
        url,
        id,
        [...Array(game.seats.length)].map((_, seat) => players.get(seat) ?? player),
      );
    else await until(async () => (await see(url, id)).version > game.version, `a bot moved in game ${id} after version ${game.version}`, 20_000);
  }
}

describe('bots (end to end)', () => {
  let server: TestServer;
  let url: string;
  let ann: Player;
  let bob: Player;
  let cy: Player;

  beforeAll(async () => {
    server = await startTestServer({ rulesets: RULESETS });
    url = server.url;
    [ann, bob, cy] = await Promise.all(['Ann', 'Bob', 'Cy'].map((name) => registerPlayer(url, name)));
  });

  afterAll(() => server.close());

  async function wholeRecord(gameId: string): Promise<GameRecord> {
    return server.app.get(RecordsService).wholeRecord(gameId);
  }

  it('plays a game of bots alone to its end by itself, in seconds, credited to the bots, and its record verifies', async () => {
    const started = Date.now();
    const game = await createGameFields<SeenGame>(
      url,
      ann,
      {
        seats: 3,
        options: { target: 40 },
        autoStart: true,
        bots: [
          { seat: 2, level: 'GREEDY' },
          { seat: 0, level: 'RANDOM' },
          { seat: 1, level: 'GREEDY' },
        ],
      },
      FIELDS,
    );
    expect(game.withBots).toBe(true);
    expect(game.seats).toEqual([
      { index: 0, bot: 'RANDOM', user: null },
      { index: 1, bot: 'GREEDY', user: null },
      { index: 2, bot: 'GREEDY', user: null },
    ]);
    await until(async () => (await see(url, game.id)).status === 'FINISHED', 'the bots finished their game', 20_000);
    expect(Date.now() - started).toBeLessThan(15_000);

    const history = await historyOf(url, game.id);
    const botMoves = history.filter((entry) => entry.type === 'game.botMoved');
    expect(botMoves.length).toBeGreaterThan(10);
    expect(history.filter((entry) => entry.type === 'added').every((entry) => entry.actor === null && entry.actorSeat !== null)).toBe(true);
    expect(history.map((entry) => entry.text)).toEqual(expect.arrayContaining(['Bot (greedy) moves.', 'Bot (random) moves.']));
    expect(history.find((entry) => entry.type === 'added' && entry.actorSeat === 1)!.text).toMatch(/^Bot \(greedy\) added 2 to the counter\./);

    const record = await wholeRecord(game.id);
    expect(record.seats.map((seat) => seat.bot)).toEqual(['RANDOM', 'GREEDY', 'GREEDY']);
    expect(verifyRecord(record, rulesetFor)).toMatchObject({ ok: true, complete: true });
  });

  it("fails a record whose bot's move was not the one its bot makes", async () => {
    const game = await createGameFields<SeenGame>(
      url,
      ann,
      {
        options: { target: 12 },
        autoStart: true,
        bots: [
          { seat: 0, level: 'GREEDY' },
          { seat: 1, level: 'GREEDY' },
        ],
      },
      FIELDS,
    );
    await until(async () => (await see(url, game.id)).status === 'FINISHED', 'the bots finished their game', 20_000);
    const record = await wholeRecord(game.id);
    // A greedy bot adds 2 first; the forger has it add 1, move and event alike, and seals the chain again.
    const add = record.events.find((event) => event.type === 'added' && event.payload.amount === 2)!;
    const forged = withPayload(record, add.seq, { ...add.payload, amount: 1 });
    forged.events[add.seq - 1] = { ...forged.events[add.seq - 1], move: { type: 'add', amount: 1 } };
    const verdict = verifyRecord(withPayload(forged, add.seq, forged.events[add.seq - 1].payload), rulesetFor);
    expect(verdict).toMatchObject({ ok: false, seq: add.seq - 1, problem: expect.stringContaining('game.botMoved decided again gives') });
  });

  it('plays one player against a bot: the game starts at once, and the bot answers each turn a moment later, by itself', async () => {
    const game = await createGameFields<SeenGame>(url, ann, { options: { target: 20 }, autoStart: true, bots: [{ seat: 1, level: 'GREEDY' }] }, FIELDS);
    expect(game.status).toBe('ACTIVE');
    expect(game.seats.map((seat) => [seat.user?.id ?? null, seat.bot])).toEqual([
      [ann.id, null],
      [null, 'GREEDY'],
    ]);
    // Its host may keep it for their own start, as any game.
    const waiting = await createGameFields<SeenGame>(url, ann, { autoStart: false, bots: [{ seat: 1, level: 'RANDOM' }] }, FIELDS);
    expect(waiting.status).toBe('LOBBY');
    await gqlOk(url, `mutation($id: ID!) { startGame(gameId: $id) { id } }`, { id: waiting.id }, ann.token);
    const finished = await playToTheEnd(url, game.id, new Map([[0, ann]]));
    expect(finished.status).toBe('FINISHED');
    const history = await historyOf(url, game.id);
    expect(history.filter((entry) => entry.type === 'game.botMoved').length).toBeGreaterThan(0);
    expect(history.filter((entry) => entry.actor?.id === ann.id && entry.type === 'added').length).toBeGreaterThan(0);
    expect(verifyRecord(await wholeRecord(game.id), rulesetFor)).toMatchObject({ ok: true, complete: true });
  });

  it('has a bot take over the seat of a player who resigned, where the game says so, and play on to the end', async () => {
    const id = await createGame(url, ann, { seats: 3, options: { target: 30 }, whenPlayerLeaves: 'BOT' });
    await joinGame(url, id, bob);
    await joinGame(url, id, cy);
    await gqlOk(url, `mutation($id: ID!) { startGame(gameId: $id) { id } }`, { id }, ann.token);
    await gqlOk(url, `mutation($id: ID!) { resignGame(gameId: $id) { id } }`, { id }, bob.token);
    const after = await see(url, id);
    expect(after).toMatchObject({ status: 'ACTIVE', withBots: true, whenPlayerLeaves: 'BOT' });
    expect(after.seats.map((seat) => seat.bot)).toEqual([null, 'GREEDY', null]);
    await playToTheEnd(
      url,
      id,
      new Map([
        [0, ann],
        [2, cy],
      ]),
    );
    const history = await historyOf(url, id);
    expect(history.map((entry) => entry.text)).toContain('Bot (greedy) moves for Bob.');
    expect(history.some((entry) => entry.type === 'game.turnSkipped')).toBe(false);
    const record = await wholeRecord(id);
    expect(record.result!.winners).not.toContain(1);
    expect(verifyRecord(record, rulesetFor)).toMatchObject({ ok: true, complete: true });
  });

  it('refuses bots the game cannot take, a seat given twice or out of range, and bots for every seat of a game its host sits in, each writing nothing', async () => {
    const myGames = async () => (await gqlOk<{ games: unknown[] }>(url, '{ games(mine: true, first: 200) { id } }', {}, bob.token)).games.length;
    const refused = (input: NewGame) => refusalWritingNothing(myGames, askToCreateGame(url, bob, input));
    expect(await refused({ ruleset: 'counting-plain', bots: [{ seat: 1, level: 'GREEDY' }] })).toBe('BAD_USER_INPUT');
    expect(
      await refused({
        seats: 3,
        bots: [
          { seat: 1, level: 'RANDOM' },
          { seat: 1, level: 'GREEDY' },
        ],
      }),
    ).toBe('BAD_USER_INPUT');
    expect(await refused({ bots: [{ seat: 2, level: 'RANDOM' }] })).toBe('BAD_USER_INPUT');
    expect(await refused({ bots: [{ seat: -1, level: 'RANDOM' }] })).toBe('BAD_USER_INPUT');
    expect(await refused({ seats: 3, bots: [{ seat: 0, level: 'RANDOM' }] })).toBe('BAD_USER_INPUT');
    const everySeat = [
      { seat: 0, level: 'RANDOM' as const },
      { seat: 1, level: 'RANDOM' as const },
    ];
    expect(await refused({ bots: everySeat, clientSeed: 'my own seed' })).toBe('BAD_USER_INPUT');
    // A game without an evaluation of its own still takes RANDOM bots.
    expect((await askToCreateGame(url, bob, { ruleset: 'counting-plain', bots: [{ seat: 1, level: 'RANDOM' }] })).errors).toBeUndefined();
  });
});

describe('bots after a deadline, and across a restart (end to end)', () => {
  const clock = new ManualClock(new Date('2026-03-02T12:00:00.000Z'));

  it("has a bot play the turn of a seat whose deadline passed, in a game whose settings say so, and the player's next turn is theirs", async () => {
    const server = await startTestServer({ rulesets: RULESETS, clock });
    try {
      const [ann, bob] = await Promise.all(['Ann', 'Bob'].map((name) => registerPlayer(server.url, name)));
      const id = await createGame(server.url, ann, { options: { target: 30 }, moveDeadline: { hoursPerMove: 1, onExpiry: 'BOT' } });
      await joinGame(server.url, id, bob);
      await gqlOk(server.url, `mutation($id: ID!) { startGame(gameId: $id) { id } }`, { id }, ann.token);
      const late = (await see(server.url, id)).activeSeats[0];
      clock.advance(2 * HOUR);
      await server.app.get(Deadlines).runDue();
      const after = await see(server.url, id);
      expect(after.activeSeats).toEqual([1 - late]);
      expect(after.seats.every((seat) => seat.bot === null)).toBe(true);
      const history = await historyOf(server.url, id);
      const types = history.map((entry) => entry.type);
      expect(types.slice(types.indexOf('game.deadlinePassed'))).toEqual([
        'game.deadlinePassed',
        'game.botMoved',
        'added',
        'game.botMoved',
        'added',
        'game.botMoved',
        'cardDrawn',
      ]);
      const finished = await playToTheEnd(
        server.url,
        id,
        new Map([
          [0, ann],
          [1, bob],
        ]),
      );
      expect(finished.status).toBe('FINISHED');
      expect(verifyRecord(await server.app.get(RecordsService).wholeRecord(id), rulesetFor)).toMatchObject({ ok: true, complete: true });
    } finally {
      await server.close();
    }
  });

  it('gives no deadline or clock to a bot, and has a bot take over from a player the host removed after their deadline passed', async () => {
    const server = await startTestServer({ rulesets: RULESETS, clock });
    try {
      const [ann, bob] = await Promise.all(['Ann', 'Bob'].map((name) => registerPlayer(server.url, name)));
      const id = await createGame(server.url, ann, {
        seats: 3,
        options: { target: 40 },
        bots: [{ seat: 2, level: 'RANDOM' }],
        whenPlayerLeaves: 'BOT',
        moveDeadline: { hoursPerMove: 1, onExpiry: 'ASK_HOST' },
      });
      await joinGame(server.url, id, bob);
      await gqlOk(server.url, `mutation($id: ID!) { startGame(gameId: $id) { id } }`, { id }, ann.token);
      // Ann plays her turns, the bot its own, until Bob is to act.
      for (let game = await see(server.url, id); game.activeSeats[0] !== 1; game = await see(server.url, id)) {
        if (game.activeSeats[0] === 0) await playTurn(server.url, id, [ann, bob, ann]);
        else await until(async () => (await see(server.url, id)).version > game.version, 'the bot moved', 20_000);
      }
      const deadlinesOf = async () =>
        (await gqlOk<{ game: { deadlines: Array<{ seat: number }> } }>(server.url, `query($id: ID!) { game(id: $id) { deadlines { seat } } }`, { id })).game
          .deadlines;
      expect((await deadlinesOf()).map((deadline) => deadline.seat)).toEqual([1]);
      // Nor a clock: only the players' seats have one.
      const clocks = await gqlOk<{ game: { clocks: Array<{ seat: number }> } }>(server.url, `query($id: ID!) { game(id: $id) { clocks { seat } } }`, { id });
      expect(clocks.game.clocks.map((clock) => clock.seat)).toEqual([0, 1]);
      clock.advance(2 * HOUR);
      await server.app.get(Deadlines).runDue();
      await gqlOk(server.url, `mutation($id: ID!) { removePlayer(gameId: $id, seat: 1) { id } }`, { id }, ann.token);
      expect((await see(server.url, id)).seats.map((seat) => seat.bot)).toEqual([null, 'GREEDY', 'RANDOM']);
      const finished = await playToTheEnd(server.url, id, new Map([[0, ann]]));
      expect(finished.status).toBe('FINISHED');
      const history = await historyOf(server.url, id);
      expect(history.map((entry) => entry.text)).toContain('Bot (greedy) moves for Bob.');
      expect(verifyRecord(await server.app.get(RecordsService).wholeRecord(id), rulesetFor)).toMatchObject({ ok: true, complete: true });
    } finally {
      await server.close();
    }
  });

  it("tries a bot's move that failed again, and makes it", async () => {
    // The bot's first look at its seat fails, as a ruleset's bug or a lost connection might.
    let failuresLeft = 1;
    const flaky: AnyRuleset = {
      ...countingGame,
      id: 'counting-flaky',
      view: (state, viewer) => {
        if (viewer === 1 && failuresLeft-- > 0) throw new Error('the view failed this once');
        return countingGame.view(state, viewer);
      },
    };
    const server = await startTestServer({ rulesets: [...RULESETS, flaky], bots: { delivery: { retryDelaySeconds: 0.1, retryBackoff: false } } });
    try {
      const ann = await registerPlayer(server.url, 'Ann');
      const { id } = await createGameFields<SeenGame>(
        server.url,
        ann,
        { ruleset: 'counting-flaky', options: { target: 20 }, autoStart: true, bots: [{ seat: 1, level: 'RANDOM' }] },
        'id',
      );
      if ((await see(server.url, id)).activeSeats[0] === 0) await playTurn(server.url, id, [ann, ann]);
      await until(async () => (await see(server.url, id)).activeSeats[0] === 0, "the bot's turn was played after its failure", 20_000);
      expect(failuresLeft).toBeLessThan(0);
    } finally {
      await server.close();
    }
  });

  it('refuses a move by a player who left while the bot that takes over their seat is yet to move, and lists them no moves', async () => {
    const server = await startTestServer({ rulesets: RULESETS, bots: { play: false } });
    try {
      const [ann, bob] = await Promise.all(['Ann', 'Bob'].map((name) => registerPlayer(server.url, name)));
      const id = await startGame(server.url, [ann, bob], { options: { target: 30 }, whenPlayerLeaves: 'BOT' });
      if ((await see(server.url, id)).activeSeats[0] === 0) await playTurn(server.url, id, [ann, bob]);
      await gqlOk(server.url, `mutation($id: ID!) { resignGame(gameId: $id) { id } }`, { id }, bob.token);
      const { game } = await gqlOk<{ game: { version: number; activeSeats: number[]; legalMoves: unknown[] } }>(
        server.url,
        `query($id: ID!) { game(id: $id) { version activeSeats legalMoves } }`,
        { id },
        bob.token,
      );
      expect(game).toMatchObject({ activeSeats: [1], legalMoves: [] });
      const attempt = submitMove(server.url, id, bob, { type: 'add', amount: 1 }, game.version);
      expect(await refusalWritingNothing(async () => (await see(server.url, id)).version, attempt)).toBe('FORBIDDEN');
      expect((await attempt).errors![0].message).toBe('You have left this game.');
    } finally {
      await server.close();
    }
  });

  it("makes a bot's move that was due when the server stopped once it starts again", async () => {
    const db = await createTestDatabase();
    const stopped = await startTestServer({ rulesets: RULESETS, db, bots: { play: false } });
    let gameId: string;
    let version: number;
    try {
      const ann = await registerPlayer(stopped.url, 'Ann');
      gameId = (await createGameFields<SeenGame>(stopped.url, ann, { options: { target: 20 }, autoStart: true, bots: [{ seat: 1, level: 'RANDOM' }] }, 'id'))
        .id;
      if ((await see(stopped.url, gameId)).activeSeats[0] === 0) await playTurn(stopped.url, gameId, [ann, ann]);
      const waiting = await see(stopped.url, gameId);
      expect(waiting.activeSeats).toEqual([1]);
      version = waiting.version;
      await stopped.app.get(BotTurns).settled();
      expect((await see(stopped.url, gameId)).version).toBe(version);
    } finally {
      await stopped.close();
    }
    const restarted = await startTestServer({ rulesets: RULESETS, db });
    try {
      await until(async () => (await see(restarted.url, gameId)).version > version, "the bot's move was made after the restart", 20_000);
      const history = await historyOf(restarted.url, gameId);
      expect(history.filter((entry) => entry.type === 'game.botMoved').length).toBeGreaterThan(0);
    } finally {
      await restarted.close();
      await db.drop();
    }
  });
});

describe('a player who left, while the bot that takes over their seat is yet to move', () => {
  const clock = new ManualClock(new Date('2026-03-02T12:00:00.000Z'));
  let inbox: SmtpInbox;
  let server: TestServer;
  let url: string;

  beforeAll(async () => {
    inbox = await SmtpInbox.start();
    server = await startTestServer({
      rulesets: RULESETS,
      bots: { play: false },
      clock,
      mail: quickMailTo(inbox.url),
      turnMailDelaySeconds: TURN_MAIL_DELAY_SECONDS,
    });
    url = server.url;
  });

  afterAll(async () => {
    await server.close();
    await inbox.stop();
  });

  /** A game of a new Ann's and Bob's with a day a move, where bots take over, Bob to act. */
  async function bobToAct(): Promise<{ id: string; bob: Member }> {
    const [ann, bob] = await Promise.all(['Ann', 'Bob'].map((name) => registerMember(url, name)));
    const id = await startGame(url, [ann, bob], { options: { target: 30 }, whenPlayerLeaves: 'BOT', moveDeadline: { hoursPerMove: 24, onExpiry: 'ASK_HOST' } });
    if ((await see(url, id)).activeSeats[0] === 0) await playTurn(url, id, [ann, bob]);
    return { id, bob };
  }

  const resign = (id: string, player: Player) => gqlOk(url, `mutation($id: ID!) { resignGame(gameId: $id) { id } }`, { id }, player.token);

  /** The game, once Bob resigned: still waiting on his seat, its bot not having moved. */
  async function expectBotYetToMove(id: string): Promise<void> {
    await server.app.get(BotTurns).settled();
    expect(await see(url, id)).toMatchObject({ status: 'ACTIVE', activeSeats: [1] });
  }

  it("ends the player's move deadline as they leave", async () => {
    const { id, bob } = await bobToAct();
    const deadlinesOf = async () =>
      (await gqlOk<{ game: { deadlines: Array<{ seat: number }> } }>(url, `query($id: ID!) { game(id: $id) { deadlines { seat } } }`, { id })).game.deadlines;
    expect((await deadlinesOf()).map((deadline) => deadline.seat)).toEqual([1]);
    await resign(id, bob);
    await expectBotYetToMove(id);
    expect(await deadlinesOf()).toEqual([]);
  });

  it('no longer lists the game among the turns of the player who left, nor as their next game', async () => {
    const { id, bob } = await bobToAct();
    const turnsOfBob = async () => {
      const answer = await gqlOk<{ myTurns: Array<{ game: { id: string }; seat: number }>; nextGame: { id: string } | null }>(
        url,
        '{ myTurns { game { id } seat } nextGame { id } }',
        {},
        bob.token,
      );
      return { here: answer.myTurns.filter((turn) => turn.game.id === id), nextGame: answer.nextGame?.id ?? null };
    };
    expect(await turnsOfBob()).toEqual({ here: [{ game: { id }, seat: 1 }], nextGame: id });
    await resign(id, bob);
    await expectBotYetToMove(id);
    expect(await turnsOfBob()).toEqual({ here: [], nextGame: null });
  });

  it('does not send the "your turn" mail held in its grace period to the player who left meanwhile', async () => {
    const { id, bob } = await bobToAct();
    const turnMailStatuses = async () =>
      (await server.app.get(PrismaService).notification.findMany({ where: { gameId: id, userId: bob.id, kind: 'YOUR_TURN' } })).map((mail) => mail.status);
    expect(await turnMailStatuses()).toEqual(['WAITING']);
    await resign(id, bob);
    await expectBotYetToMove(id);
    clock.advance(TURN_MAIL_DELAY_SECONDS * 1000);
    await server.app.get(GracePeriods).releaseDue();
    await server.app.get(DeliveryQueue).settled();
    expect(await turnMailStatuses()).toEqual(['SUPERSEDED']);
    expect(inbox.to(bob.email).filter((mail) => /^Your turn/.test(mail.subject ?? '') && mail.text?.includes(id))).toEqual([]);
  });
});
