/**
 * Every id a client sends, through every field of the schema that takes
 * one, and the record's HTTP route: an id that is not a UUID, however much it
 * looks like one, is the client's mistake and answered as such (NOT_FOUND
 * and the like), never as a fault of the server's. Read from the running
 * schema, so a field added later is tried too.
 */
import { GraphQLSchemaHost } from '@nestjs/graphql';
import {
  getNamedType,
  GraphQLArgument,
  GraphQLField,
  GraphQLObjectType,
  isCompositeType,
  isEnumType,
  isInputObjectType,
  isLeafType,
  isNonNullType,
  GraphQLInputType,
} from 'graphql';
import { errorCode, gql, Player, registerPlayer, startTestServer, TestServer, wsClient } from './support/app';
import { startCountingGame } from './support/counting-api';

/** Strings a client might send as an id that PostgreSQL would not take as a UUID. */
const MALFORMED_IDS = ['-'.repeat(36), 'f'.repeat(36), 'not-a-uuid', '', '00000000-0000-0000-0000-00000000000g', '{00000000-0000-0000-0000-000000000000}'];

const NO_SUCH_UUID = '00000000-0000-4000-8000-000000000000';

/** A value of an argument's type that is valid GraphQL, for the arguments other than the id tried. */
function sampleValue(type: GraphQLInputType, gameId: string): unknown {
  const named = getNamedType(type);
  if (isEnumType(named)) return named.getValues()[0].value;
  switch (named.name) {
    case 'ID':
      return gameId;
    case 'Int':
      return 1;
    case 'Boolean':
      return true;
    case 'DateTime':
      return new Date().toISOString();
    case 'JSON':
      return {};
    default:
      return 'x';
  }
}

const takesAnId = (argument: GraphQLArgument) => getNamedType(argument.type).name === 'ID';
/** Fields whose required arguments are all plain values: an input object would need the field's own knowledge to fill. */
const fillable = (field: GraphQLField<unknown, unknown>) =>
  field.args.every((argument) => !isNonNullType(argument.type) || !isInputObjectType(getNamedType(argument.type)));

/** One request per field and id argument: that argument malformed, the others valid. */
function attempts(root: GraphQLObjectType, keyword: string, gameId: string) {
  return Object.values(root.getFields())
    .filter(fillable)
    .flatMap((field) =>
      field.args.filter(takesAnId).map((tried) => {
        const args = field.args.filter((argument) => isNonNullType(argument.type) || argument === tried);
        const declared = args.map((argument) => `$${argument.name}: ${argument.type.toString()}`).join(', ');
        const passed = args.map((argument) => `${argument.name}: $${argument.name}`).join(', ');
        const selection = isLeafType(getNamedType(field.type)) ? '' : '{ __typename }';
        return {
          name: `${field.name}(${tried.name})`,
          query: `${keyword}(${declared}) { ${field.name}(${passed}) ${selection} }`,
          variables: (id: string) => Object.fromEntries(args.map((argument) => [argument.name, argument === tried ? id : sampleValue(argument.type, gameId)])),
        };
      }),
    );
}

let server: TestServer;
let ann: Player;
let gameId: string;

beforeAll(async () => {
  server = await startTestServer({ rateLimits: false });
  const bob = await registerPlayer(server.url, 'Bob');
  ann = await registerPlayer(server.url, 'Ann');
  gameId = await startCountingGame(server.url, [ann, bob]);
});

afterAll(() => server.close());

it('answers a malformed id in any query or mutation as the client’s mistake', async () => {
  const { schema } = server.app.get(GraphQLSchemaHost);
  const tried = [...attempts(schema.getQueryType()!, 'query', gameId), ...attempts(schema.getMutationType()!, 'mutation', gameId)];
  expect(tried.length).toBeGreaterThanOrEqual(25);
  const faults: string[] = [];
  for (const { name, query, variables } of tried) {
    for (const id of MALFORMED_IDS) {
      const answer = await gql(server.url, query, variables(id), ann.token);
      const code = errorCode(answer);
      if (!code || code === 'INTERNAL_SERVER_ERROR') faults.push(`${name} with "${id}": ${JSON.stringify(answer).slice(0, 200)}`);
    }
  }
  expect(faults).toEqual([]);
});

it('answers a malformed id in a subscription, and in a record’s address, the same way', async () => {
  const { schema } = server.app.get(GraphQLSchemaHost);
  const subscriptions = Object.values(schema.getSubscriptionType()!.getFields()).filter((field) => field.args.some(takesAnId));
  expect(subscriptions.length).toBeGreaterThanOrEqual(2);
  const socket = wsClient(server.url, ann.token);
  try {
    for (const field of subscriptions) {
      const argument = field.args.find(takesAnId)!;
      for (const id of MALFORMED_IDS) {
        const code = await new Promise<unknown>((resolve) =>
          socket.subscribe(
            {
              query: `subscription($id: ID!) { ${field.name}(${argument.name}: $id)${isCompositeType(getNamedType(field.type)) ? ' { __typename }' : ''} }`,
              variables: { id },
            },
            {
              next: (result) => resolve(result.errors?.[0]?.extensions?.code),
              error: (errors) => resolve((errors as Array<{ extensions?: { code?: unknown } }>)[0]?.extensions?.code),
              complete: () => undefined,
            },
          ),
        );
        expect({ field: field.name, id, code }).toEqual({ field: field.name, id, code: expect.stringMatching(/^(NOT_FOUND|FORBIDDEN|BAD_USER_INPUT)$/) });
      }
    }
  } finally {
    await socket.dispose();
  }
  const origin = new URL(server.url).origin;
  for (const id of [...MALFORMED_IDS.filter(Boolean), NO_SUCH_UUID]) {
    const response = await fetch(`${origin}/games/${encodeURIComponent(id)}/record.json`, { headers: { authorization: `Bearer ${ann.token}` } });
    expect({ id, status: response.status }).toEqual({ id, status: 404 });
  }
});
