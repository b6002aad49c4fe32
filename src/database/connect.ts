/**
 * Gets the app a migrated database: the configured DATABASE_URL, or an
 * embedded PostgreSQL whose data lives under DATA_DIR/postgres. Migrations
 * run as the owner of the tables (MIGRATION_DATABASE_URL, or the embedded
 * superuser); the server runs as DATABASE_URL, or as the embedded `pbw_app`.
 *
 * A configured database that cannot be reached yet (still starting, failing
 * over, full) is waited for, with backoff and a line in the log for each
 * try, for up to DATABASE_WAIT_SECONDS: servers and their database are often
 * started together, and a server that gave up at once would need a
 * supervisor to bring it back.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import type { AppConfig } from '../config/config';
import { keepSecret, keptSecret, newSecret } from '../common/kept-secret';
import { DEFAULT_PASSWORD, EmbeddedPostgresHandle, startEmbeddedPostgres } from './embedded-postgres';
import { applyMigrations } from './migrator';
import { retryWhileUnavailable } from './unavailable';
import { APP_ROLE, ensureAppLogin, inspectServerRole, urlAsRole } from './roles';

export interface ConnectedDatabase {
  /** Where the server connects, as its own role. */
  url: string;
  embedded: boolean;
  appliedMigrations: string[];
  /** Set when the server's role could change or remove events: worth a warning at start-up. */
  historyWarning: string | null;
  stop(): Promise<void>;
}

const EMBEDDED_DATABASE = 'pbw';
const FIRST_WAIT_MS = 500;
const LONGEST_WAIT_MS = 10_000;

async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new Client({ connectionString: adminUrl });
  client.on('error', () => undefined); // a connection lost here fails the query below instead
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
}

/** Applies pending migrations, waiting for the database while it cannot be reached. */
export function migrateWhenReachable(databaseUrl: string, waitSeconds: number, log: (line: string) => void): Promise<string[]> {
  return retryWhileUnavailable(() => applyMigrations(databaseUrl), {
    firstDelayMs: FIRST_WAIT_MS,
    longestDelayMs: LONGEST_WAIT_MS,
    giveUpAfterMs: waitSeconds * 1000,
    onRetry: (error, attempt, delayMs) =>
      log(
        `the database cannot be reached (try ${attempt}; waiting up to ${waitSeconds} s in all): ${(error as Error).message.split('\n')[0]}; trying again in ${(delayMs / 1000).toFixed(1)} s`,
      ),
  });
}

/**
 * Why the server's role could rewrite history, in one warning (null when it
 * cannot); throws when the role may not even read and add events.
 */
async function checkServerRole(url: string, singleRole: boolean): Promise<string | null> {
  const { role, risks, missing } = await inspectServerRole(url);
  if (missing.length > 0) {
    throw new Error(
      `The server's database role ${role} may not ${missing.join(' or ')} game_events: make it a member of ${APP_ROLE} (GRANT ${APP_ROLE} TO ${role}).`,
    );
  }
  if (risks.length === 0) return null;
  return (
    `The server's database role ${role} ${risks.join(', ')}: a game's history is then protected only by the trigger on game_events. ` +
    (singleRole
      ? `Set MIGRATION_DATABASE_URL to the owner of the tables and DATABASE_URL to a role like ${APP_ROLE} (see README, Migrations).`
      : `Connect as a role like ${APP_ROLE} (see README, Migrations).`)
  );
}

/** Where connecting tells what it does, and what went wrong on the way. */
export interface DatabaseLog {
  info(line: string): void;
  warn(line: string): void;
}

/**
 * The embedded PostgreSQL's passwords, made at random and kept in DATA_DIR
 * (readable by this user only): it listens on 127.0.0.1, where any process of
 * the machine may connect, and a password everyone knows would let any of
 * them rewrite games as the tables' owner, or add moves as the server.
 */
const SUPERUSER_PASSWORD_FILE = 'postgres-password';
const APP_PASSWORD_FILE = 'postgres-app-password';

/** Gives the superuser a new password in place of the default one, and keeps it (changed first: a start that stops in between changes it again). */
async function replaceDefaultPassword(server: EmbeddedPostgresHandle, dataDir: string): Promise<void> {
  const password = newSecret();
  await server.changePassword(password);
  keepSecret(dataDir, SUPERUSER_PASSWORD_FILE, password);
}

export async function connectDatabase(config: AppConfig, log: DatabaseLog): Promise<ConnectedDatabase> {
  if (config.databaseUrl) {
    const appliedMigrations = await migrateWhenReachable(config.migrationDatabaseUrl ?? config.databaseUrl, config.databaseWaitSeconds, (line) =>
      log.warn(line),
    );
    return {
      url: config.databaseUrl,
      embedded: false,
      appliedMigrations,
      historyWarning: await checkServerRole(config.databaseUrl, !config.migrationDatabaseUrl),
      stop: async () => {},
    };
  }
  const dataDir = join(config.dataDir, 'postgres');
  let password = keptSecret(config.dataDir, SUPERUSER_PASSWORD_FILE);
  // A new data folder is made with a new password, kept first: a first start that fails finds it on the next.
  if (!password && !existsSync(join(dataDir, 'PG_VERSION'))) {
    password = newSecret();
    keepSecret(config.dataDir, SUPERUSER_PASSWORD_FILE, password);
  }
  // One made before its passwords were kept has the default one: it starts with it, and gets a new one below.
  const server = await startEmbeddedPostgres({
    dataDir,
    persistent: true,
    password: password ?? DEFAULT_PASSWORD,
    keepRunning: (line) => log.warn(line),
    // Ctrl-C in npm start's terminal is for the server, which stops PostgreSQL last.
    ownProcessGroup: true,
  });
  log.info(`Embedded PostgreSQL running with data in ${dataDir}`);
  try {
    if (!password) await replaceDefaultPassword(server, config.dataDir);
    const appPassword = keptSecret(config.dataDir, APP_PASSWORD_FILE) ?? newSecret();
    await ensureDatabase(server.adminUrl, EMBEDDED_DATABASE);
    await ensureAppLogin(server.adminUrl, appPassword);
    keepSecret(config.dataDir, APP_PASSWORD_FILE, appPassword);
    const ownerUrl = server.urlFor(EMBEDDED_DATABASE);
    const appliedMigrations = await applyMigrations(ownerUrl);
    const url = urlAsRole(ownerUrl, APP_ROLE, appPassword);
    return { url, embedded: true, appliedMigrations, historyWarning: await checkServerRole(url, false), stop: () => server.stop() };
  } catch (error) {
    await server.stop();
    throw error;
  }
}
