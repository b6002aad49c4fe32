import { AsyncResource } from 'node:async_hooks';
import { Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { PrismaPg } from '@prisma/adapter-pg';
import { Pool } from 'pg';
import { PrismaClient } from '../generated/prisma/client';
import { inPgTransaction, Sql, sqlOnPg } from './sql';

const POOL_SIZE = 20;
/**
 * A request waits at most this long for a connection: when the database
 * cannot be reached at all (a host that does not answer), it then fails as
 * SERVICE_UNAVAILABLE instead of hanging.
 */
const CONNECT_TIMEOUT_MS = 5000;
/**
 * How long an interactive Prisma transaction may wait to begin: longer than
 * a connection may be waited for, so that a busy pool is waited out as every
 * other query waits for it, and a pool that stays full fails as the pool's
 * own timeout (SERVICE_UNAVAILABLE). Prisma's default (2 s) gave up first, and
 * a burst of requests on a loaded machine was answered INTERNAL_SERVER_ERROR.
 */
const TRANSACTION_MAX_WAIT_MS = CONNECT_TIMEOUT_MS + 1000;

/**
 * The app's one Prisma client, over node-postgres (Prisma 7 is Rust-free).
 * Its pool is also open to the few hand-written hot statements (see sql.ts),
 * so they share connections rather than holding a second pool.
 */
@Injectable()
export class PrismaService extends PrismaClient implements OnModuleDestroy {
  readonly pool: Pool;
  /** Statements on the pool, outside any transaction. */
  readonly sql: Sql;
  private closing = false;

  constructor(databaseUrl: string) {
    // keepAlive: a connection whose database vanished without a word (a failover, a cut network) is noticed.
    const pool = new Pool({ connectionString: databaseUrl, max: POOL_SIZE, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, keepAlive: true });
    super({ adapter: new PrismaPg(pool), transactionOptions: { maxWait: TRANSACTION_MAX_WAIT_MS } });
    // An idle connection that breaks (a database restart) is dropped from the pool; unheard, it would end the process.
    // Once closing, the pool has let go of its connections but their sockets may still be shutting when the database
    // stops (`pool.end()` resolves before they close): that is expected, not worth a warning.
    // Bound to this (request-less) context: a connection opened during a request would otherwise log under its id.
    pool.on(
      'error',
      AsyncResource.bind((error: Error) => {
        if (!this.closing) new Logger(PrismaService.name).warn(`idle database connection lost: ${error.message}`);
      }),
    );
    this.pool = pool;
    this.sql = sqlOnPg(pool);
  }

  /** Hand-written statements in one transaction of their own. */
  inSqlTransaction<T>(work: (sql: Sql) => Promise<T>): Promise<T> {
    return inPgTransaction(this.pool, work);
  }

  /** Disconnects Prisma and closes the pool (which Prisma's adapter does not own). */
  async close(): Promise<void> {
    this.closing = true;
    await this.$disconnect();
    await this.pool.end();
  }

  onModuleDestroy(): Promise<void> {
    return this.close();
  }
}
