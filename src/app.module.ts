import { DynamicModule, Module } from '@nestjs/common';
import { ApiModule } from './api/api.module';
import { AuthModule } from './auth/auth.module';
import { Clock } from './common/clock';
import { CommonModule } from './common/common.module';
import { resolveSnapshotKey } from './config/snapshot-key';
import { DatabaseModule } from './database/database.module';
import { DeadlinesModule } from './deadlines/deadlines.module';
import { DEFAULT_VACATION_POLICY, VacationPolicy } from './deadlines/vacations';
import { VacationsModule } from './deadlines/vacations.module';
import { MAIL_NOT_SENT, MailOptions } from './notifications/notification-options';
import { NotificationsModule } from './notifications/notifications.module';
import { PlayModule } from './play/play.module';
import type { AnyRuleset } from './rules/contract';

export interface AppOptions {
  databaseUrl: string;
  jwtSecret: string;
  rulesets: AnyRuleset[];
  snapshotInterval: number;
  /** SNAPSHOT_KEY; omitted: derived from `jwtSecret`. */
  snapshotKey?: string;
  /** ALLOW_FIXED_SEEDS; omitted: off. */
  allowFixedSeeds?: boolean;
  /** Omitted: DEFAULT_VACATION_POLICY. */
  vacations?: VacationPolicy;
  clock?: Clock;
  /** Outgoing mail. Omitted: notifications are recorded and queued, but this process sends none. */
  mail?: MailOptions;
  /** How often due reminders, deadlines and digests are looked for. Omitted: only when asked (tests). */
  sweepIntervalMs?: number;
}

/** What every process of the server runs: the database, the games and the notifications. */
function domainModules(options: AppOptions): DynamicModule[] {
  return [
    CommonModule.forRoot(options.clock),
    DatabaseModule.forRoot(options.databaseUrl),
    PlayModule.forRoot({
      rulesets: options.rulesets,
      snapshotInterval: options.snapshotInterval,
      snapshotKey: resolveSnapshotKey(options.snapshotKey, options.jwtSecret),
      allowFixedSeeds: options.allowFixedSeeds ?? false,
    }),
    VacationsModule.forRoot(options.vacations ?? DEFAULT_VACATION_POLICY),
    NotificationsModule.forRoot({ mail: options.mail ?? MAIL_NOT_SENT, linkSecret: options.jwtSecret, sweepIntervalMs: options.sweepIntervalMs }),
  ];
}

/** The server: the GraphQL API and the sweeps for deadlines, reminders and digests. */
@Module({})
export class AppModule {
  static forRoot(options: AppOptions): DynamicModule {
    return {
      module: AppModule,
      imports: [...domainModules(options), AuthModule.forRoot(options.jwtSecret), DeadlinesModule.forRoot({ sweepIntervalMs: options.sweepIntervalMs }), ApiModule],
    };
  }
}

/** The mail worker process (mail-worker.ts): sends queued notifications and nothing else; the server runs the sweeps. */
@Module({})
export class MailWorkerModule {
  static forRoot(options: Omit<AppOptions, 'sweepIntervalMs'>): DynamicModule {
    return { module: MailWorkerModule, imports: domainModules(options) };
  }
}
