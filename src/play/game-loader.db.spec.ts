/**
 * Snapshots and the cache are only shortcuts: for many random games with
 * undos and rollbacks, the loader's state at every version equals a plain
 * fold of the stream, with snapshots, without them, and after deleting them.
 */
import { PrismaService } from '../database/prisma.service';
import { EventStore, StoredEvent } from '../event-store/event-store';
import { seededRandom } from '../rules/random';
import { countingGame } from '../../test/support/counting-game';
import { createTestDatabase, TestDatabase } from '../../test/support/database';
import { playStack, PlayStack } from '../../test/support/play-stack';
import { GameService } from './game.service';
import { EMPTY_GAME_STATE, foldEvent, GameState, stateAfterJump } from './game-state';
import { countedEvent, momentsOf } from './moments';
import { jumpTarget } from './platform-events';

/** The definition of state(v), written as plainly as possible. */
function referenceStates(events: StoredEvent[]): GameState[] {
  const states: GameState[] = [EMPTY_GAME_STATE];
  for (const event of events) {
    const target = jumpTarget(event);
    states.push(target === null ? foldEvent(countingGame, states[states.length - 1], event) : stateAfterJump(event, states[target]));
  }
  return states;
}

describe('GameLoader (real PostgreSQL)', () => {
  const SNAPSHOT_INTERVAL = 7;
  let db: TestDatabase;
  let prisma: PrismaService;
  let stack: PlayStack;
  let store: EventStore;
  let service: GameService;
  let players: string[];

  beforeAll(async () => {
    db = await createTestDatabase();
    prisma = new PrismaService(db.url);
    stack = playStack(prisma, [countingGame], SNAPSHOT_INTERVAL);
    ({ store, service } = stack);
    players = [];
    for (const name of ['a', 'b', 'c']) {
      players.push((await prisma.user.create({ data: { email: `${name}@example.org`, passwordHash: 'x', displayName: name } })).id);
    }
  });

  afterAll(async () => {
    await prisma.close();
    await db.drop();
  });

  /** Plays a random game with occasional undos and host rollbacks; returns its id. */
  async function playRandomGame(seed: string): Promise<string> {
    const choose = seededRandom(seed);
    const seats = 2 + choose.int(2);
    let game = await service.createGame(players[0], { ruleset: 'counting', seats, options: { target: 12 + choose.int(20) }, seed });
    // The last seat taken starts it, as a game does unless its host said otherwise.
    for (let seat = 1; seat < seats; seat++) game = await service.joinGame(players[seat], game.row.id);
    while (game.row.status === 'ACTIVE') {
      const roll = choose.int(12);
      const last = game.state.undoable[game.state.undoable.length - 1];
      const points =
        roll === 1 && game.row.version > game.row.startedVersion! + 2 ? (await stack.returnPoints.forUser(game, players[0], new Date())).versions : [];
      if (roll === 0 && last) {
        game = await service.undoMove(game.state.seats[last.seat]!, game.row.id);
      } else if (points.length > 0) {
        game = await service.rollbackGame(players[0], game.row.id, choose.pick(points), 'testing');
      } else {
        const seat = game.row.activeSeats[0];
        const moves = countingGame.legalMoves(game.state.rules as never, seat);
        game = await service.submitMove(game.state.seats[seat]!, game.row.id, choose.pick(moves), game.row.version);
      }
    }
    return game.row.id;
  }

  it('rebuilds every version of many random games exactly, with or without snapshots', async () => {
    const gameIds: string[] = [];
    for (let i = 0; i < 12; i++) gameIds.push(await playRandomGame(`loader-${i}`));
    expect(await prisma.gameSnapshot.count()).toBeGreaterThan(12);

    let gamesWithJumps = 0;
    for (const gameId of gameIds) {
      const events = await store.readEvents(gameId);
      const expected = referenceStates(events);
      if (events.some((e) => jumpTarget(e) !== null)) gamesWithJumps++;
      // Each state holds its version's moment as the history counts it (a move's answer counts on from it).
      const moments = momentsOf(countingGame, events.map(countedEvent));
      expect(expected.map((state) => state.moment)).toEqual(expected.map((_, version) => moments.get(version)));
      const withSnapshots = stack.newLoader();
      for (let version = 1; version <= events.length; version++) {
        expect(await withSnapshots.stateAt(countingGame, gameId, version)).toEqual({ state: expected[version], firstBadSeq: null });
      }
    }

    expect(gamesWithJumps).toBeGreaterThanOrEqual(8);

    await prisma.gameSnapshot.deleteMany({});
    for (const gameId of gameIds) {
      const events = await store.readEvents(gameId);
      const expected = referenceStates(events);
      const noSnapshots = stack.newLoader();
      expect(await noSnapshots.stateAt(countingGame, gameId, events.length)).toEqual({ state: expected[events.length], firstBadSeq: null });
      expect((await service.load(gameId)).state).toEqual(expected[events.length]);
    }
  });

  it('folds anew from the events rather than start from a snapshot of a state of an older shape', async () => {
    const gameId = await playRandomGame('loader-old-shape');
    const events = await store.readEvents(gameId);
    const expected = referenceStates(events);
    const newest = await prisma.gameSnapshot.findFirstOrThrow({ where: { gameId }, orderBy: { version: 'desc' } });
    const { format: _format, hostId: _host, ...older } = expected[newest.version];
    await stack.snapshots.save(gameId, { version: newest.version, state: { ...older, hostId: undefined }, lastEventHash: newest.lastEventHash });
    expect(await stack.newLoader().stateAt(countingGame, gameId, events.length)).toEqual({ state: expected[events.length], firstBadSeq: null });
    expect(expected[events.length].startedVersion).toBe((await service.load(gameId)).row.startedVersion);
  });
});
