import { ApolloServerPluginCacheControlDisabled } from '@apollo/server/plugin/disabled';
import { ApolloDriver, ApolloDriverConfig } from '@nestjs/apollo';
import { DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { GraphQLModule, GraphQLSchemaHost } from '@nestjs/graphql';
import type { GraphQLError } from 'graphql';
import type { IncomingMessage } from 'node:http';
import type { WebSocket } from 'ws';
import { Identity, Sessions } from '../auth/sessions';
import { CHAT_LINES_CHANNEL } from '../chat/chat.store';
import { DATABASE_URL } from '../database/database.module';
import { GAME_EVENTS_CHANNEL } from '../event-store/event-store';
import { ShutdownState } from '../lifecycle/shutdown-state';
import { API_RESOLVERS } from './api-schema';
import { connectionToken, httpContext, identify, socketContext } from './context';
import { DevMailController } from './dev-mail.controller';
import { ApiExceptionFilter } from './exception-filter';
import { formatError, formatWsResult } from './format-error';
import { GameUpdates } from './game-updates';
import { JSONScalar } from './json.scalar';
import { requestIdOnFaults } from './request-id-plugin';
import { costLimitPlugin, QUERY_LIMITS, queryLimitRules } from './query-limits';
import { socketOperationHooks } from './socket-operations';
import { UnsubscribeController } from './unsubscribe.controller';

export interface ApiOptions {
  /** Whether the schema can be introspected (GRAPHQL_INTROSPECTION; off in production). */
  introspection: boolean;
  /** Other sites whose pages may use the API (CORS_ORIGINS); their WebSockets are accepted too. */
  corsOrigins: string[];
}

/** What graphql-ws keeps per connection: its socket and upgrade request, and who opened it. */
interface Connection {
  socket: WebSocket;
  request: IncomingMessage;
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

@Module({})
export class ApiModule {
  static forRoot(options: ApiOptions): DynamicModule {
    return {
      module: ApiModule,
      imports: [
        GraphQLModule.forRootAsync<ApolloDriverConfig>({
          driver: ApolloDriver,
          inject: [Sessions, ShutdownState, GraphQLSchemaHost],
          useFactory: (sessions: Sessions, lifecycle: ShutdownState, schemaHost: GraphQLSchemaHost) => ({
            autoSchemaFile: true,
            sortSchema: true,
            resolvers: { JSON: JSONScalar },
            playground: false,
            introspection: options.introspection,
            includeStacktraceInErrorResponses: false,
            csrfPrevention: true,
            parseOptions: { maxTokens: QUERY_LIMITS.tokens },
            validationRules: queryLimitRules(),
            // No response sets cache hints; Apollo's default cache-control plugin would still wrap every field resolver.
            plugins: [ApolloServerPluginCacheControlDisabled(), costLimitPlugin(), requestIdOnFaults],
            formatError,
            // Apollo indents every answer (JSON.stringify with two spaces) for people reading it raw; clients parse it, and
            // indented a game's answer is over twice the size to build and send (Five Tribes' view and moves: 7.8 KB, 17.7 KB).
            stringifyResult: (result: unknown) => JSON.stringify(result),
            subscriptions: {
              'graphql-ws': {
                path: '/graphql',
                onConnect: async (context: { connectionParams?: Record<string, unknown>; extra: unknown }) => {
                  const connection = context.extra as Connection;
                  if (!fromAllowedOrigin(connection.request, options.corsOrigins)) return false;
                  // Known, so that a shutdown can close each with a code that tells its client to reconnect.
                  lifecycle.socketOpened(connection.socket);
                  const token = connectionToken(context.connectionParams);
                  const noticesBefore = sessions.endedNotices;
                  Object.assign(connection, await identify(sessions, token));
                  const sessionEnded = (why: string) => {
                    connection.socket.close(SESSION_ENDED_CLOSE, why);
                    return false;
                  };
                  // A page whose session ended (elsewhere, before this socket opened) is told at once, not served as a visitor's.
                  if (connection.tokenProblem) return sessionEnded(connection.tokenProblem);
                  if (connection.identity) {
                    const detach = sessions.attachSocket(connection.identity, () => connection.socket.close(SESSION_ENDED_CLOSE, 'Your session has ended.'));
                    connection.socket.once('close', detach);
                    // Ended while it was being checked, its notice came before the socket was registered: check once more.
                    if (sessions.endedNotices !== noticesBefore && !(await identify(sessions, token)).identity) return sessionEnded('Your session has ended.');
                  }
                  return true;
                },
                // graphql-ws runs operations past Apollo: subscriptions only, under the same limits.
                ...socketOperationHooks(
                  () => schemaHost.schema,
                  (connection) => (connection as Connection).identity !== undefined,
                ),
                // graphql-ws does not use Apollo's formatError: give its errors the same codes.
                onNext: (...args: unknown[]) => formatWsResult(args[args.length - 1] as { errors?: GraphQLError[] }),
              },
            },
            context: (raw: { req?: Parameters<typeof httpContext>[1]; extra?: Connection }) =>
              raw.extra ? socketContext(raw.extra, raw.extra.request) : httpContext(sessions, raw.req!),
          }),
        }),
      ],
      controllers: [UnsubscribeController, DevMailController],
      providers: [
        ...API_RESOLVERS,
        { provide: GameUpdates, inject: [DATABASE_URL], useFactory: (url: string) => new GameUpdates(url, [GAME_EVENTS_CHANNEL, CHAT_LINES_CHANNEL]) },
        { provide: APP_FILTER, useClass: ApiExceptionFilter },
      ],
    };
  }
}
