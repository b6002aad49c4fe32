/**
 * Counts the database round trips a test server makes while answering
 * chosen requests: every statement any `pg` client of this process sends
 * (Prisma's adapter, the pool, transactions), attributed to the request it
 * runs for through the request's async context, so that the server's
 * background work (sweeps, rate-limit sharing, snapshots) is not counted.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Server } from 'node:http';
import { Client } from 'pg';

export interface Statement {
  /** Which connection sent it (1, 2, ... in order of first use). */
  connection: number;
  text: string;
}

export interface RoundTrips {
  statements: Statement[];
  /** Transactions: BEGIN...COMMIT blocks, and statements sent outside any (each its own). */
  transactions: number;
  /** Statements sent outside a BEGIN...COMMIT block of their connection. */
  outsideTransactions: number;
}

const counted = new AsyncLocalStorage<Statement[]>();

/** Starts counting for requests to `server` that carry the header `x-count-round-trips`; returns what to call to stop. */
export function countRoundTrips(server: Server): () => void {
  const handlers = server.listeners('request') as Array<(...args: unknown[]) => void>;
  server.removeAllListeners('request');
  const wrapped = (req: { headers: Record<string, unknown> }, res: unknown) => {
    const log = req.headers['x-count-round-trips'] ? logs.get(String(req.headers['x-count-round-trips'])) : undefined;
    for (const handler of handlers) {
      if (log) counted.run(log, () => handler(req, res));
      else handler(req, res);
    }
  };
  server.on('request', wrapped);
  countStatements();
  return () => {
    server.off('request', wrapped);
    for (const handler of handlers) server.on('request', handler);
  };
}

let counting = false;

/** Has every `pg` client of this process log its statements into the log of the request they run for. */
function countStatements(): void {
  if (counting) return;
  counting = true;
  const query = Client.prototype.query;
  const connections = new WeakMap<object, number>();
  let connectionsSeen = 0;
  Client.prototype.query = function countedQuery(this: Client, ...args: unknown[]) {
    const log = counted.getStore();
    if (log) {
      if (!connections.has(this)) connections.set(this, ++connectionsSeen);
      const first = args[0] as string | { text: string };
      log.push({ connection: connections.get(this)!, text: typeof first === 'string' ? first : first.text });
    }
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof Client.prototype.query;
}

const logs = new Map<string, Statement[]>();

/** Runs `request` with the header that has its statements counted (see countRoundTrips). */
export async function roundTripsOf(request: (headers: Record<string, string>) => Promise<unknown>): Promise<RoundTrips> {
  const key = `${Date.now()}-${Math.random()}`;
  const statements: Statement[] = [];
  logs.set(key, statements);
  try {
    await request({ 'x-count-round-trips': key });
  } finally {
    logs.delete(key);
  }
  return { statements, ...transactionsIn(statements) };
}

function transactionsIn(statements: Statement[]): { transactions: number; outsideTransactions: number } {
  const open = new Set<number>();
  let transactions = 0;
  let outsideTransactions = 0;
  for (const { connection, text } of statements) {
    const word = text.trim().split(/\s+/)[0].toUpperCase();
    if (word === 'BEGIN' || word === 'START') {
      open.add(connection);
      transactions++;
    } else if (word === 'COMMIT' || word === 'ROLLBACK' || word === 'END') {
      open.delete(connection);
    } else if (!open.has(connection)) {
      transactions++;
      outsideTransactions++;
    }
  }
  return { transactions, outsideTransactions };
}
