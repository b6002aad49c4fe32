/**
 * Errors thrown by resolvers and controllers. Nest's default handler logs
 * every error a resolver throws, refusals included, and then formatError
 * logged the unexpected ones again: here resolver errors go straight on to
 * formatError, which logs each real fault once, with its request id. For the
 * plain HTTP routes, a database out of reach is a 503 with Retry-After, like
 * the API's SERVICE_UNAVAILABLE; anything else is Nest's usual answer.
 */
import { ArgumentsHost, Catch, HttpStatus } from '@nestjs/common';
import { BaseExceptionFilter } from '@nestjs/core';
import type { GqlContextType } from '@nestjs/graphql';
import { isDatabaseUnavailable } from '../database/unavailable';
import { RETRY_AFTER_SECONDS } from './format-error';

/** The part of Express's response used here. */
interface ServiceUnavailableResponse {
  status(code: number): ServiceUnavailableResponse;
  set(name: string, value: string): ServiceUnavailableResponse;
  json(body: unknown): void;
}

@Catch()
export class ApiExceptionFilter extends BaseExceptionFilter {
  override catch(exception: unknown, host: ArgumentsHost): unknown {
    if (host.getType<GqlContextType>() === 'graphql') return exception;
    if (host.getType() === 'http' && isDatabaseUnavailable(exception)) {
      const response = host.switchToHttp().getResponse<ServiceUnavailableResponse>();
      response
        .status(HttpStatus.SERVICE_UNAVAILABLE)
        .set('Retry-After', String(RETRY_AFTER_SECONDS))
        .json({ statusCode: HttpStatus.SERVICE_UNAVAILABLE, message: 'The server cannot reach its database just now. Try again in a few seconds.' });
      return undefined;
    }
    return super.catch(exception, host);
  }
}
