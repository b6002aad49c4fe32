/**
 * Nest reports each module it wires and each route it maps, about fifty
 * lines at every start, and that it is starting and has started (in the
 * server and again in its mail worker), at the level of what an operator
 * must read (where to open the page, what is missing). Those lines go to
 * debug level instead; all else passes as it is.
 */
import type { LoggerService } from '@nestjs/common';

/** Nest's own contexts for starting, wiring modules and mapping routes (GraphQL's one route among them). */
const WIRING = new Set(['NestFactory', 'InstanceLoader', 'RoutesResolver', 'RouterExplorer', 'GraphQLModule', 'NestApplication']);

export function quietWiring(logger: LoggerService): LoggerService {
  const debug = (logger.debug ?? logger.log).bind(logger);
  return {
    log: (message: unknown, ...rest: unknown[]) => (WIRING.has(rest[rest.length - 1] as string) ? debug(message, ...rest) : logger.log(message, ...rest)),
    error: logger.error.bind(logger),
    warn: logger.warn.bind(logger),
    debug,
    verbose: (logger.verbose ?? debug).bind(logger),
    fatal: (logger.fatal ?? logger.error).bind(logger),
  };
}
