/**
 * Configuration comes from the environment only, and is validated once at
 * start: every bad value is reported with what was expected, all at once.
 */
import proxyAddr from 'proxy-addr';
import { isAbsolute, resolve } from 'node:path';
import { LOG_FORMATS, LOG_LEVELS, LogFormat, LogLevel } from '../logging/logging.module';

/** TURN_MAIL_DELAY's default: three minutes, time enough to answer a move made while one is looking. */
const DEFAULT_TURN_MAIL_DELAY_SECONDS = 180;
/** BOT_MOVE_DELAY_MS's default: a bot's moment of thought in a game with a player, long enough to be seen, short enough not to keep anyone. */
export const DEFAULT_BOT_MOVE_DELAY_MS = 1200;

/**
 * PASSWORD_HASH_COST, scrypt's cost as a power of two (N = 2^cost, with
 * r = 8, p = 1; auth/password.ts): each hash takes 128 x N x 8 bytes of
 * memory (16 MiB at the default) and about 40 ms of a core here. 17
 * (128 MiB) is the most.
 */
export const DEFAULT_PASSWORD_HASH_COST = 14;
export const PASSWORD_HASH_COSTS: [number, number] = [10, 17];

/** VACATION_DAYS_PER_YEAR's default. */
export const DEFAULT_VACATION_DAYS_PER_YEAR = 30;

export interface AppConfig {
  port: number;
  /** Unset: an embedded PostgreSQL runs with its data under `dataDir`. */
  databaseUrl?: string;
  /**
   * The role migrations run as, which owns the tables (the server itself runs
   * as the role in `databaseUrl`, which may only add events). Unset: the
   * migrations run as `databaseUrl` too (a single-role set-up).
   */
  migrationDatabaseUrl?: string;
  dataDir: string;
  publicUrl: string;
  /** Unset: an in-process mail catcher receives all mail (see /dev/mail). */
  smtpUrl?: string;
  mailFrom: string;
  /** Unset: generated once and kept in `dataDir` (see jwt-secret.ts). */
  jwtSecret?: string;
  /** Events between two snapshots of a game's folded state. */
  snapshotInterval: number;
  /** Unset: derived from the JWT secret (see snapshot-key.ts). */
  snapshotKey?: string;
  /** Whether `createGame` may be given a seed (tests, benchmarks, reproducing bugs): such a game's draws are known in advance. */
  allowFixedSeeds: boolean;
  /** Where notification mail is sent from (see MAIL_WORKER_MODES). */
  mailWorker: MailWorkerMode;
  /** How long a "your turn" (or "new messages") mail waits for the player to come by before it goes out; 0: at once. */
  turnMailDelaySeconds: number;
  /** How long a bot waits, once its turn begins in a game with a player, before it moves. */
  botMoveDelayMs: number;
  /** Each player's yearly vacation allowance; 0: no vacations. */
  vacationDaysPerYear: number;
  /** `text` (one readable line each) or `json` (JSON lines, for a log collector). */
  logFormat: LogFormat;
  logLevel: LogLevel;
  /** Unset: `/metrics` is open to anyone who can reach it. */
  metricsToken?: string;
  /** How long start-up waits for an unreachable (or full) database before giving up. */
  databaseWaitSeconds: number;
  /** How long a shutdown lets requests in flight finish. */
  shutdownGraceSeconds: number;
  /** A new account exists once its address is verified; off: at once (tests, benchmarks, private servers). */
  emailVerification: boolean;
  /** scrypt's cost for passwords' hashes, a power of two (auth/password.ts); a login rehashes a password hashed at another. */
  passwordHashCost: number;
  /** Off: no request is ever throttled (benchmarks). */
  rateLimits: boolean;
  /** Whether the schema may be introspected: off in production unless asked for. */
  graphqlIntrospection: boolean;
  /** Origins of other sites whose pages may call the API; empty: none. */
  corsOrigins: string[];
  /** Express's `trust proxy`: which proxies' X-Forwarded-For names the client (for per-address limits). */
  trustProxy: number | string | false;
  /** Whether URLs the server calls (push endpoints, webhooks) may be plain http and reach private addresses (src/outbound/). */
  outboundAllowPrivate: boolean;
  /** The key pair web push is signed with (VAPID, RFC 8292), base64url; unset: generated once and kept in `dataDir` (see vapid-keys.ts). */
  vapidKeys?: { publicKey: string; privateKey: string };
  /** Whom push services may contact about this server's pushes (an https: or mailto: URL); unset: PUBLIC_URL if https, else MAIL_FROM's address. */
  vapidSubject?: string;
}

/**
 * `child`: the server starts a mail worker process of its own, at a lower CPU
 * priority, so sending mail never slows a move down (the default).
 * `inline`: the server process sends the mail itself.
 * `off`: this server sends none; a mail worker runs elsewhere (`npm run mail-worker`).
 */
export const MAIL_WORKER_MODES = ['child', 'inline', 'off'] as const;
export type MailWorkerMode = (typeof MAIL_WORKER_MODES)[number];

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

type Env = Record<string, string | undefined>;

function parsePort(raw: string | undefined, problems: string[]): number {
  if (raw === undefined || raw === '') return 3000;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    problems.push(`PORT must be a whole number from 1 to 65535, got "${raw}"`);
    return 3000;
  }
  return port;
}

function parseUrl(name: string, raw: string | undefined, protocols: string[], problems: string[]): string | undefined {
  if (raw === undefined || raw === '') return undefined;
  try {
    const url = new URL(raw);
    if (protocols.includes(url.protocol)) return raw;
  } catch {
    // reported below
  }
  // mailto: takes no slashes (mailto:ops@example.org).
  const starts = protocols.map((protocol) => (protocol === 'mailto:' ? protocol : `${protocol}//`));
  problems.push(`${name} must be a URL starting with ${starts.join(' or ')}, got "${withoutPassword(raw)}"`);
  return undefined;
}

/** A URL as a message may quote it: its password masked (the message goes to the logs). */
function withoutPassword(raw: string): string {
  return raw.replace(/(\/\/[^/@:]*:)[^/@]*@/, '$1***@');
}

function parseChoice<T extends string>(name: string, raw: string | undefined, choices: readonly T[], fallback: T, problems: string[]): T {
  if (raw === undefined || raw === '') return fallback;
  if ((choices as readonly string[]).includes(raw)) return raw as T;
  problems.push(`${name} must be one of ${choices.join(', ')}, got "${raw}"`);
  return fallback;
}

const MIN_METRICS_TOKEN_LENGTH = 16;

function parseWholeNumber(name: string, raw: string | undefined, fallback: number, [min, max]: [number, number], problems: string[]): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    problems.push(`${name} must be a whole number ${max === Infinity ? `of at least ${min}` : `from ${min} to ${max}`}, got "${raw}"`);
    return fallback;
  }
  return value;
}

function parseSwitch(name: string, raw: string | undefined, fallback: boolean, problems: string[]): boolean {
  if (raw === undefined || raw === '') return fallback;
  if (['on', 'true', '1'].includes(raw)) return true;
  if (['off', 'false', '0'].includes(raw)) return false;
  problems.push(`${name} must be on or off (true or false), got "${raw}"`);
  return fallback;
}

function parseOrigins(raw: string | undefined, problems: string[]): string[] {
  if (raw === undefined || raw.trim() === '') return [];
  return raw
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => {
      try {
        const url = new URL(entry);
        if ((url.protocol === 'http:' || url.protocol === 'https:') && url.origin === entry.replace(/\/$/, '')) return true;
      } catch {
        // reported below
      }
      problems.push(`CORS_ORIGINS must list origins like https://games.example.org, separated by commas; "${entry}" is not one`);
      return false;
    })
    .map((entry) => new URL(entry).origin);
}

/**
 * An address or range Express's `trust proxy` takes (loopback, linklocal,
 * uniquelocal, an IP address, or one with `/bits` or `/netmask`), as
 * proxy-addr, which Express compiles it with, reads it: an entry it refuses
 * would end the process on start, past these checks.
 */
function isTrustedProxyEntry(entry: string): boolean {
  try {
    proxyAddr.compile(entry);
    return true;
  } catch {
    return false;
  }
}

/**
 * TRUST_PROXY as Express takes it: a number of proxy hops, or the proxies'
 * addresses and ranges. Express reads any string as addresses, so "1" would
 * trust nothing, and "true" ends the process on start: both said here.
 */
function parseTrustProxy(raw: string | undefined, problems: string[]): number | string | false {
  const value = raw?.trim();
  if (!value) return false;
  if (/^\d+$/.test(value)) return Number(value);
  const entries = value.split(',').map((entry) => entry.trim());
  const wrong = entries.filter((entry) => !isTrustedProxyEntry(entry));
  if (wrong.length === 0) return entries.join(',');
  problems.push(
    `TRUST_PROXY must be a number of proxy hops, or addresses and ranges of the proxies (loopback, linklocal, uniquelocal, 10.0.0.0/8, ...) separated by commas; ${wrong.map((entry) => `"${entry}"`).join(', ')} ${wrong.length === 1 ? 'is not one' : 'are not'}`,
  );
  return false;
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The domain of MAIL_FROM's address ("Name <a@host>" or "a@host"), lower case. */
function mailDomain(mailFrom: string): string {
  return mailFrom.trim().replace(/>$/, '').split('@').pop()!.toLowerCase();
}

/** Public addresses, one of each family: a TRUST_PROXY that trusts either trusts proxies it cannot know. */
const PUBLIC_ADDRESSES = ['8.8.8.8', '2001:4860:4860::8888'];

/** A server others reach: one with a database or mail server of its own, or an address that is not this machine's. */
function reachedByOthers(config: AppConfig): boolean {
  return Boolean(config.databaseUrl || config.smtpUrl) || !LOCAL_HOSTS.has(new URL(config.publicUrl).hostname);
}

/**
 * Settings that are valid but weaken the server, each in a sentence for the
 * start-up log: nothing is refused (a machine of one's own runs well without
 * them). Left out, what a server others reach needs (reachedByOthers), an
 * open /metrics among them; and a TRUST_PROXY trusting public addresses,
 * which lets any client name any address in X-Forwarded-For and so escape
 * the per-address limits.
 */
export function settingWarnings(config: AppConfig, env: Env): string[] {
  const warnings: string[] = [];
  if (typeof config.trustProxy === 'string') {
    const trusts = proxyAddr.compile(config.trustProxy.split(','));
    const trusted = PUBLIC_ADDRESSES.filter((address) => trusts(address, 0));
    if (trusted.length > 0) {
      warnings.push(
        `TRUST_PROXY trusts public addresses (${trusted.join(', ')}): any client may name any address in X-Forwarded-For, and so escape the per-address limits. List only your proxies.`,
      );
    }
  }
  if (config.databaseUrl && !config.jwtSecret) {
    warnings.push(
      'JWT_SECRET is not set: this server signs sessions and links with a secret of its own, kept in DATA_DIR. Every server on the same database must share one (set JWT_SECRET), or each refuses the sessions and links of the others.',
    );
  }
  if (config.smtpUrl && !env.PUBLIC_URL)
    warnings.push(`PUBLIC_URL is not set: links in mail point at ${config.publicUrl}, which no reader elsewhere can open.`);
  if (config.smtpUrl && LOCAL_HOSTS.has(mailDomain(config.mailFrom))) {
    warnings.push(
      `MAIL_FROM is ${config.mailFrom}: mail providers take mail from a local address for spam (it cannot pass SPF, DKIM or DMARC). Send from an address of your own domain.`,
    );
  }
  if (config.smtpUrl && env.PUBLIC_URL && config.publicUrl.startsWith('http:') && !LOCAL_HOSTS.has(new URL(config.publicUrl).hostname)) {
    warnings.push(
      'PUBLIC_URL is not https: mail clients offer one-click unsubscribe only for https links (RFC 8058), and passwords would cross the network in the clear.',
    );
  }
  if (!config.smtpUrl && !LOCAL_HOSTS.has(new URL(config.publicUrl).hostname)) {
    warnings.push('SMTP_URL is not set: mail to players is caught by this server (/dev/mail), not sent.');
  }
  if (!config.metricsToken && reachedByOthers(config)) warnings.push('METRICS_TOKEN is not set: /metrics is open to anyone who can reach this server.');
  return warnings;
}

/**
 * OUTBOUND_ALLOW_PRIVATE, also read under the name WEBHOOK_ALLOW_PRIVATE: one
 * setting for every URL the server calls (push endpoints, webhooks).
 */
function parseOutboundAllowPrivate(env: Env, problems: string[]): boolean {
  const outbound = parseSwitch('OUTBOUND_ALLOW_PRIVATE', env.OUTBOUND_ALLOW_PRIVATE, false, problems);
  const webhook = parseSwitch('WEBHOOK_ALLOW_PRIVATE', env.WEBHOOK_ALLOW_PRIVATE, outbound, problems);
  if (env.OUTBOUND_ALLOW_PRIVATE && env.WEBHOOK_ALLOW_PRIVATE && outbound !== webhook) {
    problems.push('OUTBOUND_ALLOW_PRIVATE and WEBHOOK_ALLOW_PRIVATE are two names of one setting, and they disagree: set one of them');
  }
  return outbound || webhook;
}

/** VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, both or neither (a key pair of P-256, base64url, as `web-push generate-vapid-keys` prints them). */
function parseVapidKeys(env: Env, problems: string[]): AppConfig['vapidKeys'] {
  const publicKey = env.VAPID_PUBLIC_KEY || undefined;
  const privateKey = env.VAPID_PRIVATE_KEY || undefined;
  if (!publicKey && !privateKey) return undefined;
  if (!publicKey || !privateKey) {
    problems.push('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together: set both (or neither, to have a pair generated and kept in DATA_DIR)');
    return undefined;
  }
  const bytes = (key: string) => (/^[A-Za-z0-9_-]+$/.test(key) ? Buffer.from(key, 'base64url').length : 0);
  if (bytes(publicKey) !== 65 || bytes(privateKey) !== 32) {
    problems.push(
      'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be a P-256 key pair in base64url (65 and 32 bytes), as `npx web-push generate-vapid-keys` prints them',
    );
    return undefined;
  }
  return { publicKey, privateKey };
}

export function loadConfig(env: Env, cwd = process.cwd()): AppConfig {
  const problems: string[] = [];
  const port = parsePort(env.PORT, problems);
  const databaseUrl = parseUrl('DATABASE_URL', env.DATABASE_URL, ['postgres:', 'postgresql:'], problems);
  const migrationDatabaseUrl = parseUrl('MIGRATION_DATABASE_URL', env.MIGRATION_DATABASE_URL, ['postgres:', 'postgresql:'], problems);
  if (migrationDatabaseUrl && !env.DATABASE_URL) {
    problems.push('MIGRATION_DATABASE_URL needs DATABASE_URL too (without both, the embedded PostgreSQL sets up its own two roles)');
  }
  const publicUrl = parseUrl('PUBLIC_URL', env.PUBLIC_URL, ['http:', 'https:'], problems) ?? `http://localhost:${port}`;
  const smtpUrl = parseUrl('SMTP_URL', env.SMTP_URL, ['smtp:', 'smtps:'], problems);
  const dataDirRaw = env.DATA_DIR || './.data';
  const mailFrom = env.MAIL_FROM || 'Play by Web <noreply@localhost>';
  if (!/^[^@\s<>]+@[^@\s<>]+$|<[^@\s<>]+@[^@\s<>]+>$/.test(mailFrom.trim())) {
    problems.push(`MAIL_FROM must be an email address, optionally with a name ("Name <addr@host>"), got "${mailFrom}"`);
  }
  const jwtSecret = env.JWT_SECRET || undefined;
  if (jwtSecret !== undefined && jwtSecret.length < 32) {
    problems.push('JWT_SECRET must be at least 32 characters long (or unset, to have one generated and kept in DATA_DIR)');
  }
  const snapshotInterval = parseWholeNumber('SNAPSHOT_INTERVAL', env.SNAPSHOT_INTERVAL, 100, [1, Infinity], problems);
  const snapshotKey = env.SNAPSHOT_KEY || undefined;
  if (snapshotKey !== undefined && snapshotKey.length < 32) {
    problems.push('SNAPSHOT_KEY must be at least 32 characters long (or unset, to derive it from the JWT secret)');
  }
  const allowFixedSeeds = parseSwitch('ALLOW_FIXED_SEEDS', env.ALLOW_FIXED_SEEDS, false, problems);
  const turnMailDelaySeconds = parseWholeNumber('TURN_MAIL_DELAY', env.TURN_MAIL_DELAY, DEFAULT_TURN_MAIL_DELAY_SECONDS, [0, 86_400], problems);
  const botMoveDelayMs = parseWholeNumber('BOT_MOVE_DELAY_MS', env.BOT_MOVE_DELAY_MS, DEFAULT_BOT_MOVE_DELAY_MS, [0, 60_000], problems);
  const vacationDaysPerYear = parseWholeNumber('VACATION_DAYS_PER_YEAR', env.VACATION_DAYS_PER_YEAR, DEFAULT_VACATION_DAYS_PER_YEAR, [0, 366], problems);
  const mailWorker = parseChoice('MAIL_WORKER', env.MAIL_WORKER, MAIL_WORKER_MODES, 'child', problems);
  const logFormat = parseChoice('LOG_FORMAT', env.LOG_FORMAT, LOG_FORMATS, 'text', problems);
  const logLevel = parseChoice('LOG_LEVEL', env.LOG_LEVEL, LOG_LEVELS, 'info', problems);
  const metricsToken = env.METRICS_TOKEN || undefined;
  if (metricsToken !== undefined && metricsToken.length < MIN_METRICS_TOKEN_LENGTH) {
    problems.push(`METRICS_TOKEN must be at least ${MIN_METRICS_TOKEN_LENGTH} characters long (or unset, to leave /metrics open)`);
  }
  const databaseWaitSeconds = parseWholeNumber('DATABASE_WAIT_SECONDS', env.DATABASE_WAIT_SECONDS, 120, [0, Infinity], problems);
  const shutdownGraceSeconds = parseWholeNumber('SHUTDOWN_GRACE_SECONDS', env.SHUTDOWN_GRACE_SECONDS, 10, [0, 3600], problems);
  const emailVerification = parseSwitch('EMAIL_VERIFICATION', env.EMAIL_VERIFICATION, true, problems);
  const passwordHashCost = parseWholeNumber('PASSWORD_HASH_COST', env.PASSWORD_HASH_COST, DEFAULT_PASSWORD_HASH_COST, PASSWORD_HASH_COSTS, problems);
  const rateLimits = parseSwitch('RATE_LIMITS', env.RATE_LIMITS, true, problems);
  const graphqlIntrospection = parseSwitch('GRAPHQL_INTROSPECTION', env.GRAPHQL_INTROSPECTION, env.NODE_ENV !== 'production', problems);
  const corsOrigins = parseOrigins(env.CORS_ORIGINS, problems);
  const trustProxy = parseTrustProxy(env.TRUST_PROXY, problems);
  const outboundAllowPrivate = parseOutboundAllowPrivate(env, problems);
  const vapidKeys = parseVapidKeys(env, problems);
  const vapidSubject = parseUrl('VAPID_SUBJECT', env.VAPID_SUBJECT, ['https:', 'mailto:'], problems);
  if (problems.length > 0) throw new ConfigError(problems);
  return {
    port,
    databaseUrl,
    migrationDatabaseUrl,
    dataDir: isAbsolute(dataDirRaw) ? dataDirRaw : resolve(cwd, dataDirRaw),
    publicUrl: publicUrl.replace(/\/+$/, ''),
    smtpUrl,
    mailFrom,
    jwtSecret,
    snapshotInterval,
    snapshotKey,
    allowFixedSeeds,
    mailWorker,
    turnMailDelaySeconds,
    botMoveDelayMs,
    vacationDaysPerYear,
    logFormat,
    logLevel,
    metricsToken,
    databaseWaitSeconds,
    shutdownGraceSeconds,
    emailVerification,
    passwordHashCost,
    rateLimits,
    graphqlIntrospection,
    corsOrigins,
    trustProxy,
    outboundAllowPrivate,
    vapidKeys,
    vapidSubject,
  };
}
