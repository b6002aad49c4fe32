import { ApolloServerPluginCacheControlDisabled } from '@apollo/server/plugin/disabled';
import { ApolloDriver, ApolloDriverConfig } from '@nestjs/apollo';
import { Module } from '@nestjs/common';
import { GraphQLModule } from '@nestjs/graphql';
import type { GraphQLError } from 'graphql';
import { AuthService } from '../auth/auth.service';
import { DATABASE_URL } from '../database/database.module';
import { RandomnessResolver } from '../randomness/randomness.resolver';
import { AuthResolver } from './auth.resolver';
import { buildContext } from './context';
import { DeadlinesResolver } from './deadlines.resolver';
import { DevMailController } from './dev-mail.controller';
import { depthLimit } from './depth-limit';
import { formatError, formatWsResult } from './format-error';
import { GameUpdates } from './game-updates';
import { GamesResolver } from './games.resolver';
import { JSONScalar } from './json.scalar';
import { NotificationsResolver } from './notifications.resolver';
import { UnsubscribeController } from './unsubscribe.controller';

const MAX_QUERY_DEPTH = 8;

@Module({
  imports: [
    GraphQLModule.forRootAsync<ApolloDriverConfig>({
      driver: ApolloDriver,
      inject: [AuthService],
      useFactory: (auth: AuthService) => ({
        autoSchemaFile: true,
        sortSchema: true,
        resolvers: { JSON: JSONScalar },
        playground: false,
        introspection: true,
        csrfPrevention: true,
        validationRules: [depthLimit(MAX_QUERY_DEPTH)],
        // No response sets cache hints; Apollo's default cache-control plugin would still wrap every field resolver.
        plugins: [ApolloServerPluginCacheControlDisabled()],
        formatError,
        subscriptions: {
          'graphql-ws': {
            path: '/graphql',
            // graphql-ws does not use Apollo's formatError: give its errors the same codes.
            onNext: (...args: unknown[]) => formatWsResult(args[args.length - 1] as { errors?: GraphQLError[] }),
          },
        },
        context: (raw: { req?: { headers: Record<string, unknown> }; connectionParams?: Record<string, unknown> }) => buildContext(auth, raw),
      }),
    }),
  ],
  controllers: [UnsubscribeController, DevMailController],
  providers: [
    AuthResolver,
    GamesResolver,
    NotificationsResolver,
    DeadlinesResolver,
    RandomnessResolver,
    { provide: GameUpdates, inject: [DATABASE_URL], useFactory: (url: string) => new GameUpdates(url) },
  ],
})
export class ApiModule {}
