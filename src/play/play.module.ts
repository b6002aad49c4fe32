import { DynamicModule, Module } from '@nestjs/common';
import { EventStore } from '../event-store/event-store';
import { EventStoreModule } from '../event-store/event-store.module';
import { SnapshotStore } from '../event-store/snapshots';
import { GameRandomness } from '../randomness/game-randomness';
import type { AnyRuleset } from '../rules/contract';
import { CommandPipeline } from './command-pipeline';
import { GameChangeHooks } from './game-change-hooks';
import { GameEventsRepository } from './game-events.repository';
import { GameLoader } from './game-loader';
import { GameService } from './game.service';
import { GamesRepository } from './games.repository';
import { HistoryPages } from './history-pages';
import { LoadedGames } from './loaded-games';
import { RulesetRegistry } from './ruleset-registry';
import { LobbyAudience } from './lobby-audience';

export interface PlayOptions {
  rulesets: AnyRuleset[];
  snapshotInterval: number;
  /** Seals snapshots (see config/snapshot-key.ts). */
  snapshotKey: Buffer;
  /** ALLOW_FIXED_SEEDS. */
  allowFixedSeeds: boolean;
}

@Module({})
export class PlayModule {
  static forRoot(options: PlayOptions): DynamicModule {
    const eventStore = EventStoreModule.forRoot(options.snapshotKey);
    return {
      module: PlayModule,
      global: true,
      imports: [eventStore],
      providers: [
        { provide: RulesetRegistry, useValue: new RulesetRegistry(options.rulesets) },
        { provide: GameRandomness, useValue: new GameRandomness({ allowFixedSeeds: options.allowFixedSeeds }) },
        {
          provide: GameLoader,
          inject: [EventStore, SnapshotStore],
          useFactory: (store: EventStore, snapshots: SnapshotStore) => new GameLoader(store, snapshots, options.snapshotInterval),
        },
        GameChangeHooks,
        GamesRepository,
        GameEventsRepository,
        LoadedGames,
        CommandPipeline,
        HistoryPages,
        GameService,
        LobbyAudience,
      ],
      exports: [RulesetRegistry, GameRandomness, GameService, HistoryPages, GameChangeHooks, LobbyAudience, eventStore],
    };
  }
}
