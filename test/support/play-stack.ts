/** The play service and what it stands on, built by hand over one database, for tests below the API. */
import { ManualClock } from '../../src/common/clock';
import { PrismaService } from '../../src/database/prisma.service';
import { EventStore } from '../../src/event-store/event-store';
import { SnapshotKey, SnapshotStore } from '../../src/event-store/snapshots';
import { CommandPipeline } from '../../src/play/command-pipeline';
import { GameEventsRepository } from '../../src/play/game-events.repository';
import { GameLoader } from '../../src/play/game-loader';
import { GameService } from '../../src/play/game.service';
import { GamesRepository } from '../../src/play/games.repository';
import { HistoryPages } from '../../src/play/history-pages';
import { LoadedGames } from '../../src/play/loaded-games';
import { ReturnPoints } from '../../src/play/return-points';
import { RulesetRegistry } from '../../src/play/ruleset-registry';
import { GameRandomness } from '../../src/randomness/game-randomness';
import type { AnyRuleset } from '../../src/rules/contract';

export const TEST_SNAPSHOT_KEY = new SnapshotKey(Buffer.alloc(32, 7));

export interface PlayStack {
  store: EventStore;
  snapshots: SnapshotStore;
  service: GameService;
  history: HistoryPages;
  returnPoints: ReturnPoints;
  /** A loader with nothing in memory, as in a process that just started. */
  newLoader(): GameLoader;
}

export function playStack(prisma: PrismaService, rulesets: AnyRuleset[], snapshotInterval: number): PlayStack {
  const store = new EventStore(prisma, new ManualClock());
  const snapshots = new SnapshotStore(prisma, TEST_SNAPSHOT_KEY);
  const newLoader = () => new GameLoader(store, snapshots, snapshotInterval);
  const loader = newLoader();
  const registry = new RulesetRegistry(rulesets);
  const randomness = new GameRandomness({ allowFixedSeeds: true });
  const rows = new GamesRepository(prisma);
  const events = new GameEventsRepository(prisma);
  const games = new LoadedGames(rows, loader, registry);
  const pipeline = new CommandPipeline(games, loader, store, randomness);
  const service = new GameService(games, pipeline, rows, events, store, registry, randomness);
  return { store, snapshots, service, history: new HistoryPages(events, games), returnPoints: new ReturnPoints(events, randomness), newLoader };
}
