import { DynamicModule, Module } from '@nestjs/common';
import { AccountsModule } from './accounts/accounts.module';
import { ApiModule } from './api/api.module';
import { AuthModule } from './auth/auth.module';
import { CHAT_IN_MAIL } from './chat/chat-mail';
import { ChatModule } from './chat/chat.module';
import { NotesModule } from './notes/notes.module';
import { Clock } from './common/clock';
import { CommonModule } from './common/common.module';
import { resolveSnapshotKey } from './config/snapshot-key';
import { DatabaseModule } from './database/database.module';
import { DEADLINE_REMINDERS_IN_MAIL } from './deadlines/deadline-mail';
import { DeadlinesModule } from './deadlines/deadlines.module';
import { HealthModule, MetricsEndpointModule } from './health/health.module';
import { INVITATIONS_IN_MAIL } from './invitations/invitation-mail';
import { LifecycleModule } from './lifecycle/lifecycle.module';
import type { Logger as PinoLogger } from 'pino';
import { createLogger, loggingModule, SILENT } from './logging/logging.module';
import { MetricsModule } from './metrics/metrics.module';
import { DEFAULT_VACATION_POLICY, VacationPolicy } from './vacations/vacations';
import { VacationsModule } from './vacations/vacations.module';
import { MAIL_NOT_SENT, MailOptions } from './notifications/notification-options';
import { NotificationsModule } from './notifications/notifications.module';
import { PlayModule } from './play/play.module';
import { PublicNamesModule } from './public-names/public-names.module';
import { PresenceModule } from './presence/presence.module';
import { RateLimitsModule } from './rate-limits/rate-limits.module';
import { RecordsModule } from './records/records.module';
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
  /** TURN_MAIL_DELAY: how long a "your turn" mail waits for the player to come by. Omitted: 0, due at once (tests that do not test it). */
  turnMailDelaySeconds?: number;
  /** How often due reminders, deadlines and digests are looked for. Omitted: only when asked (tests). */
  sweepIntervalMs?: number;
  /** The process's logger (logging.module.ts). Omitted: nothing is logged (tests). */
  logger?: PinoLogger;
  /** Required of `/metrics` scrapers when set (METRICS_TOKEN). */
  metricsToken?: string | null;
  /** A new account exists once its address is verified (EMAIL_VERIFICATION). Omitted: true. */
  emailVerification?: boolean;
  /** Requests are limited (RATE_LIMITS). Omitted: true. */
  rateLimits?: boolean;
  /** The schema may be introspected (GRAPHQL_INTROSPECTION). Omitted: false. */
  introspection?: boolean;
  /** Other sites whose pages may use the API (CORS_ORIGINS). Omitted: none. */
  corsOrigins?: string[];
  /** Express's `trust proxy` (TRUST_PROXY). Omitted: false. */
  trustProxy?: number | string | false;
}

/** What chat, deadlines and invitations tell mail (notifications/mail-parts.ts): the server and its mail worker read mail alike. */
const MAIL_PARTS = [CHAT_IN_MAIL, DEADLINE_REMINDERS_IN_MAIL, INVITATIONS_IN_MAIL];

/** What every process of the server runs: the database, the games and the notifications. */
function domainModules(options: AppOptions): Array<DynamicModule | typeof MetricsModule> {
  return [
    CommonModule.forRoot(options.clock),
    loggingModule(options.logger ?? createLogger(SILENT)),
    MetricsModule,
    DatabaseModule.forRoot(options.databaseUrl),
    PlayModule.forRoot({
      rulesets: options.rulesets,
      snapshotInterval: options.snapshotInterval,
      snapshotKey: resolveSnapshotKey(options.snapshotKey, options.jwtSecret),
      allowFixedSeeds: options.allowFixedSeeds ?? false,
    }),
    VacationsModule.forRoot(options.vacations ?? DEFAULT_VACATION_POLICY),
    NotificationsModule.forRoot(
      {
        mail: options.mail ?? MAIL_NOT_SENT,
        linkSecret: options.jwtSecret,
        turnMailDelaySeconds: options.turnMailDelaySeconds,
        sweepIntervalMs: options.sweepIntervalMs,
      },
      MAIL_PARTS,
    ),
  ];
}

/** The server: the GraphQL API, the sweeps for deadlines, reminders and digests, and what operators look at. */
@Module({})
export class AppModule {
  static forRoot(options: AppOptions): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ...domainModules(options),
        LifecycleModule,
        PresenceModule,
        ChatModule,
        NotesModule,
        AuthModule.forRoot(options.jwtSecret),
        PublicNamesModule,
        RateLimitsModule.forRoot(options.rateLimits ?? true),
        AccountsModule.forRoot(options.emailVerification ?? true),
        DeadlinesModule.forRoot({ sweepIntervalMs: options.sweepIntervalMs }),
        RecordsModule,
        ApiModule.forRoot({ introspection: options.introspection ?? false, corsOrigins: options.corsOrigins ?? [] }),
        HealthModule,
        MetricsEndpointModule.forRoot(options.metricsToken ?? null),
      ],
    };
  }
}

/** The mail worker process (mail-worker.ts): sends queued notifications and nothing else; the server runs the sweeps. */
@Module({})
export class MailWorkerModule {
  static forRoot(options: Omit<AppOptions, 'sweepIntervalMs' | 'metricsToken'>): DynamicModule {
    return { module: MailWorkerModule, imports: domainModules(options) };
  }
}

/**
 * The command-line tools that work on the server's games (`npm run verify --
 * --game`, `npm run games:revalidate`): the games, their records and the mail
 * outbox, without HTTP or sweeps. Mail they queue is sent by the servers' mail workers.
 */
@Module({})
export class RecordsToolsModule {
  static forRoot(options: Pick<AppOptions, 'databaseUrl' | 'jwtSecret' | 'rulesets' | 'snapshotInterval' | 'snapshotKey'>): DynamicModule {
    return { module: RecordsToolsModule, imports: [...domainModules(options), AuthModule.forRoot(options.jwtSecret), RecordsModule] };
  }
}
