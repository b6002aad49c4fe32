import { GraphQLError } from 'graphql';
import { AppError } from '../common/errors';
import { errorCode, formatError } from './format-error';

/** What `pg` throws for a connection the server ended (pg_terminate_backend, a restart). */
function terminated(): Error {
  return Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
}

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

describe('errorCode', () => {
  it("is the code formatError gives the client: a refusal's own, an outage's, a fault's", () => {
    const errors = {
      NOT_YOUR_TURN: new AppError('NOT_YOUR_TURN', 'Wait for your turn.'),
      SERVICE_UNAVAILABLE: terminated(),
      INTERNAL_SERVER_ERROR: new Error('boom'),
    };
    for (const [code, error] of Object.entries(errors)) {
      expect(errorCode(error)).toBe(code);
      expect(formatError(new GraphQLError(error.message).toJSON(), error).extensions!.code).toBe(code);
    }
  });
});
