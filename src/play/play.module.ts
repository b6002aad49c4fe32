import { DynamicModule, Module } from '@nestjs/common';
import { EventStore } from '../event-store/event-store';
import { EventStoreModule } from '../event-store/event-store.module';
import { RulesetRegistry } from '../games/registry';
import type { AnyRuleset } from '../rules/contract';
import { GameChangeHooks } from './game-change-hooks';
import { GameLoader } from './game-loader';
import { GameService } from './game.service';

export interface PlayOptions {
  rulesets: AnyRuleset[];
  snapshotInterval: number;
}

@Module({})
export class PlayModule {
  static forRoot(options: PlayOptions): DynamicModule {
    return {
      module: PlayModule,
      global: true,
      imports: [EventStoreModule],
      providers: [
        { provide: RulesetRegistry, useValue: new RulesetRegistry(options.rulesets) },
        { provide: GameLoader, inject: [EventStore], useFactory: (store: EventStore) => new GameLoader(store, options.snapshotInterval) },
        GameChangeHooks,
        GameService,
      ],
      exports: [RulesetRegistry, GameService, GameChangeHooks, EventStoreModule],
    };
  }
}
