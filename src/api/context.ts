/**
 * The per-request GraphQL context: who is calling. HTTP requests carry
 * `Authorization: Bearer <token>`; WebSocket connections (graphql-ws) carry
 * the same in `connectionParams.authorization`.
 */
import { AppError } from '../common/errors';
import type { AuthService } from '../auth/auth.service';

export interface RequestContext {
  userId?: string;
  /** Set when a token was sent but is bad or expired: requireUser says so. */
  tokenProblem?: string;
}

function bearer(header: unknown): string | undefined {
  if (typeof header !== 'string') return undefined;
  const match = /^Bearer\s+(.+)$/i.exec(header.trim());
  return match?.[1];
}

export function buildContext(auth: AuthService, raw: { req?: { headers: Record<string, unknown> }; connectionParams?: Record<string, unknown> }): RequestContext {
  const token = bearer(raw.req?.headers.authorization) ?? bearer(raw.connectionParams?.authorization ?? raw.connectionParams?.Authorization);
  if (!token) return {};
  try {
    return { userId: auth.verifyToken(token) };
  } catch (error) {
    // Public queries still work; anything needing a user reports the bad token.
    return { tokenProblem: (error as Error).message };
  }
}

export function requireUser(context: RequestContext): string {
  if (!context.userId) throw new AppError('UNAUTHENTICATED', context.tokenProblem ?? 'Log in first.');
  return context.userId;
}
