/** The play service and what it stands on, built by hand over one database, for tests below the API. */
import { ManualClock } from '../../src/common/clock';
import { PrismaService } from '../../src/database/prisma.service';
import { EventStore } from '../../src/event-store/event-store';
import { SnapshotKey, SnapshotStore } from '../../src/event-store/snapshots';
import { RulesetRegistry } from '../../src/play/ruleset-registry';
import { GameLoader } from '../../src/play/game-loader';
import { GameService } from '../../src/play/game.service';
import { GameRandomness } from '../../src/randomness/game-randomness';
import type { AnyRuleset } from '../../src/rules/contract';

export const TEST_SNAPSHOT_KEY = new SnapshotKey(Buffer.alloc(32, 7));

export interface PlayStack {
  store: EventStore;
  snapshots: SnapshotStore;
  service: GameService;
  /** A loader with nothing in memory, as in a process that just started. */
  newLoader(): GameLoader;
}

export function playStack(prisma: PrismaService, rulesets: AnyRuleset[], snapshotInterval: number): PlayStack {
  const store = new EventStore(prisma, new ManualClock());
  const snapshots = new SnapshotStore(prisma, TEST_SNAPSHOT_KEY);
  const newLoader = () => new GameLoader(store, snapshots, snapshotInterval);
  const service = new GameService(prisma, store, newLoader(), new RulesetRegistry(rulesets), new GameRandomness({ allowFixedSeeds: true }));
  return { store, snapshots, service, newLoader };
}
