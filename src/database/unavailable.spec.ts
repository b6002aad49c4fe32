import { GraphQLError } from 'graphql';
import { isDatabaseUnavailable } from './unavailable';

/** What `pg` throws for a connection the server ended (pg_terminate_backend, a restart). */
function terminated(): Error {
  return Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
}

describe('isDatabaseUnavailable', () => {
  it('knows the outage inside the shapes it arrives in', () => {
    expect(isDatabaseUnavailable(terminated())).toBe(true);
    expect(isDatabaseUnavailable({ code: 'P2010', meta: { driverAdapterError: { cause: { kind: 'ConnectionClosed' } } } })).toBe(true);
    // Apollo wraps an error thrown while building a request's context (a session read, say).
    expect(isDatabaseUnavailable(new GraphQLError('Context creation failed: terminating connection', { originalError: terminated() }))).toBe(true);
  });

  it('counts an interactive transaction that could not begin or end in time as a database too busy, not a fault', () => {
    // Prisma's words (P2028) when no connection came within maxWait, and when the transaction outlived its timeout.
    expect(isDatabaseUnavailable({ code: 'P2028', message: 'Transaction API error: Unable to start a transaction in the given time.' })).toBe(true);
    const expired =
      'Transaction API error: A commit cannot be executed on an expired transaction. The timeout for this transaction was 5000 ms, however 5524 ms passed since the start of the transaction.';
    expect(isDatabaseUnavailable({ code: 'P2028', message: `\nInvalid \`tx.game.create()\` invocation:\n\n${expired}` })).toBe(true);
    // P2028's other cases are our own mistakes.
    expect(isDatabaseUnavailable({ code: 'P2028', message: 'Transaction API error: Transaction not found.' })).toBe(false);
  });

  it('is not fooled by other faults', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key value'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(new GraphQLError('Context creation failed: boom', { originalError: new Error('boom') }))).toBe(false);
  });
});
