import { GraphQLError } from 'graphql';
import { formatError } from '../api/format-error';
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

  it('is not fooled by other faults', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key value'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(new GraphQLError('Context creation failed: boom', { originalError: new Error('boom') }))).toBe(false);
  });
});

describe('formatError during an outage', () => {
  it('tells the client to try again, also when the outage struck while the request context was built', () => {
    const error = new GraphQLError('Context creation failed: terminating connection due to administrator command', {
      originalError: terminated(),
      extensions: { code: 'INTERNAL_SERVER_ERROR' },
    });
    const formatted = formatError(error.toJSON(), error);
    expect(formatted.extensions).toMatchObject({ code: 'SERVICE_UNAVAILABLE', retryAfter: expect.any(Number) });
    expect(formatted.message).not.toMatch(/terminating|administrator/);
  });
});
