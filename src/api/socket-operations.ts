/**
 * What a WebSocket may ask, and what HTTP may not. Queries and mutations run
 * through Apollo, as over HTTP (socket-requests.ts). Subscriptions, which
 * Apollo does not serve, graphql-ws runs itself, past Apollo and its plugins:
 * so each is held here to the same limits as an HTTP request before anything
 * runs, with a smaller cost budget, since its selection runs again at every
 * update; and a socket keeps a bounded number open. Refusals have the codes
 * Apollo and the limits give over HTTP.
 */
import type { ApolloServerPlugin } from '@apollo/server';
import {
  DocumentNode,
  ExecutionArgs,
  ExecutionResult,
  FormattedExecutionResult,
  getVariableValues,
  GraphQLError,
  GraphQLFormattedError,
  GraphQLSchema,
  specifiedRules,
  validate,
} from 'graphql';
import { AppError } from '../common/errors';
import { formatError, formatWsResult } from './format-error';
import { costLimitRefusal, costOf, estimators, QueryLimitError, queryLimitRules, SUBSCRIPTION_BUDGET } from '../graphql/query-limits';
import { AskedSubscription, SocketRequests, SubscribePayload, subscriptionAskedFor } from './socket-requests';

/**
 * Subscriptions one socket may hold at once. The page holds a few per game
 * open (the game, its chat, and while its player looks, their presence); a
 * socket holding hundreds makes the server redo each one's work at every
 * change.
 */
export const SUBSCRIPTIONS_PER_SOCKET = 20;

/** What graphql-ws hands its hooks of the socket: its open operations (its queries and mutations in flight among them). */
interface SocketState {
  subscriptions: Record<string, unknown>;
}

function refusal(code: string, message: string, cause?: GraphQLError): GraphQLError {
  return new GraphQLError(message, { nodes: cause?.nodes, source: cause?.source, positions: cause?.positions, extensions: { code } });
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
function subscriptionToRun(
  schema: GraphQLSchema,
  payload: SubscribePayload,
  { document, operation }: AskedSubscription,
  spend: (cost: number) => void,
): ExecutionArgs | GraphQLError[] {
  const invalid = validationErrors(schema, document);
  if (invalid.length) return invalid;
  const operationName = payload.operationName ?? undefined;
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

function tooManySubscriptions(): GraphQLError[] {
  const tooMany = new AppError(
    'TOO_MANY_SUBSCRIPTIONS',
    `A connection may follow at most ${SUBSCRIPTIONS_PER_SOCKET} things at once: stop following one first.`,
    {
      max: SUBSCRIPTIONS_PER_SOCKET,
    },
  );
  return [new GraphQLError(tooMany.message, { originalError: tooMany })];
}

/**
 * graphql-ws's hooks that run a socket's queries and mutations through
 * Apollo (`requests`) and hold its subscriptions to the rules above.
 */
export function socketOperationHooks<State extends SocketState>(schema: GraphQLSchema, requests: SocketRequests, spend: SpendOnSubscription<State>) {
  /** Each socket's queries and mutations in flight, which graphql-ws counts among its subscriptions. */
  const requestsInFlight = new WeakMap<State, Set<string>>();
  const inFlight = (state: State) => requestsInFlight.get(state) ?? requestsInFlight.set(state, new Set()).get(state)!;
  return {
    onSubscribe: (state: State, id: string, payload: SubscribePayload): ExecutionArgs | GraphQLError[] => {
      const subscription = subscriptionAskedFor(payload);
      if (!subscription) {
        inFlight(state).add(id);
        return requests.toRun(schema, payload);
      }
      // graphql-ws counts the one being asked for among them already.
      const requestIds = inFlight(state);
      if (Object.keys(state.subscriptions).filter((open) => !requestIds.has(open)).length > SUBSCRIPTIONS_PER_SOCKET) return tooManySubscriptions();
      return subscriptionToRun(schema, payload, subscription, (cost) => spend(state, cost));
    },
    execute: (args: ExecutionArgs) => requests.execute(args),
    onComplete: (state: State, id: string) => {
      requestsInFlight.get(state)?.delete(id);
    },
    // Refusals and errors before a first result, and errors in results, in the same shape as over HTTP (graphql-ws does not use Apollo's formatError).
    onError: (_state: SocketState, _id: string, _payload: SubscribePayload, errors: readonly GraphQLError[]): GraphQLFormattedError[] =>
      errors.map((error) => formatError(error.toJSON(), error)),
    // Apollo's answers are formatted already.
    onNext: (_state: SocketState, _id: string, _payload: SubscribePayload, args: ExecutionArgs, result: ExecutionResult): FormattedExecutionResult =>
      requests.runsThroughApollo(args) ? result : formatWsResult(result),
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
