/**
 * An urql exchange that sends a query or mutation again while the server
 * answers SERVICE_UNAVAILABLE (it cannot reach its database: a restart or a
 * failover takes seconds), after the `extensions.retryAfter` it asks for, up
 * to TRIES_WHILE_UNAVAILABLE tries in all; only then does the page hear of
 * the refusal. Safe for moves too: a move sent again with its clientMoveId is
 * never recorded twice. (@urql/exchange-retry waits by its own backoff, not
 * by what the server asks.) Subscriptions are left to graphql-ws, which
 * reconnects by itself.
 */
import { makeOperation, type Exchange, type Operation, type OperationResult } from '@urql/core';
import { delay, filter, fromValue, makeSubject, merge, mergeMap, pipe, takeUntil } from 'wonka';

const TRIES_WHILE_UNAVAILABLE = 5;
/** When the server names no wait. */
const DEFAULT_RETRY_AFTER_SECONDS = 2;

/** Seconds to wait before sending the operation of `result` again; null when it is not to be sent again. */
function retryAfter(result: OperationResult): number | null {
  const refusal = result.error?.graphQLErrors[0];
  if (result.operation.kind === 'subscription' || refusal?.extensions.code !== 'SERVICE_UNAVAILABLE') return null;
  const seconds = refusal.extensions.retryAfter;
  return typeof seconds === 'number' ? seconds : DEFAULT_RETRY_AFTER_SECONDS;
}

const triesOf = (operation: Operation) => (operation.context.triesWhileUnavailable as number | undefined) ?? 1;

export const retryWhileUnavailableExchange: Exchange =
  ({ forward }) =>
  (operations$) => {
    const { source: retries$, next: retry } = makeSubject<{ operation: Operation; waitMs: number }>();
    const resent$ = pipe(
      retries$,
      mergeMap(({ operation, waitMs }) => {
        // A query nobody reads any more (its page was left) is not sent again.
        const abandoned$ = pipe(
          operations$,
          filter((next) => next.kind === 'teardown' && next.key === operation.key),
        );
        return pipe(fromValue(operation), delay(waitMs), takeUntil(abandoned$));
      }),
    );
    return pipe(
      forward(merge([operations$, resent$])),
      filter((result) => {
        const seconds = retryAfter(result);
        const tries = triesOf(result.operation);
        if (seconds === null || tries >= TRIES_WHILE_UNAVAILABLE) return true;
        const again = makeOperation(result.operation.kind, result.operation, { ...result.operation.context, triesWhileUnavailable: tries + 1 });
        retry({ operation: again, waitMs: seconds * 1000 });
        return false;
      }),
    );
  };
