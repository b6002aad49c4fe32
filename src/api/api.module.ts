import { ApolloServerPluginCacheControlDisabled } from '@apollo/server/plugin/disabled';
import { ApolloDriver, ApolloDriverConfig } from '@nestjs/apollo';
import { Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { GraphQLModule } from '@nestjs/graphql';
import type { GraphQLError } from 'graphql';
import type { WebSocket } from 'ws';
import { AuthService } from '../auth/auth.service';
import { DATABASE_URL } from '../database/database.module';
import { ShutdownState } from '../lifecycle/shutdown-state';
import { AuthResolver } from './auth.resolver';
import { buildContext } from './context';
import { DeadlinesResolver } from './deadlines.resolver';
import { DevMailController } from './dev-mail.controller';
import { ApiExceptionFilter } from './exception-filter';
import { depthLimit } from './depth-limit';
import { formatError, formatWsResult } from './format-error';
import { GameUpdates } from './game-updates';
import { GamesResolver } from './games.resolver';
import { JSONScalar } from './json.scalar';
import { NotificationsResolver } from './notifications.resolver';
import { requestIdOnFaults } from './request-id-plugin';
import { UnsubscribeController } from './unsubscribe.controller';

const MAX_QUERY_DEPTH = 8;

@Module({
  imports: [
    GraphQLModule.forRootAsync<ApolloDriverConfig>({
      driver: ApolloDriver,
      inject: [AuthService, ShutdownState],
      useFactory: (auth: AuthService, lifecycle: ShutdownState) => ({
        autoSchemaFile: true,
        sortSchema: true,
        resolvers: { JSON: JSONScalar },
        playground: false,
        introspection: true,
        csrfPrevention: true,
        validationRules: [depthLimit(MAX_QUERY_DEPTH)],
        // No response sets cache hints; Apollo's default cache-control plugin would still wrap every field resolver.
        plugins: [ApolloServerPluginCacheControlDisabled(), requestIdOnFaults],
        formatError,
        subscriptions: {
          'graphql-ws': {
            path: '/graphql',
            // Known, so that a shutdown can close each with a code that tells its client to reconnect.
            onConnect: (context: { extra: unknown }) => lifecycle.socketOpened((context.extra as { socket: WebSocket }).socket),
            // graphql-ws does not use Apollo's formatError: give its errors the same codes.
            onNext: (...args: unknown[]) => formatWsResult(args[args.length - 1] as { errors?: GraphQLError[] }),
          },
        },
        context: (raw: { req?: { id?: string; headers: Record<string, unknown> }; connectionParams?: Record<string, unknown> }) => ({
          ...buildContext(auth, raw),
          // Set by the request logger (logging.module.ts); shown with unexpected errors (request-id-plugin.ts).
          requestId: raw.req?.id,
        }),
      }),
    }),
  ],
  controllers: [UnsubscribeController, DevMailController],
  providers: [
    AuthResolver,
    GamesResolver,
    NotificationsResolver,
    DeadlinesResolver,
    { provide: GameUpdates, inject: [DATABASE_URL], useFactory: (url: string) => new GameUpdates(url) },
    { provide: APP_FILTER, useClass: ApiExceptionFilter },
  ],
})
export class ApiModule {}
