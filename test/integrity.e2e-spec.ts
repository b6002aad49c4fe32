/**
 * History the server enforces: events changed in the database (by someone
 * who owns the tables and switched the trigger off) make every write to the
 * game fail with INTEGRITY_FAILURE and write nothing, on a server that held
 * the game in memory before the change as on one that reads it afresh; a
 * snapshot changed in the database is ignored.
 */
import { Logger } from '@nestjs/common';
import { ManualClock } from '../src/common/clock';
import { Deadlines } from '../src/deadlines/deadlines';
import { canonicalJson } from '../src/event-store/canonical-json';
import { eventHash, GENESIS_HASH, HashedFields } from '../src/event-store/hash-chain';
import { errorCode, gql, gqlOk, Player, registerPlayer, startTestServer, TestServer } from './support/app';
import { playTurn, seeGame, startCountingGame, submitMove } from './support/counting-api';
import { asRole, createTestDatabase, tamper, TestDatabase } from './support/database';

interface EventRow extends HashedFields {
  hash: string;
}

/** The game's events as stored, straight from the database. */
async function storedEvents(db: TestDatabase, gameId: string): Promise<EventRow[]> {
  return asRole(db.ownerUrl, async (owner) => {
    const { rows } = await owner.query(
      `SELECT game_id AS "gameId", seq, type, payload, actor_user_id AS "actorUserId", actor_seat AS "actorSeat", at,
              client_move_id AS "clientMoveId", step_start AS "stepStart", reversible, hash, move, salt
       FROM game_events WHERE game_id = $1 ORDER BY seq`,
      [gameId],
    );
    return rows as EventRow[];
  });
}

/** The seq of the game's latest drawn card. */
async function lastCardDrawn(db: TestDatabase, gameId: string): Promise<number> {
  const events = await storedEvents(db, gameId);
  return events.filter((event) => event.type === 'cardDrawn').pop()!.seq;
}

/** Changes a drawn card the way a careful forger would: every hash from there on recomputed, so the chain holds. */
async function forgeCardAndChain(db: TestDatabase, gameId: string, seq: number): Promise<void> {
  const events = await storedEvents(db, gameId);
  let previous = seq === 1 ? GENESIS_HASH : events[seq - 2].hash;
  const statements: Array<[string, unknown[]]> = [];
  for (const event of events.slice(seq - 1)) {
    const payload = event.seq === seq ? { ...(event.payload as object), card: 9 } : event.payload;
    previous = eventHash(previous, { ...event, payload });
    statements.push([
      `UPDATE game_events SET payload = $3::jsonb, hash = $4 WHERE game_id = $1 AND seq = $2`,
      [gameId, event.seq, canonicalJson(payload), previous],
    ]);
  }
  for (const [statement, values] of statements) await tamper(db, statement, values);
}

describe('history the server enforces (real PostgreSQL)', () => {
  let db: TestDatabase;
  let clock: ManualClock;
  let holder: TestServer;
  let ann: Player;
  let bob: Player;
  const servers: TestServer[] = [];
  let errors: jest.SpyInstance;
  /** What the server logged at error level about games' integrity (Nest also logs every refusal a resolver throws). */
  let integrityErrors: string[];

  beforeAll(async () => {
    db = await createTestDatabase();
    clock = new ManualClock(new Date());
    holder = await startTestServer({ db, clock });
    servers.push(holder);
    [ann, bob] = await Promise.all(['Ann', 'Bob'].map((name) => registerPlayer(holder.url, name)));
  });

  beforeEach(() => {
    integrityErrors = [];
    errors = jest.spyOn(Logger.prototype, 'error').mockImplementation(function (this: Logger, message: unknown) {
      if ((this as unknown as { context?: string }).context === 'Integrity') integrityErrors.push(String(message));
    });
  });

  afterEach(() => errors.mockRestore());

  afterAll(async () => {
    for (const server of servers) await server.close();
    await db.drop();
  });

  /** A server that has never seen the game: it reads it from the database. */
  async function freshServer(options: { snapshotInterval?: number } = {}): Promise<TestServer> {
    const server = await startTestServer({ db, ...options });
    servers.push(server);
    return server;
  }

  async function eventCount(gameId: string): Promise<number> {
    return (await storedEvents(db, gameId)).length;
  }

  /** Every write a player, the host or a deadline can make, each refused with INTEGRITY_FAILURE; nothing written. */
  async function expectEveryWriteRefused(url: string, gameId: string): Promise<void> {
    const before = await eventCount(gameId);
    const game = await seeGame(url, gameId);
    const mover = [ann, bob][game.activeSeats[0]];
    const refusals = [
      await submitMove(url, gameId, mover, { type: 'add', amount: 1 }, game.version),
      await gql(url, `mutation($id: ID!) { undoMove(gameId: $id) { id } }`, { id: gameId }, mover.token),
      await gql(
        url,
        `mutation($id: ID!, $v: Int!) { rollbackGame(gameId: $id, toVersion: $v, reason: "fix") { id } }`,
        { id: gameId, v: game.version - 1 },
        ann.token,
      ),
    ];
    for (const refusal of refusals) {
      expect(errorCode(refusal)).toBe('INTEGRITY_FAILURE');
      expect(JSON.stringify(refusal)).not.toMatch(/stack|at .*\.ts/);
    }
    expect(await eventCount(gameId)).toBe(before);
    expect((await seeGame(url, gameId)).version).toBe(game.version);
  }

  it('refuses every write to a game whose event row was changed, on the server that held it and on a fresh one', async () => {
    const gameId = await startCountingGame(holder.url, [ann, bob], {
      seed: 'tampered',
      moveDeadline: { hoursPerMove: 1, reminderHoursBefore: 0, onExpiry: 'EXTEND' },
    });
    for (let turn = 0; turn < 3; turn++) await playTurn(holder.url, gameId, [ann, bob]);
    const seen = await seeGame(holder.url, gameId, ann);

    const seq = await lastCardDrawn(db, gameId);
    await tamper(db, `UPDATE game_events SET payload = jsonb_set(payload, '{card}', '9') WHERE game_id = $1 AND seq = $2`, [gameId, seq]);

    await expectEveryWriteRefused(holder.url, gameId);
    // A passing deadline writes nothing either.
    clock.advance(2 * 3600_000);
    expect(await holder.app.get(Deadlines).runDue()).toEqual({ reminded: 0, expired: 0, lapsed: 0, tablesClosed: 0, tablesStarted: 0 });

    const fresh = await freshServer();
    await expectEveryWriteRefused(fresh.url, gameId);

    // Still readable, on both, with the break named.
    for (const server of [holder, fresh]) {
      const { game } = await gqlOk<{ game: { version: number; integrity: { ok: boolean; firstBadSeq: number } } }>(
        server.url,
        `query($id: ID!) { game(id: $id) { version integrity { ok firstBadSeq } } }`,
        { id: gameId },
        ann.token,
      );
      expect(game).toEqual({ version: seen.version, integrity: { ok: false, firstBadSeq: seq } });
    }
    // Logged at error level once by each server, with the first bad event, however many writes it refused.
    const logged = integrityErrors.filter((message) => message.includes(gameId));
    expect(logged).toHaveLength(2);
    for (const message of logged) expect(message).toContain(`event ${seq} does not match its hash`);
  });

  it('refuses a move on a history rewritten with every hash recomputed, on the server that held the game', async () => {
    const gameId = await startCountingGame(holder.url, [ann, bob], { seed: 'rewritten' });
    for (let turn = 0; turn < 3; turn++) await playTurn(holder.url, gameId, [ann, bob]);
    const before = await eventCount(gameId);
    await forgeCardAndChain(db, gameId, await lastCardDrawn(db, gameId));

    const game = await seeGame(holder.url, gameId);
    const refusal = await submitMove(holder.url, gameId, [ann, bob][game.activeSeats[0]], { type: 'add', amount: 1 }, game.version);
    expect(errorCode(refusal)).toBe('INTEGRITY_FAILURE');
    expect(await eventCount(gameId)).toBe(before);
    expect(integrityErrors).toEqual([expect.stringMatching(/no longer has the hash this server chained onto/)]);
  });

  it('goes on when the rows were only rewritten as they were (a table rewrite): the chain is checked again and holds', async () => {
    const gameId = await startCountingGame(holder.url, [ann, bob], { seed: 'rewritten as it was' });
    for (let turn = 0; turn < 2; turn++) await playTurn(holder.url, gameId, [ann, bob]);
    // New row versions of every event, with nothing in them changed.
    await tamper(db, `UPDATE game_events SET payload = payload WHERE game_id = $1`, [gameId]);

    const version = await playTurn(holder.url, gameId, [ann, bob]);
    expect(await eventCount(gameId)).toBe(version);
    expect(integrityErrors).toEqual([]);
  });

  it('ignores a snapshot changed in the database, and shows the same game as before', async () => {
    const writer = await freshServer({ snapshotInterval: 5 });
    const gameId = await startCountingGame(writer.url, [ann, bob], { seed: 'snapshots' });
    for (let turn = 0; turn < 6; turn++) await playTurn(writer.url, gameId, [ann, bob]);
    const truth = await seeGame(writer.url, gameId, ann);
    const warnings = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    try {
      await asRole(db.ownerUrl, async (owner) => {
        const { rowCount } = await owner.query(`UPDATE game_snapshots SET state = jsonb_set(state, '{rules,counter}', '999') WHERE game_id = $1`, [gameId]);
        expect(rowCount).toBeGreaterThan(1);
      });
      const reader = await freshServer({ snapshotInterval: 5 });
      expect(await seeGame(reader.url, gameId, ann)).toEqual(truth);
      expect(warnings.mock.calls.map((call) => String(call[0]))).toContainEqual(
        expect.stringMatching(new RegExp(`game ${gameId}: the snapshot at version \\d+ does not match its seal`)),
      );
      const { game } = await gqlOk<{ game: { integrity: { ok: boolean } } }>(reader.url, `query($id: ID!) { game(id: $id) { integrity { ok } } }`, {
        id: gameId,
      });
      expect(game.integrity.ok).toBe(true);
      // And it plays on.
      await playTurn(reader.url, gameId, [ann, bob]);

      // Dropping every snapshot changes nothing but speed.
      await asRole(db.ownerUrl, (owner) => owner.query('DELETE FROM game_snapshots WHERE game_id = $1', [gameId]));
      const after = await seeGame(reader.url, gameId, ann);
      expect(await seeGame((await freshServer()).url, gameId, ann)).toEqual(after);
    } finally {
      warnings.mockRestore();
    }
  });
});
