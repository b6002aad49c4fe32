/**
 * The live updates' WebSocket: graphql-ws on a `ws` server of our own, on
 * the HTTP server's /graphql path. @nestjs/graphql would make one itself, but
 * gives no say over its `ws` options, and `ws` takes messages of up to 100 MiB
 * by default: a few such messages at once would exhaust the server's memory,
 * where an HTTP request's body may be 100 kB. Here a message may be as large
 * as a request's body, no larger; a larger one closes its socket (1009).
 *
 * A socket presents its player's token when it opens (connectionParams), is
 * refused if it comes from another site's page, and is closed when its
 * session ends; the token is checked again for every operation, as every
 * HTTP request's is. What it may ask is socket-operations.ts's business:
 * its queries and mutations run through Apollo as HTTP requests do. One
 * client address holds at most SOCKETS_PER_ADDRESS sockets at once; more are
 * refused before they open (429).
 */
import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import type { ApolloServer } from '@apollo/server';
import type { ApolloDriver } from '@nestjs/apollo';
import { HttpAdapterHost, ModuleRef } from '@nestjs/core';
import { GraphQLModule, GraphQLSchemaHost } from '@nestjs/graphql';
import type { Disposable } from 'graphql-ws';
import { useServer } from 'graphql-ws/use/ws';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer } from 'ws';
import { Identity, Sessions } from '../auth/sessions';
import { ShutdownState } from '../lifecycle/shutdown-state';
import { ReadBudget } from '../rate-limits/read-budget';
import { connectionToken, identify } from '../auth/bearer-tokens';
import type { RequestContext } from '../graphql/context';
import { SocketRequestLog } from '../logging/socket-request-log';
import { socketContext } from './request-contexts';
import { GRAPHQL_PATH, MAX_REQUEST_BYTES } from './endpoint';
import { socketOperationHooks } from './socket-operations';
import { SocketRequests } from './socket-requests';
import { socketClientAddress, SocketsPerAddress, TrustProxy } from './sockets-per-address';

/** Other sites whose pages may open the WebSocket (CORS_ORIGINS): the token of `ApiOptions.corsOrigins`. */
export const ALLOWED_ORIGINS = Symbol('ALLOWED_ORIGINS');

/** What graphql-ws keeps per connection: its socket and upgrade request, and who opened it, with what token. */
interface Connection {
  socket: WebSocket;
  request: IncomingMessage;
  token?: string;
  identity?: Identity;
  tokenProblem?: string;
}

/** graphql-ws's close code for a connection whose credentials are no longer good. */
const SESSION_ENDED_CLOSE = 4401;

/**
 * A WebSocket opened by a page of another site is refused: browsers send
 * any site's page's cookies and connections alike, and only the Origin
 * header tells them apart. Clients that are not browsers send none.
 */
function fromAllowedOrigin(request: IncomingMessage, corsOrigins: string[]): boolean {
  const origin = request.headers.origin;
  if (!origin) return true;
  try {
    return new URL(origin).host === request.headers.host || corsOrigins.includes(new URL(origin).origin);
  } catch {
    return false;
  }
}

/** What ws's errors for a client's broken or oversized message are coded with (`WS_ERR_UNSUPPORTED_MESSAGE_LENGTH`, ...). */
function isClientFault(error: unknown): boolean {
  const code = (error as { code?: unknown } | undefined)?.code;
  return error instanceof Error && typeof code === 'string' && code.startsWith('WS_ERR_');
}

/** The codes of a write to a connection its client has dropped (a page closed, a phone gone off the network). */
const CONNECTION_GONE = new Set(['EPIPE', 'ECONNRESET', 'ERR_STREAM_DESTROYED', 'ERR_STREAM_WRITE_AFTER_END']);

// By its code alone: Node's own errors need not be instances of this realm's Error (under Jest they are not).
function isConnectionGone(error: Error | undefined): boolean {
  const code = (error as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' && CONNECTION_GONE.has(code);
}

/**
 * ws closes a socket whose client sent a message too large or malformed
 * (1009, 1002, 1007), then emits the reason as an 'error': the client's
 * doing, which graphql-ws would print to stderr, stack and all, as a fault in
 * our code. Logged at debug level instead, as refusals are. So is an answer
 * written to a connection its client dropped before the socket knew it
 * closed: no one is left to read it (a page sends a move it had no answer to
 * again over HTTP, with its clientMoveId), and the socket is ended.
 */
function quietOnClientFaults(socket: WebSocket, logger: Logger): WebSocket {
  const emit = socket.emit.bind(socket);
  socket.emit = ((event: string | symbol, ...args: unknown[]) => {
    if (event !== 'error' || !isClientFault(args[0])) return emit(event, ...args);
    logger.debug(`closed a live-update socket: ${(args[0] as Error).message}`);
    return true;
  }) as WebSocket['emit'];
  const send = socket.send.bind(socket) as (data: unknown, options: object, done: (error?: Error) => void) => void;
  socket.send = ((data: unknown, optionsOrDone?: object | ((error?: Error) => void), done?: (error?: Error) => void) => {
    const [options, whenSent] = typeof optionsOrDone === 'function' ? [{}, optionsOrDone] : [optionsOrDone ?? {}, done];
    send(data, options, (error) => {
      if (!isConnectionGone(error)) return whenSent?.(error);
      logger.debug(`an answer found its live-update socket gone: ${error!.message}`);
      socket.terminate();
      whenSent?.();
    });
  }) as WebSocket['send'];
  return socket;
}

@Injectable()
export class SocketServer implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly server = new WebSocketServer({ noServer: true, maxPayload: MAX_REQUEST_BYTES });
  private graphqlWs?: Disposable;
  private readonly logger = new Logger('LiveUpdates');
  private readonly socketsPerAddress = new SocketsPerAddress();
  /** Each upgrade request's client address, worked out once when it asked. */
  private readonly clientAddresses = new WeakMap<IncomingMessage, string>();

  constructor(
    private readonly httpAdapterHost: HttpAdapterHost,
    private readonly schemaHost: GraphQLSchemaHost,
    private readonly sessions: Sessions,
    private readonly lifecycle: ShutdownState,
    private readonly readBudget: ReadBudget,
    private readonly moduleRef: ModuleRef,
    private readonly requestLog: SocketRequestLog,
    @Inject(ALLOWED_ORIGINS) private readonly corsOrigins: string[],
  ) {}

  /** Once the schema is built and Apollo started (GraphQLModule's init), before the server listens. */
  onApplicationBootstrap(): void {
    const apollo = this.moduleRef.get(GraphQLModule<ApolloDriver>, { strict: false }).graphQlAdapter.instance as unknown as ApolloServer<RequestContext>;
    const requests = new SocketRequests(apollo, this.requestLog);
    this.graphqlWs = useServer<Record<string, unknown> | undefined, Partial<Connection>>(
      {
        schema: this.schemaHost.schema,
        onConnect: (context) => this.accept(context.extra as Connection, context.connectionParams),
        context: ({ extra }) => this.contextOf(extra as Connection),
        ...socketOperationHooks(this.schemaHost.schema, requests, ({ extra }: { extra: unknown; subscriptions: Record<string, unknown> }, cost) =>
          this.readBudget.spend(this.readerOf(extra as Connection), cost),
        ),
      },
      this.server,
    );
    const httpServer = this.httpAdapterHost.httpAdapter.getHttpServer() as Server;
    httpServer.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => this.upgrade(request, socket, head));
  }

  /** An operation's context over `connection`: who its token stands for now, from the address worked out when it asked. */
  private contextOf(connection: Connection): Promise<RequestContext> {
    return socketContext(this.sessions, connection, this.addressOf(connection));
  }

  /** Whose read budget a subscription spends, before it runs: who opened the socket. */
  private readerOf(connection: Connection) {
    return { userId: connection.identity?.userId, clientAddress: this.addressOf(connection) };
  }

  private addressOf(connection: Connection): string {
    return this.clientAddresses.get(connection.request) ?? 'unknown';
  }

  async onModuleDestroy(): Promise<void> {
    await this.graphqlWs?.dispose();
  }

  private upgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    if (new URL(request.url ?? '/', 'http://server').pathname !== GRAPHQL_PATH) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    const clientAddress = socketClientAddress(request, this.httpAdapterHost.httpAdapter.getInstance().get('trust proxy fn') as TrustProxy);
    if (!this.socketsPerAddress.admit(clientAddress, socket)) {
      this.logger.debug(`refused a live-update socket to ${clientAddress}: it holds as many as it may`);
      socket.end('HTTP/1.1 429 Too Many Requests\r\nRetry-After: 60\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    this.clientAddresses.set(request, clientAddress);
    this.server.handleUpgrade(request, socket, head, (webSocket) => this.server.emit('connection', quietOnClientFaults(webSocket, this.logger), request));
  }

  /** Whether a socket may open: from an allowed page, with a token still good (or none, a visitor's). */
  private async accept(connection: Connection, connectionParams: Record<string, unknown> | undefined): Promise<boolean> {
    if (!fromAllowedOrigin(connection.request, this.corsOrigins)) return false;
    // Known, so that a shutdown can close each with a code that tells its client to reconnect.
    this.lifecycle.socketOpened(connection.socket);
    const token = connectionToken(connectionParams);
    const noticesBefore = this.sessions.endedNotices;
    Object.assign(connection, { token }, await identify(this.sessions, token));
    const sessionEnded = (why: string) => {
      connection.socket.close(SESSION_ENDED_CLOSE, why);
      return false;
    };
    // A page whose session ended (elsewhere, before this socket opened) is told at once, not served as a visitor's.
    if (connection.tokenProblem) return sessionEnded(connection.tokenProblem);
    if (connection.identity) {
      const detach = this.sessions.attachSocket(connection.identity, () => connection.socket.close(SESSION_ENDED_CLOSE, 'Your session has ended.'));
      connection.socket.once('close', detach);
      // Ended while it was being checked, its notice came before the socket was registered: check once more.
      if (this.sessions.endedNotices !== noticesBefore && !(await identify(this.sessions, token)).identity) return sessionEnded('Your session has ended.');
    }
    return true;
  }
}
