/**
 * Rebuilds a game's state at any version from its events. Snapshots and the
 * in-memory cache are only shortcuts: the state at version v is defined by
 * the stream alone, walking back from v (a rollback or undo event at r means
 * "state(r) = state(target)", less what stateAfterJump changes) down to a
 * version whose state is known.
 *
 * Every load verifies the hash chain of the events it reads, from the known
 * state's last event on (a snapshot records that event's hash, under its
 * seal). A broken chain is reported with the state, which stays readable;
 * such a state is never cached or snapshotted, so each load checks again.
 */
import { Logger } from '@nestjs/common';
import type { Sql } from '../database/sql';
import { EventStore, StoredEvent } from '../event-store/event-store';
import { GENESIS_HASH } from '../event-store/hash-chain';
import { SnapshotStore } from '../event-store/snapshots';
import type { AnyRuleset } from '../rules/contract';
import { EMPTY_GAME_STATE, foldEvent, GameState, STATE_FORMAT, stateAfterJump } from './game-state';
import { jumpTarget } from './platform-events';

/** A state, the version it is at and the hash of that version's event (later events chain onto it). */
interface KnownState {
  version: number;
  state: GameState;
  hash: string;
}

export interface LoadedState {
  state: GameState;
  /** The first event read whose hash does not match (the chain is broken there), or null. */
  firstBadSeq: number | null;
}

interface Rebuilt extends LoadedState {
  /** The hash of the event at the version rebuilt. */
  hash: string;
  /** The version of the known state it was folded from. */
  base: number;
}

const CACHE_LIMIT = 20000;
const GENESIS: KnownState = { version: 0, state: EMPTY_GAME_STATE, hash: GENESIS_HASH };

export class GameLoader {
  private readonly logger = new Logger(GameLoader.name);
  /** Newest folded state per game (insertion order doubles as LRU order). */
  private readonly latest = new Map<string, KnownState>();

  constructor(
    private readonly store: EventStore,
    private readonly snapshots: SnapshotStore,
    private readonly snapshotInterval: number,
  ) {}

  /** The state at `version` (usually the game's current version), read on the pool or on `sql` (a transaction the caller holds). */
  async stateAt(ruleset: AnyRuleset, gameId: string, version: number, sql?: Sql): Promise<LoadedState> {
    const cached = this.latest.get(gameId);
    if (cached && cached.version === version) return { state: cached.state, firstBadSeq: null };
    const rebuilt = await this.rebuild(ruleset, gameId, version, sql);
    if (rebuilt.firstBadSeq === null) {
      if (!cached || cached.version <= version) this.remember(gameId, version, rebuilt.state, rebuilt.hash);
      // No snapshot near enough (none yet, or ignored): leave one for the next load.
      if (version - rebuilt.base >= this.snapshotInterval) this.saveSnapshot(gameId, version, rebuilt.state, rebuilt.hash);
    }
    return { state: rebuilt.state, firstBadSeq: rebuilt.firstBadSeq };
  }

  /** Records a state the caller computed by folding newly appended events; `hash` is that of event `version`. */
  remember(gameId: string, version: number, state: GameState, hash: string): void {
    this.latest.delete(gameId);
    this.latest.set(gameId, { version, state, hash });
    if (this.latest.size > CACHE_LIMIT) this.latest.delete(this.latest.keys().next().value as string);
  }

  /** Drops the game's cached state, so that the next load reads (and verifies) its events. */
  forget(gameId: string): void {
    this.latest.delete(gameId);
  }

  /**
   * When an append from `fromVersion` to `toVersion` crosses a multiple of
   * the interval, the snapshot of its state to write in the append's own
   * transaction (no write of its own on the move path); else null.
   */
  snapshotWrite(gameId: string, fromVersion: number, toVersion: number, state: GameState): ((sql: Sql, appended: StoredEvent[]) => Promise<void>) | null {
    if (Math.floor(toVersion / this.snapshotInterval) === Math.floor(fromVersion / this.snapshotInterval)) return null;
    return (sql, appended) => this.snapshots.save(gameId, { version: toVersion, state, lastEventHash: appended[appended.length - 1].hash }, sql);
  }

  /** Snapshots are a cache: failing to write one costs speed, never correctness. */
  private saveSnapshot(gameId: string, version: number, state: GameState, hash: string): void {
    this.snapshots
      .save(gameId, { version, state, lastEventHash: hash })
      .catch((error) => this.logger.warn(`snapshot of ${gameId} at ${version} failed: ${error}`));
  }

  /** The known states at or before `version`, newest first: the cache, a snapshot, the empty game. */
  private async knownBases(gameId: string, version: number, sql?: Sql): Promise<KnownState[]> {
    const cached = this.latest.get(gameId);
    // Snapshots are taken an interval or more into a game (see stateAt and snapshotWrite): none to read before.
    const snapshot = version < this.snapshotInterval ? null : await this.snapshots.latest(gameId, version, sql);
    const bases = [GENESIS];
    // A state of an older shape lacks what today's rules read: the events are folded anew, and the next snapshot is of today's shape.
    const state = snapshot?.state as GameState | undefined;
    if (snapshot && state?.format === STATE_FORMAT) bases.push({ version: snapshot.version, state, hash: snapshot.lastEventHash });
    if (cached && cached.version <= version) bases.push(cached);
    return bases.sort((a, b) => b.version - a.version);
  }

  /**
   * Reads the events after the newest known state whose last event is still
   * stored as it was when that state was folded (else the state is of no
   * use, and is logged: that event was changed since).
   */
  private async readFromKnownState(
    gameId: string,
    version: number,
    sql?: Sql,
  ): Promise<{ base: KnownState; events: StoredEvent[]; firstBadSeq: number | null }> {
    for (const base of await this.knownBases(gameId, version, sql)) {
      const read = await this.store.readChain(gameId, base.version === 0 ? null : { seq: base.version, hash: base.hash }, version, sql);
      if (read.anchorHolds) return { base, events: read.events, firstBadSeq: read.firstBadSeq };
      if (base === this.latest.get(gameId)) this.forget(gameId);
      this.logger.warn(`game ${gameId}: the state known at version ${base.version} was folded from an event that has changed since: ignored`);
    }
    throw new Error('unreachable: the empty game needs no event');
  }

  private async rebuild(ruleset: AnyRuleset, gameId: string, version: number, sql?: Sql): Promise<Rebuilt> {
    const { base, events, firstBadSeq } = await this.readFromKnownState(gameId, version, sql);
    const hash = events.length > 0 ? events[events.length - 1].hash : base.hash;
    const path: StoredEvent[] = [];
    let current = version;
    while (current > base.version) {
      const event = events[current - base.version - 1];
      const target = jumpTarget(event);
      path.push(event);
      if (target === null) {
        current -= 1;
      } else if (target >= base.version) {
        current = target;
      } else {
        const before = await this.rebuild(ruleset, gameId, target, sql);
        return { state: this.foldPath(ruleset, before.state, path), firstBadSeq: firstBadSeq ?? before.firstBadSeq, hash, base: before.base };
      }
    }
    return { state: this.foldPath(ruleset, base.state, path), firstBadSeq, hash, base: base.version };
  }

  /** `path` is newest first: events to fold, and jumps, each taken from the state at its target. */
  private foldPath(ruleset: AnyRuleset, state: GameState, path: StoredEvent[]): GameState {
    let folded = state;
    for (let i = path.length - 1; i >= 0; i--) {
      const event = path[i];
      folded = jumpTarget(event) === null ? foldEvent(ruleset, folded, event) : stateAfterJump(event, folded);
    }
    return folded;
  }
}
