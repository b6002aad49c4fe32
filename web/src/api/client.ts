/**
 * Talking to the server: queries and mutations over HTTP POST, live updates
 * over graphql-ws on the same /graphql path. Both send the bearer token of
 * the logged-in player; refusals become ApiErrors with the API's code.
 */
import { createClient, type Client } from 'graphql-ws';

const ENDPOINT = '/graphql';
const TOKEN_KEY = 'pbw.token';

export class ApiError extends Error {
  constructor(
    message: string,
    /** The API's `extensions.code`, e.g. NOT_YOUR_TURN; NETWORK when the server could not be reached. */
    readonly code: string,
    /** With SERVICE_UNAVAILABLE: seconds to wait before sending the request again. */
    readonly retryAfter?: number,
  ) {
    super(message);
  }
}

export function storedToken(): string | null {
  return localStorage.getItem(TOKEN_KEY);
}

export function storeToken(token: string | null): void {
  if (token) localStorage.setItem(TOKEN_KEY, token);
  else localStorage.removeItem(TOKEN_KEY);
  // A new identity needs a new socket: connectionParams are sent once, on connect.
  socket?.dispose();
  socket = null;
}

interface GraphQLResult<T> {
  data?: T | null;
  errors?: Array<{ message: string; extensions?: { code?: string; retryAfter?: number } }>;
}

function toApiError(result: GraphQLResult<unknown>): ApiError | null {
  const first = result.errors?.[0];
  return first ? new ApiError(first.message, first.extensions?.code ?? 'INTERNAL_SERVER_ERROR', first.extensions?.retryAfter) : null;
}

/** Tries while the server says it cannot reach its database (a restart takes seconds), before telling the player. */
const TRIES_WHILE_UNAVAILABLE = 5;

/**
 * A query or mutation. While the server answers SERVICE_UNAVAILABLE, the very
 * same request is sent again after the wait it asks for: safe for moves too,
 * since a move resent with its clientMoveId is never recorded twice.
 */
export async function request<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await requestOnce<T>(query, variables);
    } catch (error) {
      const unavailable = error instanceof ApiError && error.code === 'SERVICE_UNAVAILABLE';
      if (!unavailable || attempt >= TRIES_WHILE_UNAVAILABLE) throw error;
      await new Promise((resolve) => setTimeout(resolve, (error.retryAfter ?? 2) * 1000));
    }
  }
}

async function requestOnce<T>(query: string, variables: Record<string, unknown>): Promise<T> {
  const token = storedToken();
  let response: Response;
  try {
    response = await fetch(ENDPOINT, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ query, variables }),
    });
  } catch {
    throw new ApiError('The server cannot be reached. Check your connection and try again.', 'NETWORK');
  }
  const result = (await response.json().catch(() => ({ errors: [{ message: `The server answered ${response.status}.` }] }))) as GraphQLResult<T>;
  const error = toApiError(result);
  if (error) throw error;
  return result.data as T;
}

let socket: Client | null = null;

/** graphql-ws close code the server uses when the socket's session has ended (logged out elsewhere, password changed). */
const SESSION_ENDED = 4401;
let sessionEnded: () => void = () => undefined;

/** What to do when the server ends this page's session: forget it and ask to log in. */
export function onSessionEnded(listener: () => void): void {
  sessionEnded = listener;
}

function liveSocket(): Client {
  if (!socket) {
    const protocol = location.protocol === 'https:' ? 'wss' : 'ws';
    socket = createClient({
      url: `${protocol}://${location.host}${ENDPOINT}`,
      connectionParams: () => {
        const token = storedToken();
        return token ? { authorization: `Bearer ${token}` } : {};
      },
      // Phones drop sockets when the screen sleeps: keep trying, forever (but not with a session that has ended).
      retryAttempts: Infinity,
      shouldRetry: (event) => (event as { code?: number }).code !== SESSION_ENDED,
      on: {
        closed: (event) => {
          if ((event as { code?: number }).code === SESSION_ENDED) sessionEnded();
        },
      },
    });
  }
  return socket;
}

/** Calls `onData` with every result until the returned function is called. */
export function subscribe<T>(query: string, variables: Record<string, unknown>, onData: (data: T) => void, onError: (error: ApiError) => void): () => void {
  return liveSocket().subscribe<T>(
    { query, variables },
    {
      next: (result) => {
        const error = toApiError(result as GraphQLResult<unknown>);
        if (error) onError(error);
        else if (result.data) onData(result.data as T);
      },
      error: () => onError(new ApiError('Live updates were interrupted; reload the page to catch up.', 'NETWORK')),
      complete: () => undefined,
    },
  );
}
