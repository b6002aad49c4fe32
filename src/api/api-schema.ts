/**
 * The API's schema as text, built from the code-first resolvers alone: Nest's
 * GraphQLSchemaFactory needs no database, server or configuration, so
 * `npm run codegen` can write it anywhere (src/api/schema.graphql, checked
 * in), and the web page's operation types are generated from that file.
 */
import { NestFactory } from '@nestjs/core';
import { GraphQLSchemaBuilderModule, GraphQLSchemaFactory } from '@nestjs/graphql';
import { GraphQLSchema, lexicographicSortSchema, printSchema } from 'graphql';
import { AccountsResolver } from '../accounts/accounts.resolver';
import { CalendarResolver } from '../calendar/calendar.resolver';
import { ChatResolver } from '../chat/chat.resolver';
import { NotesResolver } from '../notes/notes.resolver';
import { DeadlinesResolver } from '../deadlines/deadlines.resolver';
import { RandomnessResolver } from './randomness.resolver';
import { RecordsResolver } from '../records/records.resolver';
import { GameLifeResolver } from './game-life.resolver';
import { GamesResolver } from './games.resolver';
import { InvitationsResolver } from '../invitations/invitations.resolver';
import { SeatOffersResolver } from '../invitations/seat-offers.resolver';
import { LobbyResolver } from './lobby.resolver';
import { NotificationsResolver } from '../notifications/notifications.resolver';
import { PushResolver } from '../push/push.resolver';
import { WebhooksResolver } from '../webhooks/webhooks.resolver';
import { PresenceResolver } from '../presence/presence.resolver';
import { GroupsResolver } from '../groups/groups.resolver';
import { GroupLeaguesResolver, LeaguesResolver } from '../leagues/leagues.resolver';
import { RatingsResolver } from '../ratings/ratings.resolver';

/** Where the schema is checked in, from the repository's root. */
export const SCHEMA_FILE = 'src/api/schema.graphql';

/**
 * Every resolver of the API, as the modules ApiModule composes serve them:
 * the schema file is built from these (test/security.e2e-spec.ts holds the
 * server's schema to the file).
 */
export const API_RESOLVERS = [
  AccountsResolver,
  GamesResolver,
  GameLifeResolver,
  InvitationsResolver,
  SeatOffersResolver,
  LobbyResolver,
  NotificationsResolver,
  PushResolver,
  DeadlinesResolver,
  CalendarResolver,
  RandomnessResolver,
  RecordsResolver,
  ChatResolver,
  NotesResolver,
  PresenceResolver,
  WebhooksResolver,
  GroupsResolver,
  LeaguesResolver,
  GroupLeaguesResolver,
  RatingsResolver,
];

const HEADER = '# The GraphQL API, generated from the resolvers in src/ by `npm run codegen`: do not edit.\n\n';

/** A schema as the file holds it: sorted (as the server sorts its own, `sortSchema`), with a header. */
export function schemaFileText(schema: GraphQLSchema): string {
  return `${HEADER}${printSchema(lexicographicSortSchema(schema))}\n`;
}

export async function buildApiSchema(): Promise<GraphQLSchema> {
  const context = await NestFactory.createApplicationContext(GraphQLSchemaBuilderModule, { logger: false });
  try {
    return await context.get(GraphQLSchemaFactory).create(API_RESOLVERS);
  } finally {
    await context.close();
  }
}
