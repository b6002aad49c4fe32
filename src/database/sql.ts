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

/** Runs `work` in one `pg` transaction: committed if it returns, rolled back if it throws. */
export async function inPgTransaction<T>(pool: Pool, work: (sql: Sql) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('BEGIN');
    const result = await work(sqlOnPg(client));
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch((rollbackError: Error) => (broken = rollbackError));
    throw error;
  } finally {
    // A connection that could not even roll back is not given to anyone else.
    client.release(broken);
  }
}
