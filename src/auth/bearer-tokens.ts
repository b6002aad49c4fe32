/**
 * Bearer tokens as requests carry them: HTTP requests in `Authorization:
 * Bearer <token>`, WebSocket connections (graphql-ws) the same in
 * `connectionParams.authorization`, checked once when the connection opens,
 * which is then closed when its session ends.
 */
import { AppError } from '../common/errors';
import type { Identity, Sessions } from './sessions';

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
