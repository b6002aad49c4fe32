/**
 * What a page sends to /graphql and hears back, whichever way it went: HTTP
 * POSTs, or messages on its live-update socket (web/src/api/socket-requests.ts
 * sends queries and moves there while it is open). Playwright tells of a
 * socket only as it opens, so a window is watched from before its page loads
 * (openWindow in browser.ts).
 */
import type { Page } from 'playwright-core';
import { SERVICE_RESTART_CLOSE_CODE } from '../../src/lifecycle/graceful-shutdown';

/** A request as the page sent it: the body of an HTTP POST, or the payload of a socket's `subscribe` message. */
export interface SentRequest {
  query: string;
  variables?: Record<string, unknown>;
  transport: 'http' | 'socket';
}

interface Watchers {
  sent: Set<(request: SentRequest) => void>;
  /** The payloads of the answers the page's sockets received (HTTP answers are Playwright's `waitForResponse`). */
  socketAnswers: Set<(answer: unknown) => void>;
}

const watched = new WeakMap<Page, Watchers>();

function parsed(text: string | null): Record<string, unknown> | null {
  try {
    return text ? (JSON.parse(text) as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Starts watching `page`'s GraphQL requests: before it loads anything. */
export function watchGraphQL(page: Page): void {
  const watchers: Watchers = { sent: new Set(), socketAnswers: new Set() };
  watched.set(page, watchers);
  const tell = (body: Record<string, unknown> | null, transport: SentRequest['transport']) => {
    if (typeof body?.query === 'string') for (const watcher of watchers.sent) watcher({ ...(body as Omit<SentRequest, 'transport'>), transport });
  };
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/graphql') tell(parsed(request.postData()), 'http');
  });
  page.on('websocket', (socket) => {
    socket.on('framesent', ({ payload }) => {
      const message = parsed(String(payload));
      if (message?.type === 'subscribe') tell(message.payload as Record<string, unknown>, 'socket');
    });
    socket.on('framereceived', ({ payload }) => {
      const message = parsed(String(payload));
      if (message?.type === 'next' || message?.type === 'error') for (const watcher of watchers.socketAnswers) watcher(message.payload);
    });
  });
}

function watchersOf(page: Page): Watchers {
  const watchers = watched.get(page);
  if (!watchers) throw new Error('This page was not watched from its start: open it with openWindow.');
  return watchers;
}

/** Calls `listener` with each GraphQL request the page sends from now on, over HTTP or its socket. */
export function onGraphQLRequest(page: Page, listener: (request: SentRequest) => void): void {
  watchersOf(page).sent.add(listener);
}

/** The first answer from now on, over HTTP or the page's socket, that `matches`. */
export function nextGraphQLAnswer(page: Page, matches: (answer: unknown) => boolean): Promise<unknown> {
  const { socketAnswers } = watchersOf(page);
  return new Promise((resolve) => {
    const overSocket = (answer: unknown) => {
      if (!matches(answer)) return;
      socketAnswers.delete(overSocket);
      resolve(answer);
    };
    socketAnswers.add(overSocket);
    void page
      .waitForResponse(async (response) => new URL(response.url()).pathname === '/graphql' && matches(await response.json().catch(() => null)), { timeout: 0 })
      .then(async (response) => {
        socketAnswers.delete(overSocket);
        resolve(await response.json());
      })
      .catch(() => undefined);
  });
}

/** A page's sockets, routed so that the server can be made out of their reach (route before the page loads). */
export interface ReachableSockets {
  /** From now on a socket the page opens closes at once, as in a restart; resolves when the page has tried one. */
  cut(): Promise<void>;
  /** From now on the page's sockets reach the server again. */
  restore(): void;
}

export async function reachableSockets(page: Page): Promise<ReachableSockets> {
  let reachable = true;
  let triedAgain: () => void = () => undefined;
  await page.routeWebSocket(/\/graphql$/, (socket) => {
    if (reachable) return socket.connectToServer();
    triedAgain();
    return socket.close({ code: SERVICE_RESTART_CLOSE_CODE, reason: 'unreachable' });
  });
  return {
    cut: () => {
      reachable = false;
      return new Promise<void>((resolve) => (triedAgain = resolve));
    },
    restore: () => {
      reachable = true;
    },
  };
}

/** Resolves when the page's socket first brings it its game (`gameUpdated`): from then on the socket is open. Ask before the page loads. */
export function followingTheGame(page: Page): Promise<unknown> {
  return nextGraphQLAnswer(page, (answer) => (answer as { data?: { gameUpdated?: unknown } } | null)?.data?.gameUpdated !== undefined);
}
