/**
 * The per-request GraphQL context: who is calling, from where. HTTP
 * requests carry `Authorization: Bearer <token>`; WebSocket connections
 * (graphql-ws) carry the same in `connectionParams.authorization`, checked
 * once when the connection opens (socket-server.ts), which is then closed
 * when its session ends.
 */
import type { IncomingMessage } from 'node:http';
import { AppError } from '../common/errors';
import type { Identity, Sessions } from '../auth/sessions';

export interface RequestContext {
  userId?: string;
  sessionId?: string;
  /** Set when a token was sent but is bad or its session over: requireUser says so. */
  tokenProblem?: string;
  /** The client's IP address (per-address limits). */
  clientAddress: string;
  userAgent?: string;
  /** Set by the request logger (logging.module.ts); shown with unexpected errors (request-id-plugin.ts). */
  requestId?: string;
}

export function bearer(header: unknown): string | undefined {
  if (typeof header !== 'string') return undefined;
  const match = /^Bearer\s+(.+)$/i.exec(header.trim());
  return match?.[1];
}

/** The token of a graphql-ws connection's parameters. */
export function connectionToken(connectionParams: Record<string, unknown> | undefined): string | undefined {
  return bearer(connectionParams?.authorization ?? connectionParams?.Authorization);
}

/** Who a token stands for, or why it stands for nobody. */
export async function identify(sessions: Sessions, token: string | undefined): Promise<{ identity?: Identity; tokenProblem?: string }> {
  if (!token) return {};
  try {
    return { identity: await sessions.authenticate(token) };
  } catch (error) {
    // Public queries still work; anything needing a user reports the bad token.
    if (error instanceof AppError) return { tokenProblem: error.message };
    throw error;
  }
}

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

export function requireUser(context: RequestContext): string {
  if (!context.userId) throw new AppError('UNAUTHENTICATED', context.tokenProblem ?? 'Log in first.');
  return context.userId;
}

/** The signed-in caller's user and session. */
export function requireIdentity(context: RequestContext): Identity {
  return { userId: requireUser(context), sessionId: context.sessionId! };
}
