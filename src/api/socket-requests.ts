/**
 * The queries and mutations a WebSocket sends (the page's moves, first of
 * all) run through Apollo Server's own request pipeline, as an HTTP
 * request's do: the same parsing and its cache, validation, query limits and
 * cost, plugins, error formatting, and the same resolvers with their guards
 * and rate limits. The socket spares only what HTTP costs around them (a
 * request through Express, its headers, its body parser). Only subscriptions,
 * which Apollo does not serve, are run by graphql-ws itself
 * (socket-operations.ts).
 *
 * graphql-ws wants a document to tell a subscription from the rest, and
 * then hands the rest to its `execute`: the rest are handed a stand-in
 * document, and `execute` runs the message as it came through Apollo.
 */
import type { ApolloServer, GraphQLResponse } from '@apollo/server';
import {
  DocumentNode,
  ExecutionArgs,
  ExecutionResult,
  FormattedExecutionResult,
  getOperationAST,
  GraphQLSchema,
  OperationDefinitionNode,
  parse,
} from 'graphql';
import type { SocketRequestLog } from '../logging/socket-request-log';
import type { RequestContext } from '../graphql/context';
import { QUERY_LIMITS } from '../graphql/query-limits';
import { formatError } from './format-error';

/** What a socket's `subscribe` message carries (graphql-ws's SubscribePayload). */
export interface SubscribePayload {
  query: string;
  operationName?: string | null;
  variables?: Record<string, unknown> | null;
  extensions?: Record<string, unknown> | null;
}

/** A subscription a message asks for: its document, parsed, and the operation. */
export interface AskedSubscription {
  document: DocumentNode;
  operation: OperationDefinitionNode;
}

/** Only an operation that begins with this keyword is a subscription: a document without the word holds none, and is not parsed here. */
const SUBSCRIPTION_KEYWORD = /\bsubscription\b/;

/**
 * The subscription `payload` asks for; null for anything else, including a
 * document that is not valid or names no operation, which Apollo refuses with
 * the codes HTTP gives.
 */
export function subscriptionAskedFor(payload: SubscribePayload): AskedSubscription | null {
  if (!SUBSCRIPTION_KEYWORD.test(payload.query)) return null;
  let document: DocumentNode;
  try {
    document = parse(payload.query, { maxTokens: QUERY_LIMITS.tokens });
  } catch {
    return null;
  }
  const operation = getOperationAST(document, payload.operationName ?? undefined);
  return operation?.operation === 'subscription' ? { document, operation } : null;
}

/** graphql-ws's choice between `subscribe` and `execute`: any query will do, Apollo runs the message itself. */
const STAND_IN = parse('{ __typename }');

/** A request's answer as Apollo would send it over HTTP, and whether HTTP would send it as a server error. */
interface Answer {
  result: FormattedExecutionResult;
  failed: boolean;
}

function answerOf(response: GraphQLResponse): Answer {
  // Incremental delivery (@defer) needs an HTTP client that accepts multipart answers: Apollo refuses it in a single one otherwise.
  if (response.body.kind !== 'single') throw new Error('Apollo answered a WebSocket request incrementally');
  return { result: response.body.singleResult, failed: (response.http.status ?? 200) >= 500 };
}

/**
 * The answer to a request whose run failed in Apollo's pipeline itself
 * (Apollo has logged why): HTTP's 500, with the request's id; not an error
 * thrown to graphql-ws, which would close the socket for good (4500).
 */
function faultAnswer(error: unknown, requestId: string): Answer {
  const fault = formatError({ message: String(error), extensions: { code: 'INTERNAL_SERVER_ERROR' } }, error);
  return { result: { errors: [{ ...fault, extensions: { ...fault.extensions, requestId } }] }, failed: true };
}

export class SocketRequests {
  /** Each stand-in's message, from the socket that sent it. */
  private readonly messages = new WeakMap<ExecutionArgs, SubscribePayload>();

  constructor(
    private readonly apollo: ApolloServer<RequestContext>,
    private readonly log: SocketRequestLog,
  ) {}

  /** What graphql-ws is to run for `payload`, a query or mutation: a stand-in that `execute` recognises. */
  toRun(schema: GraphQLSchema, payload: SubscribePayload): ExecutionArgs {
    const args: ExecutionArgs = { schema, document: STAND_IN };
    this.messages.set(args, payload);
    return args;
  }

  /** Whether graphql-ws's `args` are a stand-in (their answer comes formatted by Apollo already). */
  runsThroughApollo(args: ExecutionArgs): boolean {
    return this.messages.has(args);
  }

  /**
   * graphql-ws's `execute`: the message through Apollo, in the context
   * graphql-ws made for it (socket-server.ts). Apollo's answer is formatted
   * already, as graphql-ws's own results are only in `onNext`, which passes
   * it on as it is.
   */
  async execute(args: ExecutionArgs): Promise<ExecutionResult> {
    const payload = this.messages.get(args)!;
    const context = args.contextValue as RequestContext;
    const { result } = await this.log.run(
      payload.operationName ?? undefined,
      (requestId) =>
        this.apollo
          .executeOperation(
            {
              query: payload.query || undefined,
              operationName: payload.operationName ?? undefined,
              variables: payload.variables ?? undefined,
              extensions: payload.extensions ?? undefined,
            },
            { contextValue: { ...context, requestId } },
          )
          .then(answerOf)
          .catch((error: unknown) => faultAnswer(error, requestId)),
      (answer) => answer.failed,
    );
    return result as ExecutionResult;
  }
}
