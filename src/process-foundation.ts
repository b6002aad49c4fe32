/**
 * What every process of the server is given (AppOptions), and what each
 * process's module starts from: the foundation and each module's settings.
 * The server (app.module.ts), its mail worker (mail-worker.module.ts) and the
 * command-line tools compose their modules on it, and load no more of the
 * server than those modules need.
 */
import { DEFAULT_BOT_MOVE_DELAY_MS, DEFAULT_PASSWORD_HASH_COST } from './config/config';
import { BOTS_OPTIONS, DEFAULT_BOT_QUEUE_POLICY } from './bots/bots-options';
import { DynamicModule, ValueProvider } from '@nestjs/common';
import type { Logger as PinoLogger } from 'pino';
import { EMAIL_VERIFICATION } from './accounts/accounts-options';
import { PASSWORD_HASH_COST } from './auth/passwords';
import { JWT_SECRET } from './auth/sessions';
import { CALENDAR_OPTIONS } from './calendar/calendar-options';
import { CHAT_IN_MAIL } from './chat/chat-mail';
import { Clock } from './common/clock';
import { CommonModule } from './common/common.module';
import { ConfigModule } from './config/config.module';
import { resolveSnapshotKey } from './config/snapshot-key';
import { DatabaseModule } from './database/database.module';
import { SNAPSHOT_KEY } from './event-store/event-store.module';
import { DEADLINE_REMINDERS_IN_MAIL } from './deadlines/deadline-mail';
import { DEADLINES_OPTIONS } from './deadlines/deadlines';
import { METRICS_TOKEN } from './health/metrics.controller';
import { INVITATIONS_IN_MAIL } from './invitations/invitation-mail';
import { createLogger, loggingModule, SILENT } from './logging/logging.module';
import { MAIL_PARTS } from './notifications/mail-parts';
import { DeliveryPolicy, MAIL_NOT_SENT, MailOptions, NOTIFICATIONS_OPTIONS } from './notifications/notification-options';
import { OUTBOUND_OPTIONS } from './outbound/outbound-options';
import { PUSH_IN_NOTIFICATIONS } from './push/push-channel';
import { PUSH_OPTIONS, PushOptions } from './push/push-options';
import { generateVAPIDKeys } from 'web-push';
import { PLAY_OPTIONS } from './play/play.module';
import { DEFAULT_WEBHOOK_DELIVERY, WEBHOOKS_OPTIONS } from './webhooks/webhook-options';
import { RATE_LIMITS_ENABLED } from './rate-limits/rate-limit-options';
import type { AnyRuleset } from './rules/contract';
import { DEFAULT_VACATION_POLICY, VACATION_POLICY, VacationPolicy } from './vacations/vacations';

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
  /** scrypt's cost for passwords' hashes (PASSWORD_HASH_COST, auth/password.ts). Omitted: its default. */
  passwordHashCost?: number;
  /** Requests are limited (RATE_LIMITS). Omitted: true. */
  rateLimits?: boolean;
  /** The schema may be introspected (GRAPHQL_INTROSPECTION). Omitted: false. */
  introspection?: boolean;
  /** Other sites whose pages may use the API (CORS_ORIGINS). Omitted: none. */
  corsOrigins?: string[];
  /** Express's `trust proxy` (TRUST_PROXY). Omitted: false. */
  trustProxy?: number | string | false;
  /** URLs the server calls may be plain http and private (OUTBOUND_ALLOW_PRIVATE). Omitted: false. */
  outboundAllowPrivate?: boolean;
  /** Webhook posts are delivered by this process (unless `deliver` is false: tests that deliver them by hand), with this policy (omitted parts: DEFAULT_WEBHOOK_DELIVERY). Omitted: they are queued only. */
  webhooks?: { deliver?: boolean; delivery?: Partial<DeliveryPolicy> };
  /** Web push. Omitted: a key pair of this process's own, and no push sent (tests that do not test it). */
  push?: PushOptions;
  /** Bots' moves (BOT_MOVE_DELAY_MS: the moment a bot waits in a game with a player), made by this process unless `play` is false. Omitted: its default. */
  bots?: { moveDelayMs?: number; play?: boolean; delivery?: Partial<DeliveryPolicy> };
}

/** What a process of the server must be told; the rest has defaults. */
export type ProcessOptions = Pick<AppOptions, 'databaseUrl' | 'jwtSecret' | 'rulesets' | 'snapshotInterval'> & Partial<AppOptions>;

/** What chat, deadlines and invitations tell mail (notifications/mail-parts.ts): the server and its mail worker read mail alike. */
const MAIL_PARTS_OF_MODULES = [CHAT_IN_MAIL, DEADLINE_REMINDERS_IN_MAIL, INVITATIONS_IN_MAIL, PUSH_IN_NOTIFICATIONS];

/** For processes that send no push: a key pair of their own (no browser subscribes with it). */
function pushNotSent(mail: MailOptions): PushOptions {
  return { vapid: { ...generateVAPIDKeys(), subject: 'mailto:noreply@localhost' }, publicUrl: mail.publicUrl, sends: false };
}

/** Each module's settings, under its own token (config.module.ts); a process gives them all, and its modules read theirs. */
function settings(options: ProcessOptions): ValueProvider[] {
  return [
    { provide: JWT_SECRET, useValue: options.jwtSecret },
    { provide: VACATION_POLICY, useValue: options.vacations ?? DEFAULT_VACATION_POLICY },
    {
      provide: NOTIFICATIONS_OPTIONS,
      useValue: {
        mail: options.mail ?? MAIL_NOT_SENT,
        linkSecret: options.jwtSecret,
        turnMailDelaySeconds: options.turnMailDelaySeconds,
        sweepIntervalMs: options.sweepIntervalMs,
      },
    },
    { provide: MAIL_PARTS, useValue: MAIL_PARTS_OF_MODULES },
    { provide: CALENDAR_OPTIONS, useValue: { publicUrl: (options.mail ?? MAIL_NOT_SENT).publicUrl, secret: options.jwtSecret } },
    { provide: DEADLINES_OPTIONS, useValue: { sweepIntervalMs: options.sweepIntervalMs } },
    { provide: RATE_LIMITS_ENABLED, useValue: options.rateLimits ?? true },
    { provide: EMAIL_VERIFICATION, useValue: options.emailVerification ?? true },
    { provide: PASSWORD_HASH_COST, useValue: options.passwordHashCost ?? DEFAULT_PASSWORD_HASH_COST },
    { provide: METRICS_TOKEN, useValue: options.metricsToken ?? null },
    {
      provide: PLAY_OPTIONS,
      useValue: { rulesets: options.rulesets, snapshotInterval: options.snapshotInterval, allowFixedSeeds: options.allowFixedSeeds ?? false },
    },
    { provide: SNAPSHOT_KEY, useValue: resolveSnapshotKey(options.snapshotKey, options.jwtSecret) },
    { provide: OUTBOUND_OPTIONS, useValue: { allowPrivate: options.outboundAllowPrivate ?? false } },
    {
      provide: WEBHOOKS_OPTIONS,
      useValue: {
        publicUrl: (options.mail ?? MAIL_NOT_SENT).publicUrl,
        deliver: options.webhooks !== undefined && options.webhooks.deliver !== false,
        delivery: { ...DEFAULT_WEBHOOK_DELIVERY, ...options.webhooks?.delivery },
      },
    },
    { provide: PUSH_OPTIONS, useValue: options.push ?? pushNotSent(options.mail ?? MAIL_NOT_SENT) },
    {
      provide: BOTS_OPTIONS,
      useValue: {
        moveDelayMs: options.bots?.moveDelayMs ?? DEFAULT_BOT_MOVE_DELAY_MS,
        play: options.bots?.play ?? true,
        delivery: { ...DEFAULT_BOT_QUEUE_POLICY, ...options.bots?.delivery },
      },
    },
  ];
}

/**
 * What every process of the server has: the clock, the logger, the database
 * and the settings, the only global modules: the others (play included)
 * are imported by the modules that use them.
 */
export function foundation(options: ProcessOptions): DynamicModule[] {
  return [
    CommonModule.forRoot(options.clock),
    loggingModule(options.logger ?? createLogger(SILENT)),
    DatabaseModule.forRoot(options.databaseUrl),
    ConfigModule.forRoot(settings(options)),
  ];
}
