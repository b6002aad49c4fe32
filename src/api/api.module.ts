import { ApolloServerPluginCacheControlDisabled } from '@apollo/server/plugin/disabled';
import { ApolloDriver, ApolloDriverConfig } from '@nestjs/apollo';
import { DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { GraphQLModule } from '@nestjs/graphql';
import { Sessions } from '../auth/sessions';
import { CHAT_LINES_CHANNEL } from '../chat/chat.store';
import { DATABASE_URL } from '../database/database.module';
import { GAME_EVENTS_CHANNEL } from '../event-store/event-store';
import { ReadBudget } from '../rate-limits/read-budget';
import { RecordsController } from '../records/records.controller';
import { API_RESOLVERS } from './api-schema';
import { httpContext } from './request-contexts';
import { DevMailController } from './dev-mail.controller';
import { GRAPHQL_PATH } from './endpoint';
import { ApiExceptionFilter } from './exception-filter';
import { formatError } from './format-error';
import { GameUpdates } from '../graphql/game-updates';
import { JSONScalar } from '../graphql/json.scalar';
import { requestIdOnFaults } from './request-id-plugin';
import { costLimitPlugin, QUERY_LIMITS, queryLimitRules } from '../graphql/query-limits';
import { subscriptionsOverSocketOnly } from './socket-operations';
import { ALLOWED_ORIGINS, SocketServer } from './socket-server';
import { UnsubscribeController } from '../notifications/unsubscribe.controller';

export interface ApiOptions {
  /** Whether the schema can be introspected (GRAPHQL_INTROSPECTION; off in production). */
  introspection: boolean;
  /** Other sites whose pages may use the API (CORS_ORIGINS); their WebSockets are accepted too. */
  corsOrigins: string[];
}

@Module({})
export class ApiModule {
  static forRoot(options: ApiOptions): DynamicModule {
    return {
      module: ApiModule,
      imports: [
        GraphQLModule.forRootAsync<ApolloDriverConfig>({
          driver: ApolloDriver,
          inject: [Sessions, ReadBudget],
          useFactory: (sessions: Sessions, readBudget: ReadBudget) => ({
            path: GRAPHQL_PATH,
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
            plugins: [
              ApolloServerPluginCacheControlDisabled(),
              subscriptionsOverSocketOnly(),
              costLimitPlugin((context, cost) => readBudget.spend(context, cost)),
              requestIdOnFaults,
            ],
            formatError,
            // Apollo indents every answer (JSON.stringify with two spaces) for people reading it raw; clients parse it, and
            // indented a game's answer is over twice the size to build and send (Five Tribes' view and moves: 7.8 KB, 17.7 KB).
            stringifyResult: (result: unknown) => JSON.stringify(result),
            // Over HTTP only: the live updates' WebSocket is socket-server.ts's.
            context: ({ req }: { req: Parameters<typeof httpContext>[1] }) => httpContext(sessions, req),
          }),
        }),
      ],
      controllers: [UnsubscribeController, DevMailController, RecordsController],
      providers: [
        ...API_RESOLVERS,
        { provide: ALLOWED_ORIGINS, useValue: options.corsOrigins },
        SocketServer,
        { provide: GameUpdates, inject: [DATABASE_URL], useFactory: (url: string) => new GameUpdates(url, [GAME_EVENTS_CHANNEL, CHAT_LINES_CHANNEL]) },
        { provide: APP_FILTER, useClass: ApiExceptionFilter },
      ],
    };
  }
}
