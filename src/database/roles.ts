/**
 * The two database roles: migrations run as the owner of the tables, the
 * server as `pbw_app`, which may read and add events but never change or
 * remove them (see the migration `..._app_role`, which
 * grants it its rights).
 */
import { Client } from 'pg';

export const APP_ROLE = 'pbw_app';
/** The app role's password in the PostgreSQL of tests and benchmarks (a server's own embedded one keeps a random one: connect.ts). */
export const EMBEDDED_APP_ROLE_PASSWORD = 'pbw_app';

/** `url` with another user and password. */
export function urlAsRole(url: string, role: string, password: string): string {
  const parsed = new URL(url);
  parsed.username = role;
  parsed.password = password;
  return parsed.toString();
}

/** `password` as a literal for a role statement: utility statements take no parameters, so PostgreSQL quotes it itself. */
export async function passwordLiteral(client: Client, password: string): Promise<string> {
  const { rows } = await client.query<{ literal: string }>('SELECT quote_literal($1::text) AS literal', [password]);
  return rows[0].literal;
}

/** Creates the app role as a login role (or lets an existing one log in), as a role that may create roles. */
export async function ensureAppLogin(adminUrl: string, password: string): Promise<void> {
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [APP_ROLE]);
    const verb = rowCount ? 'ALTER' : 'CREATE';
    await client.query(`${verb} ROLE ${APP_ROLE} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE PASSWORD ${await passwordLiteral(client, password)}`);
  } finally {
    await client.end();
  }
}

/** What the server's role may do to the history that it should not, and what it needs but may not do. */
export interface ServerRoleFacts {
  role: string;
  risks: string[];
  missing: string[];
}

/**
 * Asks the database, as the server's role, whether that role could change
 * or remove events (a superuser; the owner of game_events, who can switch its
 * trigger off; a role granted UPDATE, DELETE or TRUNCATE on it), and whether
 * it may read and add them at all.
 */
export async function inspectServerRole(url: string): Promise<ServerRoleFacts> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<Record<string, boolean | string>>(`
      SELECT current_user AS role, r.rolsuper AS superuser, pg_has_role(c.relowner, 'USAGE') AS owner,
             has_table_privilege('game_events', 'UPDATE') AS update, has_table_privilege('game_events', 'DELETE') AS delete,
             has_table_privilege('game_events', 'TRUNCATE') AS truncate,
             has_table_privilege('game_events', 'SELECT') AS select, has_table_privilege('game_events', 'INSERT') AS insert
      FROM pg_roles r, pg_class c WHERE r.rolname = current_user AND c.oid = 'game_events'::regclass`);
    const facts = rows[0];
    const risks = [
      facts.superuser && 'is a superuser',
      facts.owner && 'owns game_events (and so can switch off its trigger)',
      ...(['update', 'delete', 'truncate'] as const).map((right) => facts[right] && `may ${right.toUpperCase()} game_events`),
    ].filter((risk): risk is string => typeof risk === 'string');
    const missing = (['select', 'insert'] as const).filter((right) => !facts[right]).map((right) => right.toUpperCase());
    return { role: String(facts.role), risks, missing };
  } finally {
    await client.end();
  }
}
