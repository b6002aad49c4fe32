/** The GraphQL context (graphql/context.ts) of a request over HTTP, and of an operation over the WebSocket. */
import type { IncomingMessage } from 'node:http';
import { bearer, identify } from '../auth/bearer-tokens';
import type { Sessions } from '../auth/sessions';
import type { RequestContext } from '../graphql/context';

interface HttpRequest {
  id?: string;
  headers: Record<string, unknown>;
  ip?: string;
  socket?: { remoteAddress?: string };
}

/** The context of a request over HTTP. */
export async function httpContext(sessions: Sessions, req: HttpRequest): Promise<RequestContext> {
  const { identity, tokenProblem } = await identify(sessions, bearer(req.headers.authorization));
  return {
    userId: identity?.userId,
    sessionId: identity?.sessionId,
    tokenProblem,
    clientAddress: req.ip ?? req.socket?.remoteAddress ?? 'unknown',
    userAgent: typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'] : undefined,
    requestId: req.id,
    transport: 'http',
  };
}

/**
 * The context of an operation over a WebSocket. Its token, presented when the
 * socket opened, is checked again for each operation, as each HTTP request's
 * is: an operation that comes after its session ended (before the notice
 * that closes the socket) is a visitor's, told why, as over HTTP.
 */
export async function socketContext(
  sessions: Sessions,
  connection: { token?: string; request: IncomingMessage },
  clientAddress: string,
): Promise<RequestContext> {
  const { identity, tokenProblem } = await identify(sessions, connection.token);
  return {
    userId: identity?.userId,
    sessionId: identity?.sessionId,
    tokenProblem,
    clientAddress,
    userAgent: connection.request.headers['user-agent'],
    transport: 'socket',
  };
}
