/** The GraphQL context (graphql/context.ts) of a request over HTTP, and of an operation over the WebSocket. */
import type { IncomingMessage } from 'node:http';
import { bearer, identify } from '../auth/bearer-tokens';
import type { Identity, Sessions } from '../auth/sessions';
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
  };
}

/** The context of an operation over a WebSocket, from what was worked out when it connected. */
export function socketContext(connection: { identity?: Identity; tokenProblem?: string; request: IncomingMessage }, clientAddress: string): RequestContext {
  return {
    userId: connection.identity?.userId,
    sessionId: connection.identity?.sessionId,
    tokenProblem: connection.tokenProblem,
    clientAddress,
    userAgent: connection.request.headers['user-agent'],
  };
}
