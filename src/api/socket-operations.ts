/**
 * What a WebSocket may ask, and what HTTP may not. graphql-ws runs
 * operations itself, past Apollo and its plugins: left to it, a socket could
 * run any query or mutation without the request limits (src/graphql/query-limits.ts) and
 * with graphql-js's bare errors. So a socket serves subscriptions only, the
 * live updates the page listens to, and HTTP serves everything else. Each
 * subscription is held to the same limits as an HTTP request before anything
 * runs, with a smaller cost budget, since its selection runs again at every
 * update; and a socket keeps a bounded number open. Refusals have the codes Apollo and the limits
 * give over HTTP.
 */
import type { ApolloServerPlugin } from '@apollo/server';
import {
  DocumentNode,
  ExecutionArgs,
  getOperationAST,
  getVariableValues,
  GraphQLError,
  GraphQLFormattedError,
  GraphQLSchema,
  OperationDefinitionNode,
  parse,
  specifiedRules,
  validate,
} from 'graphql';
import { AppError } from '../common/errors';
import { formatError, formatWsResult } from './format-error';
import {
  costLimitRefusal,
  costOf,
  estimators,
  QUERY_LIMITS,
  QueryLimitError,
  queryLimitOfParseError,
  queryLimitRules,
  SUBSCRIPTION_BUDGET,
} from '../graphql/query-limits';

/**
 * Subscriptions one socket may hold at once. The page holds a few per game
 * open (the game, its chat, and while its player looks, their presence); a
 * socket holding hundreds makes the server redo each one's work at every
 * change.
 */
export const SUBSCRIPTIONS_PER_SOCKET = 20;

/** What graphql-ws hands its hooks of the socket: its open operations. */
interface SocketState {
  subscriptions: Record<string, unknown>;
}

interface SubscribePayload {
  query: string;
  operationName?: string | null;
  variables?: Record<string, unknown> | null;
}

function refusal(code: string, message: string, cause?: GraphQLError): GraphQLError {
  return new GraphQLError(message, { nodes: cause?.nodes, source: cause?.source, positions: cause?.positions, extensions: { code } });
}

function parsed(query: string): DocumentNode | GraphQLError[] {
  try {
    return parse(query, { maxTokens: QUERY_LIMITS.tokens });
  } catch (error) {
    if (!(error instanceof GraphQLError)) throw error;
    return [queryLimitOfParseError(error) ?? refusal('GRAPHQL_PARSE_FAILED', error.message, error)];
  }
}

/** The operation to run, if it is a subscription. */
function subscriptionOf(document: DocumentNode, operationName: string | undefined): OperationDefinitionNode | GraphQLError[] {
  const operation = getOperationAST(document, operationName);
  if (!operation) {
    const why = operationName ? `There is no operation named "${operationName}".` : 'Name the operation to run: the document has more than one.';
    return [refusal('OPERATION_RESOLUTION_FAILURE', why)];
  }
  if (operation.operation !== 'subscription') {
    return [refusal('BAD_REQUEST', `Only subscriptions are served over the WebSocket: send a ${operation.operation} over HTTP.`)];
  }
  return operation;
}

/** graphql-js's rules and the request limits, as Apollo checks an HTTP request. */
function validationErrors(schema: GraphQLSchema, document: DocumentNode): GraphQLError[] {
  return validate(schema, document, [...specifiedRules, ...queryLimitRules()]).map((error) =>
    error instanceof QueryLimitError ? error : refusal('GRAPHQL_VALIDATION_FAILED', error.message, error),
  );
}

/** Spends a subscription's cost from its socket's reader's budget (rate-limits/read-budget.ts); throws RATE_LIMITED past it. */
export type SpendOnSubscription<State> = (state: State, cost: number) => void;

/** The execution of a subscription a socket asks for, or why it is refused. */
function subscriptionToRun(schema: GraphQLSchema, payload: SubscribePayload, spend: (cost: number) => void): ExecutionArgs | GraphQLError[] {
  const document = parsed(payload.query);
  if (Array.isArray(document)) return document;
  const operationName = payload.operationName ?? undefined;
  const operation = subscriptionOf(document, operationName);
  if (Array.isArray(operation)) return operation;
  const invalid = validationErrors(schema, document);
  if (invalid.length) return invalid;
  const variables = payload.variables ?? {};
  const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], variables, { maxErrors: 20 });
  if (coerced.errors) return coerced.errors.map((error) => refusal('BAD_USER_INPUT', error.message, error));
  const cost = costOf({ schema, query: document, variables, operationName, estimators });
  const tooCostly = costLimitRefusal(cost, SUBSCRIPTION_BUDGET);
  if (tooCostly) return [tooCostly];
  try {
    spend(cost ?? 0);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return [new GraphQLError(error.message, { originalError: error })];
  }
  return { schema, document, operationName, variableValues: variables };
}

/** graphql-ws's hooks that hold a socket's operations to the rules above. */
export function socketOperationHooks<State extends SocketState>(schema: GraphQLSchema, spend: SpendOnSubscription<State>) {
  return {
    onSubscribe: (state: State, _id: string, payload: SubscribePayload): ExecutionArgs | GraphQLError[] => {
      // graphql-ws counts the one being asked for among them already.
      if (Object.keys(state.subscriptions).length > SUBSCRIPTIONS_PER_SOCKET) {
        const tooMany = new AppError(
          'TOO_MANY_SUBSCRIPTIONS',
          `A connection may follow at most ${SUBSCRIPTIONS_PER_SOCKET} things at once: stop following one first.`,
          {
            max: SUBSCRIPTIONS_PER_SOCKET,
          },
        );
        return [new GraphQLError(tooMany.message, { originalError: tooMany })];
      }
      return subscriptionToRun(schema, payload, (cost) => spend(state, cost));
    },
    // Refusals and errors before a first result, and errors in results, in the same shape as over HTTP (graphql-ws does not use Apollo's formatError).
    onError: (_state: SocketState, _id: string, _payload: SubscribePayload, errors: readonly GraphQLError[]): GraphQLFormattedError[] =>
      errors.map((error) => formatError(error.toJSON(), error)),
    onNext: (...args: unknown[]) => formatWsResult(args[args.length - 1] as { errors?: GraphQLError[] }),
  };
}

/**
 * Over HTTP, Apollo would run a subscription as if it were a query: its
 * field has no event to resolve, and the client's mistake came back as a
 * fault of the server's (INTERNAL_SERVER_ERROR, logged with a stack).
 * Refused before anything runs.
 */
export function subscriptionsOverSocketOnly(): ApolloServerPlugin {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ operation }) {
          if (operation?.operation !== 'subscription') return;
          throw new GraphQLError('Subscriptions are served over the WebSocket only: open one on this same address.', {
            extensions: { code: 'BAD_REQUEST', http: { status: 400 } },
          });
        },
      };
    },
  };
}
