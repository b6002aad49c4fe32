/**
 * The page's GraphQL client: urql, with subscriptions over graphql-ws on the
 * /graphql path, and queries and moves over that same socket while it is
 * open (./socket-requests.ts), over HTTP POST to the same path otherwise, as
 * every other mutation; both carry the bearer token of the logged-in player.
 * Operations are the typed documents of ./generated.ts (see ./operations/).
 *
 * No cache exchange: every request reaches the server. What the page shows
 * is live (a game changes under it and is kept current by `gameUpdated`, the
 * lobby reads what `lobbyChanged` says changed), and urql's document cache would also add
 * `__typename` to every request, so that the page would not send the
 * documents the API's query limits are checked against.
 */
import { Client, fetchExchange, subscriptionExchange } from '@urql/core';
import { createClient as createSocket, type Client as Socket } from 'graphql-ws';
import { retryWhileUnavailableExchange } from './retry-while-unavailable';
import { socketRequestsExchange } from './socket-requests';

const ENDPOINT = '/graphql';
const TOKEN_KEY = 'pbw.token';

export function storedToken(): string | null {
  return localStorage.getItem(TOKEN_KEY);
}

export function storeToken(token: string | null): void {
  if (token) localStorage.setItem(TOKEN_KEY, token);
  else localStorage.removeItem(TOKEN_KEY);
  // A new identity needs a new socket: connectionParams are sent once, on connect.
  socket?.dispose();
  socket = null;
  socketOpen = false;
}

let socket: Socket | null = null;
/** Whether `socket` is connected now (and has not closed since). */
let socketOpen = false;

/** graphql-ws close code the server uses when the socket's session has ended (logged out elsewhere, password changed). */
const SESSION_ENDED = 4401;
let sessionEnded: () => void = () => undefined;

/** What to do when the server ends this page's session: forget it and ask to log in. */
export function onSessionEnded(listener: () => void): void {
  sessionEnded = listener;
}

const closeCode = (event: unknown) => (event as { code?: number }).code;

/** Called each time the live-update socket connects: the server is reachable again. */
const connectedListeners = new Set<() => void>();

/** Calls `listener` each time the page's socket (re)connects, until the returned function is called. */
export function onConnected(listener: () => void): () => void {
  connectedListeners.add(listener);
  return () => connectedListeners.delete(listener);
}

function liveSocket(): Socket {
  if (!socket) {
    const protocol = location.protocol === 'https:' ? 'wss' : 'ws';
    socket = createSocket({
      url: `${protocol}://${location.host}${ENDPOINT}`,
      connectionParams: () => {
        const token = storedToken();
        return token ? { authorization: `Bearer ${token}` } : {};
      },
      // Phones drop sockets when the screen sleeps: keep trying, forever (but not with a session that has ended).
      // Each subscription is sent again on the new socket, and `gameUpdated` answers with the game as it is.
      retryAttempts: Infinity,
      shouldRetry: (event) => closeCode(event) !== SESSION_ENDED,
      on: {
        closed: (event) => {
          socketOpen = false;
          if (closeCode(event) === SESSION_ENDED) sessionEnded();
        },
        connected: () => {
          socketOpen = true;
          for (const listener of connectedListeners) listener();
        },
      },
    });
  }
  return socket;
}

export const client = new Client({
  url: ENDPOINT,
  // Apollo Server's CSRF prevention refuses the simple GET requests urql would otherwise send short queries as.
  preferGetMethod: false,
  // A function, so that each request (a retry included) carries the token of the moment.
  fetchOptions: () => {
    const token = storedToken();
    return token ? { headers: { authorization: `Bearer ${token}` } } : {};
  },
  exchanges: [
    retryWhileUnavailableExchange,
    socketRequestsExchange(() => (socketOpen ? socket : null)),
    fetchExchange,
    subscriptionExchange({
      forwardSubscription: (request) => ({
        subscribe: (sink) => ({ unsubscribe: liveSocket().subscribe({ query: request.query ?? '', variables: request.variables }, sink) }),
      }),
    }),
  ],
});
