/**
 * Hand-written statements on the hot path (appending a move and what must
 * commit with it) run on the `pg` pool that Prisma's adapter also uses,
 * without Prisma's query runtime: measured here, a raw query through Prisma
 * costs about three times the CPU of the same query through `pg`, and an
 * interactive Prisma transaction about four times (see bench/README.md).
 *
 * On `pg`, each statement is prepared once per connection and then only
 * executed: PostgreSQL planned the append's CTE afresh for every move
 * otherwise, which cost more than running it. So statement texts must be
 * constants, with every value a parameter.
 *
 * `Sql` is all those statements need, so the same code runs on the pool, in
 * a `pg` transaction, or inside a Prisma transaction a caller already holds.
 */
import { createHash } from 'node:crypto';
import type { Pool, PoolClient } from 'pg';
import type { Prisma } from '../generated/prisma/client';

export interface Sql {
  query<Row = Record<string, unknown>>(text: string, params?: unknown[]): Promise<Row[]>;
}

const statementNames = new Map<string, string>();

/** A name per statement text, the same in every connection (`pg` prepares a name once per connection). */
function statementName(text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    name = `pbw_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`;
    statementNames.set(text, name);
  }
  return name;
}

export function sqlOnPg(pg: Pool | PoolClient): Sql {
  return {
    query: async <Row>(text: string, params: unknown[] = []) => (await pg.query({ name: statementName(text), text, values: params })).rows as Row[],
  };
}

/** Statements inside a Prisma interactive transaction, so they commit with the caller's Prisma writes. */
export function sqlInPrismaTransaction(tx: Prisma.TransactionClient): Sql {
  return {
    query: <Row>(text: string, params: unknown[] = []) => tx.$queryRawUnsafe<Row[]>(text, ...params.map((value) => value ?? null)),
  };
}

/**
 * Runs `work` in one `pg` transaction: committed if it returns, rolled back if it throws.
 *
 * While it holds the connection, the pool no longer listens for its errors: a
 * connection the database ends between two statements (a restart, a
 * failover, `pg_terminate_backend`) would raise an 'error' event nobody
 * hears, which ends the process. Here it is heard, the transaction fails with
 * it, and the connection is thrown away rather than returned to the pool.
 */
export async function inPgTransaction<T>(pool: Pool, work: (sql: Sql) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let lost: Error | undefined;
  let broken: Error | undefined;
  const onConnectionError = (error: Error) => (lost ??= error);
  client.on('error', onConnectionError);
  try {
    await client.query('BEGIN');
    const result = await work(sqlOnPg(client));
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch((rollbackError: Error) => (broken = rollbackError));
    // The database's own words ("terminating connection...") rather than pg's "not queryable" that followed them.
    throw lost ?? error;
  } finally {
    client.off('error', onConnectionError);
    // A connection that broke, or could not even roll back, is not given to anyone else.
    client.release(lost ?? broken);
  }
}
