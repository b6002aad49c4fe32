/**
 * One place that turns errors into what clients see. Nothing from inside the
 * server reaches a client: no stack trace, no file path, no internal message
 * (which could also leak hidden game information). Our AppErrors keep their
 * code, message and details; the refusals Apollo and graphql-js give a
 * request that is not valid GraphQL keep their code and their message, which
 * speaks only of the request; anything else is a fault, reported without
 * internals.
 */
import { Logger } from '@nestjs/common';
import { unwrapResolverError } from '@apollo/server/errors';
import { GraphQLError, GraphQLFormattedError } from 'graphql';
import { AppError } from '../common/errors';
import { isDatabaseUnavailable } from '../database/unavailable';
import { QueryLimitError, queryLimitOfParseError } from '../graphql/query-limits';

const logger = new Logger('GraphQL');

/** Seconds a client is asked to wait before trying again while the database is out of reach. */
export const RETRY_AFTER_SECONDS = 2;

/**
 * Codes Apollo gives requests it refuses before running them (parse,
 * validation, variable coercion, batching, a missing query): their messages
 * are about the request only.
 */
const REQUEST_REFUSAL_CODES = new Set([
  'GRAPHQL_PARSE_FAILED',
  'GRAPHQL_VALIDATION_FAILED',
  'BAD_USER_INPUT',
  'BAD_REQUEST',
  'OPERATION_RESOLUTION_FAILURE',
  'PERSISTED_QUERY_NOT_FOUND',
  'PERSISTED_QUERY_NOT_SUPPORTED',
]);

/** Longest message of Apollo's own we pass on: a coercion message quotes the variable's value. */
const MAX_MESSAGE_LENGTH = 500;

function refusal(code: string, message: string, formatted: GraphQLFormattedError, details: Record<string, unknown> = {}): GraphQLFormattedError {
  // A refusal is the client's doing, not the server's: worth a debug line at most, never a stack.
  logger.debug(`refused (${code}): ${message}`);
  return { message, locations: formatted.locations, path: formatted.path, extensions: { ...details, code } };
}

/** A query limit's refusal, however Apollo wrapped it (validation errors come wrapped). */
function queryLimitOf(error: unknown): QueryLimitError | null {
  if (error instanceof QueryLimitError) return error;
  if (!(error instanceof GraphQLError)) return null;
  if (error.originalError instanceof QueryLimitError) return error.originalError;
  return queryLimitOfParseError(error);
}

/** An AppError, also as the cause of an error raised outside a resolver (a WebSocket's refusals, socket-operations.ts). */
function appErrorOf(error: unknown): AppError | null {
  if (error instanceof AppError) return error;
  return error instanceof GraphQLError && error.originalError instanceof AppError ? error.originalError : null;
}

/** The code a client sees for an error its request's resolver threw, as formatError gives it (the move metrics count refusals by it). */
export function errorCode(error: unknown): string {
  const original = unwrapResolverError(error);
  const refused = appErrorOf(original) ?? queryLimitOf(original);
  if (refused) return refused.code;
  return isDatabaseUnavailable(original) ? 'SERVICE_UNAVAILABLE' : 'INTERNAL_SERVER_ERROR';
}

export function formatError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError {
  const original = unwrapResolverError(error);
  const refused = appErrorOf(original) ?? queryLimitOf(original);
  if (refused) return refusal(refused.code, refused.message, formatted, refused.details);
  if (isDatabaseUnavailable(original)) {
    logger.warn(`database unavailable: ${original instanceof Error ? original.message : String(original)}`);
    return {
      message: 'The game server cannot reach its database just now. Try again in a few seconds.',
      path: formatted.path,
      extensions: { code: 'SERVICE_UNAVAILABLE', retryAfter: RETRY_AFTER_SECONDS },
    };
  }
  const code = formatted.extensions?.code;
  if (typeof code === 'string' && REQUEST_REFUSAL_CODES.has(code)) return refusal(code, formatted.message.slice(0, MAX_MESSAGE_LENGTH), formatted);
  logger.error(original instanceof Error ? (original.stack ?? original.message) : String(original));
  return { message: 'Something went wrong on the server.', path: formatted.path, extensions: { code: 'INTERNAL_SERVER_ERROR' } };
}

/** The same formatting for results sent over graphql-ws, which bypasses Apollo. */
export function formatWsResult<T extends { errors?: readonly GraphQLError[] }>(result: T): T {
  if (!result.errors) return result;
  return { ...result, errors: result.errors.map((error) => formatError(error.toJSON(), error)) };
}
