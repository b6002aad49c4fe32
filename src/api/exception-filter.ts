/**
 * Errors thrown by resolvers and controllers. Nest's default handler logs
 * every error a resolver throws, refusals included, and then formatError
 * logged the unexpected ones again: here resolver errors go straight on to
 * formatError, which logs each real fault once, with its request id. For the
 * plain HTTP routes, a database out of reach is a 503 with Retry-After, like
 * the API's SERVICE_UNAVAILABLE. A request to the API whose body cannot be
 * read (not JSON, too large, another charset) is refused before Apollo sees
 * it, and answered as every API refusal is: a GraphQL error with a code.
 * A browser asking for an address nothing answers (a mistyped link) is
 * sent the web page, when the server serves it, with 404: the page says
 * there is no such page and leads home, where a raw "Cannot GET" in JSON
 * would leave a player lost. Anything else is Nest's usual answer.
 */
import { ArgumentsHost, Catch, HttpException, HttpStatus, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { BaseExceptionFilter } from '@nestjs/core';
import type { GqlContextType } from '@nestjs/graphql';
import { isDatabaseUnavailable } from '../database/unavailable';
import { GRAPHQL_PATH, MAX_REQUEST_BYTES } from './endpoint';
import { RETRY_AFTER_SECONDS } from './format-error';

/** The part of Express's response used here. */
interface JsonResponse {
  status(code: number): JsonResponse;
  set(name: string, value: string): JsonResponse;
  json(body: unknown): void;
  sendFile(path: string): void;
}

/** The part of Express's request used here. */
interface PageRequest {
  method: string;
  originalUrl: string;
  accepts(types: string[]): string | false;
}

/** The web page's index.html, set when the server serves the page (src/web/serve-web-app.ts). */
@Injectable()
export class PageForUnknownAddresses {
  file: string | null = null;
}

/** What the body parser's refusals (an HttpException from Nest, or the parser's own http-errors) say of themselves. */
function statusOf(exception: unknown): number | undefined {
  if (exception instanceof HttpException) return exception.getStatus();
  const status = (exception as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : undefined;
}

/** The API's answer to a body it could not read, by the parser's status. */
const BODY_REFUSALS: Record<number, { code: string; message: string }> = {
  [HttpStatus.BAD_REQUEST]: { code: 'BAD_REQUEST', message: "The request's body is not valid JSON." },
  [HttpStatus.PAYLOAD_TOO_LARGE]: { code: 'PAYLOAD_TOO_LARGE', message: `The request is too large: the server reads at most ${MAX_REQUEST_BYTES / 1024} kB.` },
  [HttpStatus.UNSUPPORTED_MEDIA_TYPE]: {
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: "The request's body is in an encoding the server does not read: send JSON in UTF-8.",
  },
};

/** Express routes paths without regard to case or a trailing slash: so does this, or `/graphql/` would be Apollo's yet answered as another route. */
function isApiPath(path: string): boolean {
  return path.replace(/\/+$/, '').toLowerCase() === GRAPHQL_PATH;
}

/**
 * A browser's page load (it prefers HTML to JSON) of an address no route of
 * the server's answers: Nest's own refusal, which says "Cannot GET <url>"
 * (a route that finds nothing says so in words of its own, and answers for
 * itself).
 */
function isPageLoadOfUnknownAddress(exception: unknown, request: PageRequest): boolean {
  return (
    exception instanceof NotFoundException &&
    exception.message === `Cannot ${request.method} ${request.originalUrl}` &&
    (request.method === 'GET' || request.method === 'HEAD') &&
    request.accepts(['json', 'html']) === 'html'
  );
}

@Catch()
export class ApiExceptionFilter extends BaseExceptionFilter {
  constructor(@Inject(PageForUnknownAddresses) private readonly page: PageForUnknownAddresses) {
    super();
  }

  override catch(exception: unknown, host: ArgumentsHost): unknown {
    if (host.getType<GqlContextType>() === 'graphql') return exception;
    if (host.getType() !== 'http') return super.catch(exception, host);
    if (this.page.file && isPageLoadOfUnknownAddress(exception, host.switchToHttp().getRequest<PageRequest>())) {
      host.switchToHttp().getResponse<JsonResponse>().status(HttpStatus.NOT_FOUND).sendFile(this.page.file);
      return undefined;
    }
    const status = statusOf(exception);
    const bodyRefusal = status === undefined ? undefined : BODY_REFUSALS[status];
    if (bodyRefusal && isApiPath(host.switchToHttp().getRequest<{ path: string }>().path)) {
      const { code, message } = bodyRefusal;
      host
        .switchToHttp()
        .getResponse<JsonResponse>()
        .status(status!)
        .json({ errors: [{ message, extensions: { code } }] });
      return undefined;
    }
    if (isDatabaseUnavailable(exception)) {
      const response = host.switchToHttp().getResponse<JsonResponse>();
      response
        .status(HttpStatus.SERVICE_UNAVAILABLE)
        .set('Retry-After', String(RETRY_AFTER_SECONDS))
        .json({ statusCode: HttpStatus.SERVICE_UNAVAILABLE, message: 'The server cannot reach its database just now. Try again in a few seconds.' });
      return undefined;
    }
    return super.catch(exception, host);
  }
}
