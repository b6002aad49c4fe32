import { DynamicModule, Module } from '@nestjs/common';
import { ApiModule } from './api/api.module';
import { AuthModule } from './auth/auth.module';
import { Clock } from './common/clock';
import { CommonModule } from './common/common.module';
import { DatabaseModule } from './database/database.module';
import { PlayModule } from './play/play.module';
import type { AnyRuleset } from './rules/contract';

export interface AppOptions {
  databaseUrl: string;
  jwtSecret: string;
  rulesets: AnyRuleset[];
  snapshotInterval: number;
  clock?: Clock;
}

@Module({})
export class AppModule {
  static forRoot(options: AppOptions): DynamicModule {
    return {
      module: AppModule,
      imports: [
        CommonModule.forRoot(options.clock),
        DatabaseModule.forRoot(options.databaseUrl),
        AuthModule.forRoot(options.jwtSecret),
        PlayModule.forRoot({ rulesets: options.rulesets, snapshotInterval: options.snapshotInterval }),
        ApiModule,
      ],
    };
  }
}
