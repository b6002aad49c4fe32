/**
 * One place that turns errors into what clients see: our AppErrors keep
 * their code and message; anything unexpected is logged and reported without
 * internals (which could leak hidden game information).
 */
import { Logger } from '@nestjs/common';
import { unwrapResolverError } from '@apollo/server/errors';
import { GraphQLError, GraphQLFormattedError } from 'graphql';
import { AppError } from '../common/errors';
import { isDatabaseUnavailable } from '../database/unavailable';
import { QueryTooDeepError } from './depth-limit';

const logger = new Logger('GraphQL');

/** Seconds a client is asked to wait before trying again while the database is out of reach. */
export const RETRY_AFTER_SECONDS = 2;

export function formatError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError {
  const original = unwrapResolverError(error);
  if (original instanceof AppError) {
    return { message: original.message, path: formatted.path, extensions: { ...original.details, code: original.code } };
  }
  if (original instanceof QueryTooDeepError || (original instanceof GraphQLError && original.originalError instanceof QueryTooDeepError)) {
    return { ...formatted, extensions: { code: 'BAD_USER_INPUT' } };
  }
  if (isDatabaseUnavailable(original)) {
    logger.warn(`database unavailable: ${original instanceof Error ? original.message : String(original)}`);
    return {
      message: 'The game server cannot reach its database just now. Try again in a few seconds.',
      path: formatted.path,
      extensions: { code: 'SERVICE_UNAVAILABLE', retryAfter: RETRY_AFTER_SECONDS },
    };
  }
  const code = formatted.extensions?.code;
  if (code && code !== 'INTERNAL_SERVER_ERROR') return formatted;
  logger.error(original instanceof Error ? (original.stack ?? original.message) : String(original));
  return { message: 'Something went wrong on the server.', path: formatted.path, extensions: { code: 'INTERNAL_SERVER_ERROR' } };
}

/** The same formatting for results sent over graphql-ws, which bypasses Apollo. */
export function formatWsResult<T extends { errors?: readonly GraphQLError[] }>(result: T): T {
  if (!result.errors) return result;
  return { ...result, errors: result.errors.map((error) => formatError(error.toJSON(), error)) };
}
