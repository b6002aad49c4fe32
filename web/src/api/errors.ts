/** A heading a person understands for each refusal code the API documents. */
import { ApiError } from './client';

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
};

export interface Problem {
  heading: string;
  message: string;
  code: string;
}

export function problemOf(error: unknown): Problem {
  if (error instanceof ApiError) {
    const message = error.code === 'VERSION_CONFLICT' ? `${error.message} The board now shows the latest position: please look again.` : error.message;
    return { heading: HEADINGS[error.code] ?? 'Something went wrong', message, code: error.code };
  }
  return { heading: 'Something went wrong', message: error instanceof Error ? error.message : String(error), code: 'CLIENT' };
}
