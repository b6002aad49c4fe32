/**
 * Correspondence play end to end: move deadlines, reminders, what happens
 * when time runs out, and vacations, with time driven by a ManualClock.
 */
import { ManualClock } from '../src/common/clock';
import { formatInTimeZone } from '../src/common/time-zones';
import { Deadlines } from '../src/deadlines/deadlines';
import { RULESETS_HOSTED } from '../src/games';
import { RecordsService } from '../src/records/records.service';
import { verifyRecord } from '../src/records/verify-record';
import type { Ruleset } from '../src/rules/contract';
import { errorCode, GAME_FIELDS, gql, gqlOk, GraphQLResponse, Player, quickMailTo, registerPlayer, startTestServer, TestServer } from './support/app';
import { countingGame, CountingState } from './support/counting-game';
import { SmtpInbox } from './support/smtp-inbox';
import { askToCreateGame, createGame, joinGame } from './support/games';

const HOUR = 60 * 60 * 1000;
const at = (hoursFromStart: number, start: Date) => new Date(start.getTime() + hoursFromStart * HOUR).toISOString();

/** The test game, but a player who runs out of time can be passed over. */
const skippableCounting: Ruleset<CountingState> = {
  ...(countingGame as Ruleset<CountingState>),
  id: 'counting-skippable',
  name: 'Counting with skips',
  skipTurn: (state, seat) => (seat === state.turn ? [{ type: 'turnPassed', seat }] : null),
  evolve: (state, event) =>
    event.type === 'turnPassed' ? { ...state, turn: (state.turn + 1) % state.seats, addedThisTurn: 0 } : countingGame.evolve(state, event as never),
  describe: (event, seatName) => (event.type === 'turnPassed' ? `${seatName(event.seat as number)} passed.` : countingGame.describe(event as never, seatName)),
};

/**
 * The test game, but the turn a late player is passed over for ends in
 * another turn of theirs (as a round's last turn can end in the next round's
 * first, which the same seat starts): the skip passes the late turn only.
 */
const skippableIntoOwnTurn: Ruleset<CountingState> = {
  ...skippableCounting,
  id: 'counting-skippable-own-turn',
  name: 'Counting with skips into the same seat’s turn',
  evolve: (state, event) => (event.type === 'turnPassed' ? { ...state, addedThisTurn: 0 } : countingGame.evolve(state, event as never)),
};

type Game = { id: string; status: string; version: number; activeSeats: number[]; result: unknown };
type SeatDeadline = { seat: number; deadline: string; passed: boolean };

describe('move deadlines (end to end)', () => {
  const clock = new ManualClock(new Date('2026-03-02T12:00:00.000Z'));
  let inbox: SmtpInbox;
  let server: TestServer;
  let url: string;
  let deadlines: Deadlines;

  beforeAll(async () => {
    inbox = await SmtpInbox.start();
    server = await startTestServer({
      clock,
      rulesets: [...RULESETS_HOSTED, countingGame, skippableCounting, skippableIntoOwnTurn],
      mail: quickMailTo(inbox.url),
    });
    url = server.url;
    deadlines = server.app.get(Deadlines);
  });

  afterAll(async () => {
    await server.close();
    await inbox.stop();
  });

  /** The game as the server stores it, server seed included, checked by the verifier. */
  async function expectVerified(gameId: string): Promise<void> {
    const record = await server.app.get(RecordsService).wholeRecord(gameId);
    expect(
      record.events.filter((event) => event.type.startsWith('game.deadline') || event.type === 'game.turnSkipped' || event.type === 'game.endedByHost').length,
    ).toBeGreaterThan(0);
    expect(
      verifyRecord(record, (id) => [...RULESETS_HOSTED, countingGame, skippableCounting, skippableIntoOwnTurn].find((ruleset) => ruleset.id === id)),
    ).toMatchObject({ ok: true, complete: true });
  }

  async function players(): Promise<[Player & { email: string }, Player & { email: string }]> {
    const registered = await Promise.all(['Ann', 'Bob'].map((name) => registerPlayer(url, name)));
    const withEmail = await Promise.all(
      registered.map(async (p) => ({ ...p, email: (await gqlOk<{ me: { email: string } }>(url, '{ me { email } }', {}, p.token)).me.email })),
    );
    return withEmail as [Player & { email: string }, Player & { email: string }];
  }

  async function startGame(host: Player, guest: Player, ruleset: string, moveDeadline: Record<string, unknown>): Promise<Game> {
    const gameId = await createGame(url, host, { ruleset, seed: 'deadline-seed', moveDeadline });
    await joinGame(url, gameId, guest);
    return (await gqlOk<{ startGame: Game }>(url, `mutation($id: ID!) { startGame(gameId: $id) { ${GAME_FIELDS} } }`, { id: gameId }, host.token)).startGame;
  }

  async function gameWithHistory(id: string): Promise<{ game: Game & { history: Array<{ type: string; text: string | null }> } }> {
    return gqlOk(url, `query($id: ID!) { game(id: $id) { ${GAME_FIELDS} history(first: 500) { type text } } }`, { id });
  }

  async function gameDeadlines(id: string): Promise<{ game: Game & { deadlines: SeatDeadline[]; history: Array<{ type: string }> } }> {
    return gqlOk(url, `query($id: ID!) { game(id: $id) { ${GAME_FIELDS} deadlines { seat deadline passed } history(first: 500) { type } } }`, { id });
  }

  /** What `viewer` (no one: a visitor) may choose for each seat whose deadline runs, as the game's page reads it. */
  async function choices(id: string, viewer?: Player): Promise<Array<{ seat: number; actions: string[] }>> {
    return (
      await gqlOk<{ game: { deadlines: Array<{ seat: number; actions: string[] }> } }>(
        url,
        `query($id: ID!) { game(id: $id) { deadlines { seat actions } } }`,
        { id },
        viewer?.token,
      )
    ).game.deadlines;
  }

  it('reminds before the deadline, reports it passed, and lets the host extend it or end the game', async () => {
    const [ann, bob] = await players();
    const start = clock.now();
    const game = await startGame(ann, bob, 'counting', { hoursPerMove: 72, reminderHoursBefore: 24 });
    const late = [ann, bob][game.activeSeats[0]];
    const [turnMail] = await inbox.waitFor(late.email, /^Your turn/, { containing: game.id });
    expect(turnMail.text).toContain('Please move by Thu 5 Mar 2026, 12:00 UTC.');
    expect(await choices(game.id, ann)).toEqual([{ seat: game.activeSeats[0], actions: [] }]);
    const myTurns = await gqlOk<{ myTurns: Array<{ game: { id: string }; seat: number; deadline: string }> }>(
      url,
      '{ myTurns { game { id } seat deadline } }',
      {},
      late.token,
    );
    expect(myTurns.myTurns).toEqual([{ game: { id: game.id }, seat: game.activeSeats[0], deadline: at(72, start) }]);

    clock.advance(47 * HOUR);
    await deadlines.runDue();
    clock.advance(2 * HOUR);
    await deadlines.runDue();
    await deadlines.runDue();
    const reminders = await inbox.waitFor(late.email, /^Reminder/, { containing: game.id });
    expect(reminders[0].subject).toBe(`Reminder: your move in Ann's Counting (test game) game is due Thu 5 Mar 2026, 12:00 UTC`);

    clock.advance(24 * HOUR);
    await deadlines.runDue();
    const passed = await gameDeadlines(game.id);
    expect(passed.game.deadlines).toEqual([{ seat: game.activeSeats[0], deadline: at(72, start), passed: true }]);
    expect(passed.game.history.map((h) => h.type)).toContain('game.deadlinePassed');
    // Only the host has a choice, and the counting game cannot skip.
    expect(await choices(game.id, ann)).toEqual([{ seat: game.activeSeats[0], actions: ['EXTEND', 'END'] }]);
    expect(await choices(game.id, bob)).toEqual([{ seat: game.activeSeats[0], actions: [] }]);
    expect(await choices(game.id)).toEqual([{ seat: game.activeSeats[0], actions: [] }]);
    const [toHost] = await inbox.waitFor(ann.email, /^Deadline passed/, { containing: game.id });
    expect(toHost.text).toContain("You now choose, on the game's page");
    if (late !== ann) expect((await inbox.waitFor(late.email, /^Deadline passed/, { containing: game.id }))[0].text).toContain('You ran out of time');

    const resolve = (as: Player, seat: number, action: string) =>
      gql<{ resolveDeadline: Game }>(
        url,
        `mutation($id: ID!, $seat: Int!) { resolveDeadline(gameId: $id, seat: $seat, action: ${action}) { ${GAME_FIELDS} } }`,
        { id: game.id, seat },
        as.token,
      );
    const seat = game.activeSeats[0];
    expect(errorCode(await resolve(bob, seat, 'EXTEND'))).toBe('FORBIDDEN');
    const refusal = (result: GraphQLResponse<unknown>) => [errorCode(result), result.errors?.[0]?.message];
    // Seats count from 0 in the arguments, from 1 in the words.
    expect(refusal(await resolve(ann, 2, 'EXTEND'))).toEqual(['BAD_USER_INPUT', 'seat must be from 0 to 1 (0 is the seat players call seat 1).']);
    expect(refusal(await resolve(ann, 1 - seat, 'EXTEND'))).toEqual(['BAD_USER_INPUT', `Seat ${2 - seat} has no deadline that has passed.`]);
    // The counting game cannot skip.
    expect(refusal(await resolve(ann, seat, 'SKIP'))).toEqual([
      'BAD_USER_INPUT',
      `Counting (test game) cannot skip seat ${seat + 1} now: extend the deadline or end the game.`,
    ]);
    expect((await resolve(ann, seat, 'EXTEND')).errors).toBeUndefined();
    expect((await gameDeadlines(game.id)).game.deadlines).toEqual([{ seat, deadline: at(73 + 72, start), passed: false }]);
    // The late player hears of the host's extension, and until when.
    if (late !== ann)
      expect((await inbox.waitFor(late.email, /^More time to move/, { containing: game.id }))[0].text).toContain(
        `Please move by ${formatInTimeZone(new Date(at(73 + 72, start)), 'UTC')}.`,
      );

    clock.advance(73 * HOUR);
    await deadlines.runDue();
    const ended = await resolve(ann, seat, 'END');
    expect(ended.data!.resolveDeadline).toMatchObject({ status: 'FINISHED', activeSeats: [] });
    // The counting game keeps no score before its end: the current result has no winner.
    expect(ended.data!.resolveDeadline.result).toEqual({
      scores: null,
      winners: [],
      detail: { endedByHost: `seat ${seat + 1} ran out of time`, lateSeat: seat },
    });
    expect((await gameDeadlines(game.id)).game.deadlines).toEqual([]);
    expect((await inbox.waitFor(bob.email, /^Game over/, { containing: game.id }))[0].text).toContain(
      `The host ended it when ${seat === 1 ? 'your' : "Ann's"} move deadline passed.`,
    );
    // Each outcome records its cause (the deadline, then the host's decisions), and the verifier holds every one to its rule.
    await expectVerified(game.id);
  });

  it('ends the game at once where the game settings say so, and says it was the settings, not the host', async () => {
    const [ann, bob] = await players();
    const game = await startGame(ann, bob, 'counting', { hoursPerMove: 24, onExpiry: 'END' });
    const seat = game.activeSeats[0];
    const lateName = ['Ann', 'Bob'][seat];
    clock.advance(25 * HOUR);
    await deadlines.runDue();
    const after = await gameWithHistory(game.id);
    expect(after.game.status).toBe('FINISHED');
    // The result says whose deadline it was, for the page's end screen.
    expect(after.game.result).toMatchObject({ detail: { lateSeat: seat } });
    expect(after.game.history.find((h) => h.type === 'game.endedByHost')!.text).toBe(
      `${lateName}'s move deadline passed, and the game's settings end the game then.`,
    );
    const [other] = await inbox.waitFor([ann, bob][1 - seat].email, /^Game over/, { containing: game.id });
    expect(other.text).toContain(`${lateName}'s move deadline passed, and the game's settings end the game then.`);
    expect(other.text).not.toMatch(/host|seat \d/i);
    const [own] = await inbox.waitFor([ann, bob][seat].email, /^Game over/, { containing: game.id });
    expect(own.text).toContain("Your move deadline passed, and the game's settings end the game then.");
    await expectVerified(game.id);
  });

  it('extends the deadline at once where the game settings say so, and tells the new one', async () => {
    const [ann, bob] = await players();
    const game = await startGame(ann, bob, 'counting', { hoursPerMove: 24, onExpiry: 'EXTEND' });
    const late = [ann, bob][game.activeSeats[0]];
    clock.advance(25 * HOUR);
    await deadlines.runDue();
    const until = formatInTimeZone(new Date(clock.now().getTime() + 24 * HOUR), 'UTC');
    expect((await gameDeadlines(game.id)).game.deadlines).toEqual([expect.objectContaining({ passed: false })]);
    const [toLate] = await inbox.waitFor(late.email, /^Deadline passed/, { containing: game.id });
    expect(toLate.text).toContain(`As the game settings say, you have more time: please move by ${until}.`);
    if (late !== ann)
      expect((await inbox.waitFor(ann.email, /^Deadline passed/, { containing: game.id }))[0].text).toContain(`the deadline was extended to ${until}.`);
  });

  it('skips the seat at once where the game settings say so and the ruleset allows it', async () => {
    const [ann, bob] = await players();
    expect(errorCode(await askToCreateGame(url, ann, { moveDeadline: { hoursPerMove: 24, onExpiry: 'SKIP' } }))).toBe('BAD_USER_INPUT');
    // What the new-game form is told of each game, so as to offer no skip the server refuses.
    const { rulesets } = await gqlOk<{ rulesets: Array<{ id: string; canSkipTurns: boolean }> }>(url, '{ rulesets { id canSkipTurns } }');
    expect(Object.fromEntries(rulesets.map((ruleset) => [ruleset.id, ruleset.canSkipTurns]))).toMatchObject({
      counting: false,
      'counting-skippable': true,
      'five-points': true,
    });
    expect(errorCode(await askToCreateGame(url, ann, { moveDeadline: { hoursPerMove: 0 } }))).toBe('BAD_USER_INPUT');
    const game = await startGame(ann, bob, 'counting-skippable', { hoursPerMove: 24, onExpiry: 'SKIP' });
    const skipped = game.activeSeats[0];
    const next = [ann, bob][1 - skipped];
    clock.advance(25 * HOUR);
    await deadlines.runDue();
    const after = await gameDeadlines(game.id);
    expect(after.game.activeSeats).toEqual([1 - skipped]);
    expect(after.game.history.slice(-3).map((h) => h.type)).toEqual(['game.deadlinePassed', 'game.turnSkipped', 'turnPassed']);
    expect(after.game.deadlines).toEqual([{ seat: 1 - skipped, deadline: new Date(clock.now().getTime() + 24 * HOUR).toISOString(), passed: false }]);
    await inbox.waitFor(next.email, /^Your turn/, { containing: game.id });
    // The skip is decided again with the draws of the append the deadline opened.
    await expectVerified(game.id);
  });

  it('offers the host a skip where the ruleset can make it, and makes it when chosen', async () => {
    const [ann, bob] = await players();
    const game = await startGame(ann, bob, 'counting-skippable', { hoursPerMove: 24 });
    const [late] = game.activeSeats;
    clock.advance(25 * HOUR);
    await deadlines.runDue();
    expect(await choices(game.id, ann)).toEqual([{ seat: late, actions: ['EXTEND', 'SKIP', 'END'] }]);
    expect(await choices(game.id, bob)).toEqual([{ seat: late, actions: [] }]);
    const skipped = await gqlOk<{ resolveDeadline: Game }>(
      url,
      `mutation($id: ID!, $seat: Int!) { resolveDeadline(gameId: $id, seat: $seat, action: SKIP) { ${GAME_FIELDS} } }`,
      { id: game.id, seat: late },
      ann.token,
    );
    expect(skipped.resolveDeadline.activeSeats).toEqual([1 - late]);
    await expectVerified(game.id);
  });

  it('gives the late player’s next turn, where a skip leads to one, a deadline of its own', async () => {
    const [ann, bob] = await players();
    const game = await startGame(ann, bob, 'counting-skippable-own-turn', { hoursPerMove: 24, onExpiry: 'SKIP' });
    const seat = game.activeSeats[0];
    const late = [ann, bob][seat];
    await inbox.waitFor(late.email, /^Your turn/, { containing: game.id });
    clock.advance(25 * HOUR);
    await deadlines.runDue();
    const after = await gameDeadlines(game.id);
    expect(after.game.history.slice(-3).map((h) => h.type)).toEqual(['game.deadlinePassed', 'game.turnSkipped', 'turnPassed']);
    expect(after.game.activeSeats).toEqual([seat]);
    // A turn of its own: a fresh deadline, and the player told it is their turn again.
    expect(after.game.deadlines).toEqual([{ seat, deadline: new Date(clock.now().getTime() + 24 * HOUR).toISOString(), passed: false }]);
    await inbox.waitFor(late.email, /^Your turn/, { containing: game.id, count: 2 });
    // Missed too, that turn is passed over in its turn, not left waiting on a deadline long spent.
    clock.advance(25 * HOUR);
    await deadlines.runDue();
    expect((await gameDeadlines(game.id)).game.history.filter((h) => h.type === 'game.turnSkipped')).toHaveLength(2);
    await expectVerified(game.id);
  });

  /** A three-player Five Points game whose late players are skipped, started; and its players. */
  async function startFivePoints(): Promise<{ game: Game & { legalMoves: unknown[] }; players: Player[] }> {
    const [ann, bob, cy] = await Promise.all(['Ann', 'Bob', 'Cy'].map((name) => registerPlayer(url, name)));
    const gameId = await createGame(url, ann, { ruleset: 'five-points', seats: 3, seed: 'skip-seed', moveDeadline: { hoursPerMove: 24, onExpiry: 'SKIP' } });
    for (const guest of [bob, cy]) await joinGame(url, gameId, guest);
    const game = (
      await gqlOk<{ startGame: Game & { legalMoves: unknown[] } }>(
        url,
        `mutation($id: ID!) { startGame(gameId: $id) { ${GAME_FIELDS} } }`,
        { id: gameId },
        ann.token,
      )
    ).startGame;
    return { game, players: [ann, bob, cy] };
  }

  it('leaves a Five Points starting player who ran out of time placing the face-down buildings to the host: a skip chooses no neighborhood', async () => {
    const {
      game,
      players: [host],
    } = await startFivePoints();
    const [late] = game.activeSeats;
    clock.advance(25 * HOUR);
    await deadlines.runDue();
    const after = await gameDeadlines(game.id);
    expect(after.game.history.slice(-1).map((h) => h.type)).toEqual(['game.deadlinePassed']);
    expect(after.game.version).toBe(game.version + 1);
    expect(after.game.activeSeats).toEqual([late]);
    expect(after.game.deadlines).toEqual([expect.objectContaining({ seat: late, passed: true })]);
    // The ruleset skips turns, but not this one: the host is not offered it.
    expect(await choices(game.id, host)).toEqual([{ seat: late, actions: ['EXTEND', 'END'] }]);
  });

  it('passes a Five Points player who ran out of time in the placement phase, as the rulebook lets them pass', async () => {
    const started = await startFivePoints();
    const [late] = started.game.activeSeats;
    // As the starting player sees it (whichever seat the draw made start): their legal moves.
    let game = (
      await gqlOk<{ game: Game & { legalMoves: unknown[] } }>(
        url,
        `query($id: ID!) { game(id: $id) { ${GAME_FIELDS} } }`,
        { id: started.game.id },
        started.players[late].token,
      )
    ).game;
    // The starting player places the two face-down buildings; their first placement turn follows.
    for (let i = 0; i < 2; i++) {
      game = (
        await gqlOk<{ submitMove: Game & { legalMoves: unknown[] } }>(
          url,
          `mutation($id: ID!, $move: JSON!, $v: Int!) { submitMove(gameId: $id, move: $move, expectedVersion: $v) { ${GAME_FIELDS} } }`,
          { id: game.id, move: game.legalMoves[0], v: game.version },
          started.players[late].token,
        )
      ).submitMove;
    }
    expect(game.activeSeats).toEqual([late]);
    clock.advance(25 * HOUR);
    await deadlines.runDue();
    const after = await gameWithHistory(game.id);
    const names = ['Ann', 'Bob', 'Cy'];
    const skip = after.game.history.slice(after.game.history.findIndex((h) => h.type === 'game.deadlinePassed'));
    expect(skip.slice(0, 3).map((h) => h.type)).toEqual(['game.deadlinePassed', 'game.turnSkipped', 'passed']);
    expect(skip.slice(0, 2).map((h) => h.text)).toEqual([`${names[late]} ran out of time.`, `${names[late]} was passed over for running out of time.`]);
    expect(after.game.activeSeats).not.toContain(late);
    expect(after.game.activeSeats).toHaveLength(1);
  });

  it('pauses deadlines during a vacation, within the yearly allowance', async () => {
    const [ann, bob] = await players();
    const game = await startGame(ann, bob, 'counting', { hoursPerMove: 72, reminderHoursBefore: 24 });
    const start = clock.now();
    const away = [ann, bob][game.activeSeats[0]];
    const setVacation = (from: string, to: string) =>
      gql<{ setVacation: { vacations: Array<{ startsAt: string; endsAt: string }>; vacationDaysLeftThisYear: number } }>(
        url,
        `mutation($from: DateTime!, $to: DateTime!) { setVacation(startsAt: $from, endsAt: $to) { vacations { startsAt endsAt } vacationDaysLeftThisYear } }`,
        { from, to },
        away.token,
      );
    expect(errorCode(await setVacation(at(-1, start), at(24, start)))).toBe('BAD_USER_INPUT');
    expect(errorCode(await setVacation(at(24, start), at(1, start)))).toBe('BAD_USER_INPUT');
    expect(errorCode(await setVacation(at(1, start), at(1 + 31 * 24, start)))).toBe('BAD_USER_INPUT');
    const set = await setVacation(at(1, start), at(49, start));
    expect(set.data!.setVacation).toEqual({ vacations: [{ startsAt: at(1, start), endsAt: at(49, start) }], vacationDaysLeftThisYear: 28 });
    expect(errorCode(await setVacation(at(40, start), at(60, start)))).toBe('BAD_USER_INPUT'); // overlaps

    const myTurns = await gqlOk<{ myTurns: Array<{ deadline: string }> }>(url, '{ myTurns { deadline } }', {}, away.token);
    expect(myTurns.myTurns).toEqual([{ deadline: at(72 + 48, start) }]);
    clock.advance(73 * HOUR);
    await deadlines.runDue();
    expect((await gameDeadlines(game.id)).game.deadlines[0].passed).toBe(false);
    expect(inbox.to(away.email).filter((m) => /^Reminder/.test(m.subject ?? '') && m.text!.includes(game.id))).toEqual([]);
    clock.advance(24 * HOUR); // 97 h: a day before the paused deadline
    await deadlines.runDue();
    await inbox.waitFor(away.email, /^Reminder/, { containing: game.id });
    clock.advance(24 * HOUR);
    await deadlines.runDue();
    expect((await gameDeadlines(game.id)).game.deadlines[0].passed).toBe(true);
  });
});

describe('the vacation allowance', () => {
  it('is the one the site chose', async () => {
    const clock = new ManualClock(new Date('2026-03-02T12:00:00.000Z'));
    const server = await startTestServer({ clock, vacations: { daysPerYear: 2 } });
    try {
      const player = await registerPlayer(server.url, 'Ann');
      const setVacation = (days: number) =>
        gql<{ setVacation: { vacationDaysLeftThisYear: number } }>(
          server.url,
          `mutation($from: DateTime!, $to: DateTime!) { setVacation(startsAt: $from, endsAt: $to) { vacationDaysLeftThisYear } }`,
          { from: at(1, clock.now()), to: at(1 + days * 24, clock.now()) },
          player.token,
        );
      const tooLong = await setVacation(3);
      expect(errorCode(tooLong)).toBe('BAD_USER_INPUT');
      expect(tooLong.errors![0].message).toBe('That is more than the 2 days of vacation allowed in 2026.');
      expect((await setVacation(1)).data!.setVacation.vacationDaysLeftThisYear).toBe(1);
    } finally {
      await server.close();
    }
  });
});
