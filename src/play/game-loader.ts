/**
 * Rebuilds a game's state at any version from its events. Snapshots and the
 * in-memory cache are only shortcuts: the state at version v is defined by
 * the stream alone, walking back from v (a rollback or undo event at r means
 * "state(r) = state(target)") down to a version whose state is known.
 */
import { EventStore, StoredEvent } from '../event-store/event-store';
import type { AnyRuleset } from '../rules/contract';
import { EMPTY_GAME_STATE, foldEvent, GameState } from './game-state';
import { jumpTarget } from './platform-events';

interface KnownState {
  version: number;
  state: GameState;
}

const CACHE_LIMIT = 20000;

export class GameLoader {
  /** Newest folded state per game (insertion order doubles as LRU order). */
  private readonly latest = new Map<string, KnownState>();

  constructor(
    private readonly store: EventStore,
    private readonly snapshotInterval: number,
  ) {}

  /** The state at `version` (usually the game's current version). */
  async stateAt(ruleset: AnyRuleset, gameId: string, version: number): Promise<GameState> {
    const cached = this.latest.get(gameId);
    if (cached && cached.version === version) return cached.state;
    const state = await this.rebuild(ruleset, gameId, version);
    if (!cached || cached.version <= version) this.remember(gameId, version, state);
    return state;
  }

  /** Records a state the caller computed by folding newly appended events. */
  remember(gameId: string, version: number, state: GameState): void {
    this.latest.delete(gameId);
    this.latest.set(gameId, { version, state });
    if (this.latest.size > CACHE_LIMIT) this.latest.delete(this.latest.keys().next().value as string);
  }

  /** Writes a snapshot when an append crossed a multiple of the interval. */
  async snapshotIfDue(gameId: string, fromVersion: number, toVersion: number, state: GameState): Promise<void> {
    if (Math.floor(toVersion / this.snapshotInterval) > Math.floor(fromVersion / this.snapshotInterval)) {
      await this.store.saveSnapshot(gameId, toVersion, state);
    }
  }

  private async knownBase(gameId: string, version: number): Promise<KnownState> {
    const cached = this.latest.get(gameId);
    const snapshot = await this.store.latestSnapshot(gameId, version);
    const candidates: KnownState[] = [{ version: 0, state: EMPTY_GAME_STATE }];
    if (snapshot) candidates.push({ version: snapshot.version, state: snapshot.state as GameState });
    if (cached && cached.version <= version) candidates.push(cached);
    return candidates.reduce((best, c) => (c.version > best.version ? c : best));
  }

  private async rebuild(ruleset: AnyRuleset, gameId: string, version: number): Promise<GameState> {
    const base = await this.knownBase(gameId, version);
    if (base.version === version) return base.state;
    const events = await this.store.readEvents(gameId, base.version, version);
    const path: StoredEvent[] = [];
    let current = version;
    while (current > base.version) {
      const event = events[current - base.version - 1];
      const target = jumpTarget(event);
      if (target === null) {
        path.push(event);
        current -= 1;
      } else if (target >= base.version) {
        current = target;
      } else {
        return this.foldPath(ruleset, await this.rebuild(ruleset, gameId, target), path);
      }
    }
    return this.foldPath(ruleset, base.state, path);
  }

  /** `path` is newest first. */
  private foldPath(ruleset: AnyRuleset, state: GameState, path: StoredEvent[]): GameState {
    let folded = state;
    for (let i = path.length - 1; i >= 0; i--) folded = foldEvent(ruleset, folded, path[i]);
    return folded;
  }
}
