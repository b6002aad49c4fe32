/**
 * The per-request GraphQL context: who is calling, from where. The API
 * builds it for each request over HTTP and each operation over its
 * WebSocket (api/request-contexts.ts); resolvers read it.
 */
import type { FieldNode } from 'graphql';
import { AppError } from '../common/errors';

export type Transport = 'http' | 'socket';

export interface RequestContext {
  userId?: string;
  sessionId?: string;
  /** Set when a token was sent but is bad or its session over: requireUser says so. */
  tokenProblem?: string;
  /** The client's IP address (per-address limits). */
  clientAddress: string;
  /** How the request came: over HTTP, or over the WebSocket the page holds (metrics count moves by it). */
  transport: Transport;
  userAgent?: string;
  /** Set by the request logger (logging.module.ts); shown with unexpected errors (request-id-plugin.ts). */
  requestId?: string;
  /** Set for a query by the cost plugin: spends what a list's entries cost as they are read (query-limits.ts, spendOnEntries). */
  spendOnEntries?: (fieldNodes: readonly FieldNode[], entries: number) => void;
}

export function requireUser(context: RequestContext): string {
  if (!context.userId) throw new AppError('UNAUTHENTICATED', context.tokenProblem ?? 'Log in first.');
  return context.userId;
}

/** The signed-in caller's user and session. */
export function requireIdentity(context: RequestContext): Required<Pick<RequestContext, 'userId' | 'sessionId'>> {
  return { userId: requireUser(context), sessionId: context.sessionId! };
}
