/**
 * What PostgreSQL itself counts of a run: the transactions ended in one
 * database (`pg_stat_database`: xact_commit + xact_rollback) and the WAL the
 * whole server wrote (`pg_current_wal_lsn()`), read over a connection to the
 * maintenance database, so that reading them counts in neither.
 *
 * The WAL position is exact at any moment. Transaction counts are not: a
 * backend adds its counts to `pg_stat_database` at most once a second, and
 * one that went idle within a second of its last report holds them until
 * it has been idle for 10 s (PostgreSQL's PGSTAT_IDLE_INTERVAL). A count is
 * therefore only read once its database has been left alone longer than
 * that (`settledTransactions`).
 */
import { Client } from 'pg';

/** Longer than PostgreSQL's PGSTAT_IDLE_INTERVAL (10 s). */
const STATS_SETTLE_MS = 11_000;

export class PostgresCounters {
  private constructor(private readonly client: Client) {}

  /** `adminUrl`: the maintenance database of the server measured. */
  static async open(adminUrl: string): Promise<PostgresCounters> {
    const client = new Client({ connectionString: adminUrl });
    await client.connect();
    return new PostgresCounters(client);
  }

  /** Bytes of WAL the server has written since it was created. */
  async walBytes(): Promise<number> {
    const { rows } = await this.client.query<{ bytes: string }>(`SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0')::text AS bytes`);
    return Number(rows[0].bytes);
  }

  /**
   * Transactions ended so far in `database`, once every backend has reported
   * them: waits until the database has been left alone (nothing sent to it
   * since `quietSince`, a `performance.now()` time) long enough.
   */
  async settledTransactions(database: string, quietSince: number): Promise<number> {
    const wait = quietSince + STATS_SETTLE_MS - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const { rows } = await this.client.query<{ transactions: string }>(
      'SELECT (xact_commit + xact_rollback)::text AS transactions FROM pg_stat_database WHERE datname = $1',
      [database],
    );
    if (rows.length === 0) throw new Error(`no database ${database}`);
    return Number(rows[0].transactions);
  }

  close(): Promise<void> {
    return this.client.end();
  }
}

/** The database a connection URL names. */
export function databaseOf(url: string): string {
  return decodeURIComponent(new URL(url).pathname.slice(1));
}
