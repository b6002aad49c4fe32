/**
 * Tells a database that is out of reach for now (restarting, failing over,
 * refusing connections, full) from a real fault: the first is worth trying
 * again in a moment, and clients are told so (`SERVICE_UNAVAILABLE`).
 *
 * The same outage reaches us in several shapes: `pg`'s own errors, the
 * server's error codes, Node's socket errors, and Prisma's wrappings of all
 * of these (a code of its own, or the driver's error inside `meta` or `cause`).
 */
import { retryDelayMs } from '../common/backoff';

/** SQLSTATEs of a server that is going away or cannot take us now (PostgreSQL, appendix A). */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
/** Class 08: connection exceptions. */
const CONNECTION_EXCEPTION_CLASS = '08';
const SOCKET_ERRORS = new Set(['ECONNREFUSED', 'ECONNRESET', 'ECONNABORTED', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);
/** Prisma: can't reach, timed out, connection closed, pool timeout, too many connections. */
const PRISMA_UNAVAILABLE = new Set(['P1001', 'P1002', 'P1008', 'P1017', 'P2024', 'P2037']);
/** What the driver adapter calls the same (DriverAdapterError's `cause.kind`). */
const ADAPTER_UNAVAILABLE = new Set(['DatabaseNotReachable', 'ConnectionClosed', 'SocketTimeout', 'TooManyConnections']);
/**
 * Words for the same when only words are left: `pg`'s for a connection that
 * broke or could not be had in time, Prisma's schema engine's (migrations),
 * the server's own for starting, stopping, closed to connections or full, and
 * Prisma's for an interactive transaction that could not begin, or outlived
 * its time, on a database or machine too busy (P2028, whose other messages
 * are faults of ours): it was rolled back, so trying again is safe.
 */
const UNAVAILABLE_MESSAGES =
  /^Connection terminated|connection error and is not queryable|timeout exceeded when trying to connect|^Client was closed and is not queryable|Can't reach database server|database system is (starting up|shutting down|in recovery mode|not yet accepting connections)|is not currently accepting connections|too many clients already|too many connections for|remaining connection slots are reserved|Unable to start a transaction in the given time|cannot be executed on an expired transaction/;

const MAX_DEPTH = 4;

export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > MAX_DEPTH) return false;
  const { code, kind, message, cause, meta, originalError } = error as {
    code?: unknown;
    kind?: unknown;
    message?: unknown;
    cause?: unknown;
    meta?: { driverAdapterError?: unknown };
    /** GraphQL's wrapping (Apollo's "Context creation failed", say). */
    originalError?: unknown;
  };
  if (typeof code === 'string') {
    if (UNAVAILABLE_SQLSTATES.has(code) || (code.length === 5 && code.startsWith(CONNECTION_EXCEPTION_CLASS))) return true;
    if (SOCKET_ERRORS.has(code) || PRISMA_UNAVAILABLE.has(code)) return true;
  }
  if (typeof kind === 'string' && ADAPTER_UNAVAILABLE.has(kind)) return true;
  if (typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message)) return true;
  const originalCode = (error as { originalCode?: unknown }).originalCode;
  if (typeof originalCode === 'string' && isDatabaseUnavailable({ code: originalCode }, depth + 1)) return true;
  return (
    isDatabaseUnavailable(cause, depth + 1) || isDatabaseUnavailable(meta?.driverAdapterError, depth + 1) || isDatabaseUnavailable(originalError, depth + 1)
  );
}

export interface RetryOptions {
  firstDelayMs: number;
  longestDelayMs: number;
  /** Give up (throw the last error) once this much time has passed; unset: never. */
  giveUpAfterMs?: number;
  /** Stop trying (throw the last error) as soon as this says so. */
  stopped?: () => boolean;
  /** Told of each failed try before the wait. */
  onRetry?: (error: unknown, attempt: number, delayMs: number) => void;
}

/** Runs `work`, and again with backoff while the database is out of reach; any other error is thrown at once. */
export async function retryWhileUnavailable<T>(work: () => Promise<T>, options: RetryOptions): Promise<T> {
  const started = Date.now();
  for (let attempt = 0; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      const delayMs = retryDelayMs(attempt, options.firstDelayMs, options.longestDelayMs);
      const outOfTime = options.giveUpAfterMs !== undefined && Date.now() + delayMs - started > options.giveUpAfterMs;
      if (!isDatabaseUnavailable(error) || outOfTime || options.stopped?.()) throw error;
      options.onRetry?.(error, attempt + 1, delayMs);
      await new Promise((resolve) => setTimeout(resolve, delayMs));
    }
  }
}
