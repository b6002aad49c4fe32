import { PushModule } from '../push/push.module';
import { ApolloServerPluginCacheControlDisabled } from '@apollo/server/plugin/disabled';
import { ApolloDriver, ApolloDriverConfig } from '@nestjs/apollo';
import { DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { GraphQLModule } from '@nestjs/graphql';
import { AccountsModule } from '../accounts/accounts.module';
import { AuthModule } from '../auth/auth.module';
import { CalendarModule } from '../calendar/calendar.module';
import { Sessions } from '../auth/sessions';
import { ChatModule } from '../chat/chat.module';
import { BotsModule } from '../bots/bots.module';
import { DeadlinesModule } from '../deadlines/deadlines.module';
import { InvitationsModule } from '../invitations/invitations.module';
import { LifecycleModule } from '../lifecycle/lifecycle.module';
import { MetricsModule } from '../metrics/metrics.module';
import { NotesModule } from '../notes/notes.module';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { GroupsModule } from '../groups/groups.module';
import { LeaguesModule } from '../leagues/leagues.module';
import { NotificationsApiModule } from '../notifications/notifications-api.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { PlayModule } from '../play/play.module';
import { PresenceModule } from '../presence/presence.module';
import { PublicNamesModule } from '../public-names/public-names.module';
import { RateLimitsModule } from '../rate-limits/rate-limits.module';
import { ReadBudget } from '../rate-limits/read-budget';
import { RecordsModule } from '../records/records.module';
import { RatingsModule } from '../ratings/ratings.module';
import { httpContext } from './request-contexts';
import { DevMailController } from './dev-mail.controller';
import { GRAPHQL_PATH } from './endpoint';
import { ApiExceptionFilter, PageForUnknownAddresses } from './exception-filter';
import { formatError } from './format-error';
import { GameLifeResolver } from './game-life.resolver';
import { GamesResolver } from './games.resolver';
import { JSONScalar } from '../graphql/json.scalar';
import { LiveUpdatesModule } from '../graphql/live-updates.module';
import { LobbyUpdates } from './lobby-updates';
import { LobbyResolver } from './lobby.resolver';
import { requestIdOnFaults } from './request-id-plugin';
import { costLimitPlugin, QUERY_LIMITS, queryLimitRules } from '../graphql/query-limits';
import { subscriptionsOverSocketOnly } from './socket-operations';
import { ALLOWED_ORIGINS, SocketServer } from './socket-server';
import { RandomnessResolver } from './randomness.resolver';

export interface ApiOptions {
  /** Whether the schema can be introspected (GRAPHQL_INTROSPECTION; off in production). */
  introspection: boolean;
  /** Other sites whose pages may use the API (CORS_ORIGINS); their WebSockets are accepted too. */
  corsOrigins: string[];
}

/**
 * The GraphQL API and the HTTP endpoints: it composes the domain modules,
 * each of which serves its own part (resolvers, controllers), and serves
 * play's itself (games, game life, randomness: src/play sits below the
 * API's shared types), with the live updates' WebSocket.
 */
@Module({})
export class ApiModule {
  static forRoot(options: ApiOptions): DynamicModule {
    return {
      module: ApiModule,
      imports: [
        GraphQLModule.forRootAsync<ApolloDriverConfig>({
          driver: ApolloDriver,
          imports: [AuthModule, RateLimitsModule],
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
        // The domain modules, each serving its part of the API.
        AccountsModule,
        InvitationsModule,
        NotificationsModule,
        NotificationsApiModule,
        PushModule,
        DeadlinesModule,
        BotsModule,
        CalendarModule,
        ChatModule,
        NotesModule,
        WebhooksModule,
        GroupsModule,
        LeaguesModule,
        RecordsModule,
        RatingsModule,
        PresenceModule,
        // What the API's own resolvers, its WebSocket and the dev mail page use.
        PlayModule,
        AuthModule,
        RateLimitsModule,
        PublicNamesModule,
        LiveUpdatesModule,
        MetricsModule,
        LifecycleModule,
      ],
      controllers: [DevMailController],
      providers: [
        GamesResolver,
        GameLifeResolver,
        RandomnessResolver,
        { provide: ALLOWED_ORIGINS, useValue: options.corsOrigins },
        SocketServer,
        LobbyResolver,
        LobbyUpdates,
        PageForUnknownAddresses,
        { provide: APP_FILTER, useClass: ApiExceptionFilter },
      ],
      exports: [PageForUnknownAddresses],
    };
  }
}
