/** Per-test-file databases copied from the migrated template (see global-setup.ts). */
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { APP_ROLE, EMBEDDED_APP_ROLE_PASSWORD, urlAsRole } from '../../src/database/roles';

export const TEMPLATE_DATABASE = 'pbw_test_template';

export function urlWithDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

function adminUrl(): string {
  const url = process.env.TEST_ADMIN_DATABASE_URL;
  if (!url) throw new Error('TEST_ADMIN_DATABASE_URL is not set: run tests through jest (test/support/global-setup.ts)');
  return url;
}

function withAdmin<T>(use: (client: Client) => Promise<T>): Promise<T> {
  return asRole(adminUrl(), use);
}

export interface TestDatabase {
  /** As the server's own role (pbw_app), which may add events but never change them: what test servers use. */
  url: string;
  /** As the admin, who owns the tables (migrations, and tests that tamper with history). */
  ownerUrl: string;
  name: string;
  drop(): Promise<void>;
}

/** A fresh database of its own for one test file: migrated, or empty. */
export async function createTestDatabase(options: { empty?: boolean } = {}): Promise<TestDatabase> {
  const name = `pbw_test_${randomBytes(6).toString('hex')}`;
  const template = options.empty ? 'template0' : TEMPLATE_DATABASE;
  await withAdmin((client) => client.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`));
  const ownerUrl = urlWithDatabase(adminUrl(), name);
  return {
    name,
    url: urlAsRole(ownerUrl, APP_ROLE, EMBEDDED_APP_ROLE_PASSWORD),
    ownerUrl,
    drop: () => withAdmin((client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(() => undefined),
  };
}

/** Runs `use` on a connection of its own to `url`, closed afterwards. */
export async function asRole<T>(url: string, use: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

/** What someone who owns the tables could do to history: one statement with the append-only trigger switched off. */
export function tamper(db: TestDatabase, statement: string, values: unknown[] = []): Promise<void> {
  return asRole(db.ownerUrl, async (owner) => {
    await owner.query('BEGIN');
    await owner.query('ALTER TABLE game_events DISABLE TRIGGER game_events_append_only');
    await owner.query(statement, values);
    await owner.query('ALTER TABLE game_events ENABLE TRIGGER game_events_append_only');
    await owner.query('COMMIT');
  });
}
