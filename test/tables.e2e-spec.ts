/**
 * Tables that never wait for ever: a table nobody started within 14 days of
 * its opening is closed by the server (`game.tableExpired`), its players are
 * told by mail, its record verifies; and `nextGame`, the game that has
 * waited longest on the caller. Time is a ManualClock.
 */
import { ManualClock } from '../src/common/clock';
import { Deadlines } from '../src/deadlines/deadlines';
import { RULESETS_HOSTED } from '../src/games';
import { RecordsService } from '../src/records/records.service';
import { verifyRecord } from '../src/records/verify-record';
import { errorCode, gql, gqlOk, Player, quickMailTo, refusalWritingNothing, registerPlayer, startTestServer, TestServer, emailOf } from './support/app';
import { playTurn, seeGame, startCountingGame } from './support/counting-api';
import { countingGame } from './support/counting-game';
import { rehashed } from './support/record-forgery';
import { askToCreateGame, createGame, joinGame } from './support/games';
import { asRole } from './support/database';
import { SmtpInbox } from './support/smtp-inbox';

const DAY = 24 * 60 * 60 * 1000;
const rulesetOf = (id: string) => [...RULESETS_HOSTED, countingGame].find((ruleset) => ruleset.id === id);

describe('tables that expire, and the next game (end to end)', () => {
  const clock = new ManualClock(new Date('2026-06-01T10:00:00.000Z'));
  let inbox: SmtpInbox;
  let server: TestServer;
  let url: string;

  beforeAll(async () => {
    inbox = await SmtpInbox.start();
    server = await startTestServer({ clock, mail: quickMailTo(inbox.url) });
    url = server.url;
  });

  afterAll(async () => {
    await server.close();
    await inbox.stop();
  });

  const players = (...names: string[]) => Promise.all(names.map((name) => registerPlayer(url, name)));
  const runDue = () => server.app.get(Deadlines).runDue();

  it('closes a table nobody started 14 days after its opening, tells its players, and lets nothing happen in it after', async () => {
    const [ann, bob, cat] = await players('Ann', 'Bob', 'Cat');
    const stale = await createGame(url, ann, { seats: 3, name: 'Nobody came' });
    await joinGame(url, stale, bob);
    clock.advance(7 * DAY);
    const younger = await createGame(url, ann, { seats: 3 });
    const started = await startCountingGame(url, [ann, bob]);

    clock.advance(7 * DAY - 60_000);
    expect(await runDue()).toMatchObject({ tablesClosed: 0 });
    clock.advance(60_000);
    expect(await runDue()).toMatchObject({ tablesClosed: 1 });
    expect(await runDue()).toMatchObject({ tablesClosed: 0 });

    const { game } = await gqlOk<{ game: { status: string; history: Array<{ type: string; text: string }> } }>(
      url,
      `query($id: ID!) { game(id: $id) { status history { type text } } }`,
      { id: stale },
      ann.token,
    );
    expect(game.status).toBe('EXPIRED');
    expect(game.history.at(-1)?.type).toBe('game.tableExpired');
    expect(game.history.at(-1)?.text).toMatch(/14 days/);
    // The verifier decides the closing again, from the record's times.
    const record = await server.app.get(RecordsService).wholeRecord(stale);
    const verified = verifyRecord(record, rulesetOf);
    expect(verified).toMatchObject({ ok: true, complete: true });
    // Closed a day early by a forger who also sealed the chain again: the decider refuses it.
    const closing = record.events.at(-1)!;
    const early = { ...closing, at: new Date(Date.parse(record.events[0].at) + 13 * DAY).toISOString() };
    const forged = rehashed({ ...record, events: [...record.events.slice(0, -1), early] }, closing.seq);
    expect(verifyRecord(forged, rulesetOf)).toEqual({
      ok: false,
      seq: closing.seq,
      problem: 'game.tableExpired: The table has been open for less than 14 days.',
    });
    for (const player of [ann, bob]) {
      const [mail] = await inbox.waitFor(await emailOf(url, player), /^Closed before it began: Nobody came/);
      expect(mail.text).toContain('did not start within 14 days');
    }
    expect((await seeGame(url, younger)).status).toBe('LOBBY');
    expect((await seeGame(url, started)).status).toBe('ACTIVE');

    const version = async () => (await seeGame(url, stale)).version;
    const join = gql(url, `mutation($id: ID!) { joinGame(gameId: $id) { id } }`, { id: stale }, cat.token);
    expect(await refusalWritingNothing(version, join)).toBe('GAME_NOT_ACTIVE');
    const start = gql(url, `mutation($id: ID!) { startGame(gameId: $id) { id } }`, { id: stale }, ann.token);
    expect(await refusalWritingNothing(version, start)).toBe('GAME_NOT_ACTIVE');
    const open = await gqlOk<{ games: Array<{ id: string }> }>(url, `{ games(status: LOBBY, notMine: true, first: 200) { id } }`, {}, cat.token);
    expect(open.games.map((g) => g.id)).not.toContain(stale);
  });

  it('starts, as its host, a full table that a crash left waiting to start by itself, and only such a table', async () => {
    const [ann, bob] = await players('Ann', 'Bob');
    const waiting = await createGame(url, ann, { seats: 3, autoStart: true, bots: [{ seat: 1, level: 'RANDOM' }] });
    const hostStarts = await createGame(url, ann, { seats: 2, autoStart: false, bots: [{ seat: 1, level: 'RANDOM' }] });
    // A creation seated by bots is one write, its start a second: a trigger that refuses the start stands in for a crash between them.
    const refuseStarts = `CREATE FUNCTION refuse_starts() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'crashed'; END $$;
      CREATE TRIGGER refuse_starts BEFORE INSERT ON game_events FOR EACH ROW WHEN (NEW.type = 'game.started') EXECUTE FUNCTION refuse_starts()`;
    await asRole(server.db.ownerUrl, (owner) => owner.query(refuseStarts));
    try {
      const crashed = await askToCreateGame(url, bob, { seats: 2, autoStart: true, bots: [{ seat: 1, level: 'RANDOM' }] }, 'id');
      expect(crashed.errors).toHaveLength(1);
    } finally {
      await asRole(server.db.ownerUrl, (owner) => owner.query('DROP TRIGGER refuse_starts ON game_events; DROP FUNCTION refuse_starts()'));
    }
    const { games } = await gqlOk<{ games: Array<{ id: string }> }>(url, `{ games(status: LOBBY, mine: true) { id } }`, {}, bob.token);
    expect(games).toHaveLength(1);
    const left = games[0].id;

    clock.advance(59_000);
    expect(await runDue()).toMatchObject({ tablesStarted: 0 });
    clock.advance(1_000);
    expect(await runDue()).toMatchObject({ tablesStarted: 1 });
    expect(await runDue()).toMatchObject({ tablesStarted: 0 });

    const { game } = await gqlOk<{ game: { status: string; history: Array<{ type: string; actor: { id: string } | null }> } }>(
      url,
      `query($id: ID!) { game(id: $id) { status history { type actor { id } } } }`,
      { id: left },
      bob.token,
    );
    expect(game.status).toBe('ACTIVE');
    expect(game.history.find((entry) => entry.type === 'game.started')?.actor?.id).toBe(bob.id);
    expect(verifyRecord(await server.app.get(RecordsService).wholeRecord(left), rulesetOf)).toMatchObject({ ok: true });
    // Not full, or started by its host: left alone.
    expect((await seeGame(url, waiting)).status).toBe('LOBBY');
    expect((await seeGame(url, hostStarts)).status).toBe('LOBBY');
  });

  it('names the game that has waited longest on the caller, null when none waits, and nobody without a session', async () => {
    const [ann, bob] = await players('Ann', 'Bob');
    const next = async (who: Player) => (await gqlOk<{ nextGame: { id: string } | null }>(url, `{ nextGame { id } }`, {}, who.token)).nextGame?.id ?? null;
    const first = await startCountingGame(url, [ann, bob], { seed: 'next-1' });
    clock.advance(60_000);
    const second = await startCountingGame(url, [ann, bob], { seed: 'next-2' });
    const toAct = async (gameId: string) => [ann, bob][(await seeGame(url, gameId)).activeSeats[0]];
    // Whoever is to act in the first game has had it waiting longest, unless the second waits on them alone.
    const firstWaitsOn = await toAct(first);
    expect(await next(firstWaitsOn)).toBe(first);
    clock.advance(60_000);
    await playTurn(url, first, [ann, bob]);
    const secondWaitsOn = await toAct(second);
    expect(await next(secondWaitsOn)).toBe(second);

    const [cat] = await players('Cat');
    expect(await next(cat)).toBeNull();
    expect(errorCode(await gql(url, `{ nextGame { id } }`))).toBe('UNAUTHENTICATED');
  });
});
