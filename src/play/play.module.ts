import { Module } from '@nestjs/common';
import { EventStore } from '../event-store/event-store';
import { EventStoreModule } from '../event-store/event-store.module';
import { SnapshotStore } from '../event-store/snapshots';
import { GameRandomness } from '../randomness/game-randomness';
import type { AnyRuleset } from '../rules/contract';
import { CommandPipeline } from './command-pipeline';
import { GameChangeHooks } from './game-change-hooks';
import { GameEventsRepository } from './game-events.repository';
import { GameLoader } from './game-loader';
import { GameQueries } from './game-queries';
import { GameService } from './game.service';
import { GamesRepository } from './games.repository';
import { HistoryPages } from './history-pages';
import { LoadedGames } from './loaded-games';
import { RulesetRegistry } from './ruleset-registry';
import { ServerSweeps } from './server-sweeps';
import { LobbyAudience } from './lobby-audience';
import { ReturnPoints } from './return-points';

export interface PlayOptions {
  rulesets: AnyRuleset[];
  snapshotInterval: number;
  /** ALLOW_FIXED_SEEDS. */
  allowFixedSeeds: boolean;
}

/** PlayOptions: a setting the process gives (config.module.ts). */
export const PLAY_OPTIONS = Symbol('PLAY_OPTIONS');

/**
 * Hosting games: the rulesets, every command through the platform decider,
 * loading, history pages and the lobby's read model. Imported by each module
 * that asks play something.
 */
@Module({
  imports: [EventStoreModule],
  providers: [
    { provide: RulesetRegistry, inject: [PLAY_OPTIONS], useFactory: (options: PlayOptions) => new RulesetRegistry(options.rulesets) },
    { provide: GameRandomness, inject: [PLAY_OPTIONS], useFactory: (options: PlayOptions) => new GameRandomness({ allowFixedSeeds: options.allowFixedSeeds }) },
    {
      provide: GameLoader,
      inject: [EventStore, SnapshotStore, PLAY_OPTIONS],
      useFactory: (store: EventStore, snapshots: SnapshotStore, options: PlayOptions) => new GameLoader(store, snapshots, options.snapshotInterval),
    },
    GameChangeHooks,
    GamesRepository,
    GameEventsRepository,
    LoadedGames,
    CommandPipeline,
    HistoryPages,
    GameService,
    GameQueries,
    ServerSweeps,
    LobbyAudience,
    ReturnPoints,
  ],
  exports: [
    RulesetRegistry,
    GameRandomness,
    GameService,
    ReturnPoints,
    GameQueries,
    ServerSweeps,
    HistoryPages,
    GameChangeHooks,
    LobbyAudience,
    EventStoreModule,
  ],
})
export class PlayModule {}
