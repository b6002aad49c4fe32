/** A refusal or failure of a request, in words a person understands, with the API's code. */
import type { CombinedError } from '@urql/core';

const HEADINGS: Record<string, string> = {
  UNAUTHENTICATED: 'Please log in',
  FORBIDDEN: 'Not allowed',
  NOT_FOUND: 'Not found',
  BAD_USER_INPUT: 'Please check what you entered',
  ILLEGAL_MOVE: 'That move is not allowed',
  NOT_YOUR_TURN: 'It is not your turn',
  VERSION_CONFLICT: 'The game changed meanwhile',
  GAME_NOT_ACTIVE: 'The game is not in play',
  NETWORK: 'No connection',
  SERVICE_UNAVAILABLE: 'The server is busy for a moment',
  RATE_LIMITED: 'Please wait',
};

/**
 * The page's own sentence where the server's words suit an API client, not
 * a player: a move made on a page that was behind the game speaks of the
 * game's version numbers.
 */
const MESSAGES: Record<string, string> = {
  VERSION_CONFLICT: 'This page was behind the game, so nothing was done: the board now shows the game as it is.',
};

export interface Problem {
  /** What kind of problem, before the message; null where the message says it all. */
  heading: string | null;
  message: string;
  /** The API's `extensions.code`, e.g. NOT_YOUR_TURN; NETWORK when the server could not be reached. */
  code: string;
  /** When the refused request would be accepted (RATE_LIMITED's `retryAfter`), as a time in milliseconds. */
  retryAt?: number;
}

/** What went wrong, as urql reports it: the API's first error, or no answer at all. */
function codeAndMessage(error: CombinedError): { code: string; message: string; retryAfter?: unknown } {
  const refusal = error.graphQLErrors[0];
  if (refusal) {
    const code = refusal.extensions.code;
    return { code: typeof code === 'string' ? code : 'INTERNAL_SERVER_ERROR', message: refusal.message, retryAfter: refusal.extensions.retryAfter };
  }
  const response = error.response as Response | undefined;
  // Something answered, but not the API (a proxy's error page, say).
  if (response && !response.ok) return { code: 'INTERNAL_SERVER_ERROR', message: `The server answered ${response.status}.` };
  return { code: 'NETWORK', message: 'The server cannot be reached. Check your connection and try again.' };
}

export function problemOf(error: CombinedError): Problem {
  const { code, message, retryAfter } = codeAndMessage(error);
  const problem: Problem = { heading: HEADINGS[code] ?? 'Something went wrong', message: MESSAGES[code] ?? message, code };
  if (typeof retryAfter === 'number') problem.retryAt = Date.now() + retryAfter * 1000;
  return problem;
}

/** The problem, unless it was that the server could not be reached (which it now can). */
export function withoutNoConnection(problem: Problem | null): Problem | null {
  return problem?.code === 'NETWORK' ? null : problem;
}
