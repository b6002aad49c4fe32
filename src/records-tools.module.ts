import { DynamicModule, Module } from '@nestjs/common';
import { AppOptions, foundation } from './process-foundation';
import { RatingsModule } from './ratings/ratings.module';
import { RecordsModule } from './records/records.module';

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
