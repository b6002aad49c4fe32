import { DynamicModule, Module } from '@nestjs/common';
import { ApiModule } from './api/api.module';
import { HealthModule } from './health/health.module';
import { AppOptions, foundation } from './process-foundation';
import { RecordsModule } from './records/records.module';
import { RatingsModule } from './ratings/ratings.module';

/** The server: the GraphQL API with the domain modules it composes (their sweeps for deadlines, reminders and digests included), and what operators look at. */
@Module({})
export class AppModule {
  static forRoot(options: AppOptions): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ...foundation(options),
        ApiModule.forRoot({ introspection: options.introspection ?? false, corsOrigins: options.corsOrigins ?? [] }),
        HealthModule,
      ],
    };
  }
}

/**
 * The command-line tools that work on the server's games (`npm run verify --
 * --game`, `npm run games:revalidate`, `npm run ratings:rebuild`): the games,
 * their records, the ratings and the mail outbox, without HTTP or sweeps. Mail they queue is sent by the servers' mail workers.
 */
@Module({})
export class RecordsToolsModule {
  static forRoot(options: Pick<AppOptions, 'databaseUrl' | 'jwtSecret' | 'rulesets' | 'snapshotInterval' | 'snapshotKey'>): DynamicModule {
    return { module: RecordsToolsModule, imports: [...foundation(options), RecordsModule, RatingsModule] };
  }
}
