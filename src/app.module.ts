import { DynamicModule, Module } from '@nestjs/common';
import { ApiModule } from './api/api.module';
import { AuthModule } from './auth/auth.module';
import { Clock } from './common/clock';
import { CommonModule } from './common/common.module';
import { DatabaseModule } from './database/database.module';
import { DeadlinesModule } from './deadlines/deadlines.module';
import { MAIL_NOT_SENT, MailOptions } from './notifications/notification-options';
import { NotificationsModule } from './notifications/notifications.module';
import { PlayModule } from './play/play.module';
import type { AnyRuleset } from './rules/contract';

export interface AppOptions {
  databaseUrl: string;
  jwtSecret: string;
  rulesets: AnyRuleset[];
  snapshotInterval: number;
  clock?: Clock;
  /** Outgoing mail. Omitted: notifications are recorded and queued, but this process sends none. */
  mail?: MailOptions;
  /** How often due reminders, deadlines and digests are looked for. Omitted: only when asked (tests). */
  sweepIntervalMs?: number;
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
        NotificationsModule.forRoot({ mail: options.mail ?? MAIL_NOT_SENT, linkSecret: options.jwtSecret, sweepIntervalMs: options.sweepIntervalMs }),
        DeadlinesModule.forRoot({ sweepIntervalMs: options.sweepIntervalMs }),
        ApiModule,
      ],
    };
  }
}
