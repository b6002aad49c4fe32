/**
 * One PostgreSQL for the whole run: the embedded one (unless DATABASE_URL
 * names a server), with a migrated template database that each test file
 * copies (`CREATE DATABASE ... TEMPLATE`), which is far faster than
 * migrating per file. Migrations run as the admin (the owner of the
 * tables); test servers run as the app role.
 *
 * The `server` and `web` projects both name it: Jest runs a global setup
 * named twice once, and `started` keeps a second call from starting another.
 * (Page tests need nothing more for the run: each file launches its own
 * Chromium, test/web/chromium.ts.)
 */
import { join } from 'node:path';
import { Client } from 'pg';
import { startEmbeddedPostgres } from '../../src/database/embedded-postgres';
import { EMBEDDED_APP_ROLE_PASSWORD, ensureAppLogin } from '../../src/database/roles';
import { execFileSync } from 'node:child_process';
import { TEMPLATE_DATABASE, urlWithDatabase } from './database';
import { PASSWORD_HASH_COSTS } from '../../src/config/config';
import { makeClusterFolder } from './cluster-folder';

let started: Promise<void> | undefined;
let embedded: { stop(): Promise<void> } | undefined;

export default function globalSetup(): Promise<void> {
  return (started ??= startTestPostgres());
}

/** Stops the embedded PostgreSQL, if this run started one (test/support/global-teardown.ts). */
export async function stopTestPostgres(): Promise<void> {
  await embedded?.stop();
  embedded = undefined;
}

async function startTestPostgres(): Promise<void> {
  // Tests pick seeds that make the positions they need (see test/support/app.ts); `npm test` runs them so.
  process.env.ALLOW_FIXED_SEEDS ??= 'true';
  // Every test server, and every server process tests start, hashes passwords at the least cost allowed, unless the run says
  // otherwise: hundreds of sign-ups at the default cost took some 25 s of CPU. test/password-hash-cost.e2e-spec.ts runs the default.
  process.env.PASSWORD_HASH_COST ??= String(PASSWORD_HASH_COSTS[0]);
  // The processes tests start under ts-node (servers, workers, scripts) inherit this: transpiled by SWC (tsconfig.test.json).
  process.env.TS_NODE_PROJECT ??= join(__dirname, '..', '..', 'tsconfig.test.json');
  let adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    const dataDir = makeClusterFolder();
    const server = await startEmbeddedPostgres({ dataDir, persistent: false });
    embedded = server;
    adminUrl = server.adminUrl;
  }
  process.env.TEST_ADMIN_DATABASE_URL = adminUrl;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${TEMPLATE_DATABASE}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${TEMPLATE_DATABASE}"`);
  } finally {
    await admin.end();
  }
  // Test servers connect as the app role, as production does (test/support/database.ts).
  await ensureAppLogin(adminUrl, EMBEDDED_APP_ROLE_PASSWORD);
  // Through the real `npm run db:migrate` script, in its own process (which
  // also keeps the schema engine's WebAssembly out of Jest's process).
  execFileSync(process.execPath, ['-r', 'ts-node/register/transpile-only', 'scripts/db-migrate.ts'], {
    env: { ...process.env, DATABASE_URL: urlWithDatabase(adminUrl, TEMPLATE_DATABASE) },
    stdio: 'pipe',
  });
}
