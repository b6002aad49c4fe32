/**
 * An urql exchange that sends queries and moves over the live-update socket
 * while it is open, sparing each the cost of an HTTP request, and over HTTP
 * (the exchanges after it) while it is not. The server runs both alike.
 *
 * What the socket was asked and had not answered when it closed is sent
 * again over HTTP: a query is only read again, and a move carries its
 * clientMoveId, which the server records once however often it comes. Other
 * mutations go over HTTP always: sent again after a socket dropped, one that
 * had been done would be done twice.
 *
 * A socket can also die without closing (a phone that slept, a network that
 * changed): it stays open and hears nothing. An answer that takes longer
 * than ANSWER_WAIT_MS is taken as a sign of that: the socket is ended, which
 * sends what it was asked over HTTP and opens a new one, and the live
 * updates on it catch up as after any reconnection.
 */
import {
  CombinedError,
  getOperationName,
  makeErrorResult,
  makeResult,
  stringifyDocument,
  type Exchange,
  type Operation,
  type OperationResult,
} from '@urql/core';
import type { Client as Socket, ExecutionResult } from 'graphql-ws';
import { filter, make, makeSubject, map, merge, mergeMap, pipe, share, takeUntil, type Source } from 'wonka';

/** How long an answer over the socket may take; the server answers a move in milliseconds. */
export const ANSWER_WAIT_MS = 4000;

/** The page's live-update socket, while it is open (client.ts). */
export type OpenSocket = () => Socket | null;

/** Whether `operation` may be sent again after a socket that was asked it closed. */
function safeToResend(operation: Operation): boolean {
  if (operation.kind === 'query') return true;
  return operation.kind === 'mutation' && typeof (operation.variables as Record<string, unknown> | undefined)?.clientMoveId === 'string';
}

/** The answer to `operation` over `socket`; or none, and `operation` handed to `resend`, when the socket closes first. */
function answerOverSocket(socket: Socket, operation: Operation, resend: (operation: Operation) => void) {
  return make<OperationResult>(({ next, complete }) => {
    let waiting = true;
    let stop = () => undefined as void;
    const stopListening = socket.on('closed', () => dropped());
    const deadSocket = setTimeout(() => socket.terminate(), ANSWER_WAIT_MS);
    const settle = () => {
      waiting = false;
      clearTimeout(deadSocket);
      stopListening();
    };
    const dropped = () => {
      if (!waiting) return;
      settle();
      stop();
      resend(operation);
      complete();
    };
    stop = socket.subscribe(
      {
        query: stringifyDocument(operation.query),
        operationName: getOperationName(operation.query),
        variables: operation.variables as Record<string, unknown>,
        extensions: operation.extensions,
      },
      {
        next: (result: ExecutionResult) => {
          settle();
          next(makeResult(operation, result));
        },
        // An array of errors is the server's refusal; anything else, the socket's end.
        error: (error) => {
          if (!Array.isArray(error)) return dropped();
          settle();
          next(makeErrorResult(operation, new CombinedError({ graphQLErrors: error })));
          complete();
        },
        complete,
      },
    );
    return () => {
      if (!waiting) return;
      settle();
      stop();
    };
  });
}

export function socketRequestsExchange(openSocket: OpenSocket): Exchange {
  return ({ forward }) =>
    (operations$) => {
      const { source: resent$, next: resend } = makeSubject<Operation>();
      const routed$ = pipe(
        operations$,
        map((operation) => ({ operation, socket: operation.kind !== 'teardown' && safeToResend(operation) ? openSocket() : null })),
        share,
      );
      const teardownOf = (operation: Operation): Source<unknown> =>
        pipe(
          operations$,
          filter((next) => next.kind === 'teardown' && next.key === operation.key),
        );
      const overSocket$ = pipe(
        routed$,
        filter(({ socket }) => socket !== null),
        mergeMap(({ operation, socket }) => pipe(answerOverSocket(socket!, operation, resend), takeUntil(teardownOf(operation)))),
      );
      const overHttp$ = pipe(
        routed$,
        filter(({ socket }) => socket === null),
        map(({ operation }) => operation),
      );
      return merge([overSocket$, forward(merge([overHttp$, resent$]))]);
    };
}
