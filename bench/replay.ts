/**
 * 4. Load and replay: how long loading a long game takes with and without
 * snapshots, and how fast events fold.
 */
import { ManualClock } from '../src/common/clock';
import { PrismaService } from '../src/database/prisma.service';
import { randomBytes } from 'node:crypto';
import { EventStore, NewEvent } from '../src/event-store/event-store';
import { SnapshotKey, SnapshotStore } from '../src/event-store/snapshots';
import { GameLoader } from '../src/play/game-loader';
import { EMPTY_GAME_STATE, foldEvent, FoldableEvent, GameState } from '../src/play/game-state';
import { GameCreated, GameStarted, SeatTaken } from '../src/play/platform-events';
import type { AnyRuleset, RulesEvent } from '../src/rules/contract';
import { seededRandom } from '../src/rules/random';
import { countingGame } from '../test/support/counting-game';
import { median, timeIt } from './lib/measure';
import { createBenchGames } from './raw-and-append';

const SNAPSHOT_INTERVAL = 100;
const BATCH = 100;

function foldable(event: NewEvent, seq: number): FoldableEvent {
  return {
    seq,
    type: event.type,
    payload: event.payload,
    actorSeat: event.actorSeat ?? null,
    stepStart: event.stepStart ?? false,
    reversible: event.reversible ?? false,
  };
}

/**
 * Writes a game of `length` events (the counting game, which never ends
 * before its target) through the event store, with snapshots as the server
 * writes them.
 */
async function writeLongGame(store: EventStore, loader: GameLoader, gameId: string, length: number): Promise<void> {
  const ruleset: AnyRuleset = countingGame;
  const options = { target: 10_000_000 };
  const lobby: NewEvent[] = [
    { type: GameCreated, payload: { ruleset: ruleset.id, seats: 2, options, seed: 'replay', hostId: 'bench' } },
    { type: SeatTaken, payload: { seat: 0, userId: 'a' } },
    { type: SeatTaken, payload: { seat: 1, userId: 'b' } },
    { type: GameStarted, payload: {} },
  ];
  let state: GameState = EMPTY_GAME_STATE;
  let version = 0;
  let batch: NewEvent[] = [];
  const flush = async () => {
    const snapshot = loader.snapshotWrite(gameId, version, version + batch.length, state);
    await store.appendEvents({ gameId, expectedVersion: version, events: batch, alsoInTransaction: snapshot ?? undefined });
    version += batch.length;
    batch = [];
  };
  const push = async (event: NewEvent) => {
    state = foldEvent(ruleset, state, foldable(event, version + batch.length + 1));
    batch.push(event);
    if (batch.length === BATCH) await flush();
  };
  for (const event of lobby) await push(event);
  for (const event of ruleset.setup(state.rules, seededRandom('replay:setup')) as RulesEvent[]) {
    const { type, ...payload } = event;
    await push({ type, payload });
  }
  while (version + batch.length < length) {
    const seat = ruleset.status(state.rules).activeSeats[0];
    const moves = ruleset.legalMoves(state.rules, seat);
    const decision = ruleset.decide(state.rules, moves[moves.length - 1], seat, seededRandom(`replay:${version + batch.length}`));
    if (!decision.ok) throw new Error(decision.message);
    for (const [i, event] of (decision.events as RulesEvent[]).entries()) {
      const { type, ...payload } = event;
      await push({ type, payload, actorSeat: seat, stepStart: i === 0, reversible: decision.reversible });
    }
  }
  if (batch.length) await flush();
}

export interface ReplayResult {
  events: number;
  loadWithSnapshotsMs: number;
  loadWithoutSnapshotsMs: number;
  /** Folding alone, the events already in memory. */
  foldEventsPerSecond: number;
}

function foldMs(events: FoldableEvent[]): number {
  const began = performance.now();
  let state = EMPTY_GAME_STATE;
  for (const event of events) state = foldEvent(countingGame, state, event);
  // Using the result keeps the fold from being optimised away; a fold that changed nothing measured nothing.
  return state === EMPTY_GAME_STATE ? NaN : performance.now() - began;
}

/** Events folded, untimed, before timing: enough for V8 to have optimised the fold, as it has in a server that has been folding all day. */
const WARM_UP_EVENTS = 200_000;
/** Folds are timed for at least this long (and at least five times); their median is the rate. */
const TIMED_FOLDS_MS = 200;

/**
 * Fold timings of warm code. One fold of 1,000 events takes a millisecond or
 * two: timed right away, five of them were partly the interpreter's and
 * the JIT's (bench/README.md, fix 19).
 */
function warmFolds(events: FoldableEvent[]): number[] {
  for (let folded = 0; folded < WARM_UP_EVENTS; folded += events.length) foldMs(events);
  const folds: number[] = [];
  const began = performance.now();
  while (folds.length < 5 || performance.now() - began < TIMED_FOLDS_MS) folds.push(foldMs(events));
  return folds;
}

export async function measureReplay(databaseUrl: string, lengths: number[]): Promise<ReplayResult[]> {
  const prisma = new PrismaService(databaseUrl);
  const store = new EventStore(prisma, new ManualClock());
  const snapshots = new SnapshotStore(prisma, new SnapshotKey(randomBytes(32)));
  const newLoader = () => new GameLoader(store, snapshots, SNAPSHOT_INTERVAL);
  const results: ReplayResult[] = [];
  for (const length of lengths) {
    const [gameId] = await createBenchGames(prisma, 1);
    await writeLongGame(store, newLoader(), gameId, length);
    const version = length;

    const withSnapshots: number[] = [];
    for (let i = 0; i < 5; i++) {
      withSnapshots.push((await timeIt(() => newLoader().stateAt(countingGame, gameId, version))).ms);
    }
    await prisma.gameSnapshot.deleteMany({ where: { gameId } });
    const without: number[] = [];
    for (let i = 0; i < 3; i++) {
      // A loader that writes no snapshot of what it folded, or the next load would use it.
      without.push((await timeIt(() => new GameLoader(store, snapshots, Number.POSITIVE_INFINITY).stateAt(countingGame, gameId, version))).ms);
    }

    const events = await store.readEvents(gameId);
    results.push({
      events: length,
      loadWithSnapshotsMs: median(withSnapshots),
      loadWithoutSnapshotsMs: median(without),
      foldEventsPerSecond: events.length / (median(warmFolds(events)) / 1000),
    });
  }
  await prisma.close();
  return results;
}
