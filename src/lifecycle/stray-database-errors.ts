/**
 * A database that goes away (a restart, a failover, pg_terminate_backend)
 * is met by the request that was using it, which answers
 * SERVICE_UNAVAILABLE. But its error can also surface where nobody is
 * waiting any more: a connection's 'error' event with no listener, or a
 * rejected promise nobody awaits. Node ends the process for either, and every
 * game with it, for what is only a database blip. Those errors, and only
 * those, are logged here and the process goes on; any other uncaught error
 * still ends the process, as Node would, since it is a bug whose state
 * cannot be trusted.
 *
 * Installed by the processes themselves (main.ts, mail-worker.ts, the test
 * server's serve.ts), never by createApp: a test runner hosting an app must
 * keep Node's own behaviour.
 */
import { isDatabaseUnavailable } from '../database/unavailable';

interface StrayErrorLog {
  warn(message: string): void;
  fatal(message: string): void;
}

const summary = (error: unknown) => (error instanceof Error ? `${error.message}${'code' in error ? ` (${String(error.code)})` : ''}` : String(error));

export function surviveStrayDatabaseErrors(log: StrayErrorLog): void {
  const strayed = (origin: string, error: unknown) => {
    if (isDatabaseUnavailable(error)) {
      log.warn(`a database error nobody was ${origin === 'unhandledRejection' ? 'waiting' : 'listening'} for, ignored: ${summary(error)}`);
      return;
    }
    // As Node would: the process ends.
    log.fatal(`uncaught ${origin}, the process ends: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exit(1);
  };
  process.on('unhandledRejection', (reason) => strayed('unhandledRejection', reason));
  process.on('uncaughtException', (error, origin) => strayed(origin, error));
}
