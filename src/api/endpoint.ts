/** Where the API is served, over HTTP and WebSocket alike, and how large one request to it may be. */
export const GRAPHQL_PATH = '/graphql';

/**
 * Largest request body (app.ts) and WebSocket message (socket-server.ts), in
 * bytes: a move or a query is a few kilobytes at most.
 */
export const MAX_REQUEST_BYTES = 100 * 1024;
