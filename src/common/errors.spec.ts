import { Logger } from '@nestjs/common';
import { ExternalExceptionFilter } from '@nestjs/core/exceptions/external-exception-filter';
import { AppError, rateLimited } from './errors';

describe('AppError', () => {
  afterEach(() => jest.restoreAllMocks());

  it('is a refusal Nest does not log as an error, while a fault is', () => {
    const logged = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    const filter = new ExternalExceptionFilter();
    expect(() => filter.catch(new AppError('NOT_YOUR_TURN', 'It is not your turn.'), {} as never)).toThrow('It is not your turn.');
    expect(logged).not.toHaveBeenCalled();
    expect(() => filter.catch(new TypeError('a fault'), {} as never)).toThrow('a fault');
    expect(logged).toHaveBeenCalledTimes(1);
  });

  it('says when to try again after a rate limit, in whole seconds', () => {
    expect(rateLimited('Too many.', 41.2)).toMatchObject({ code: 'RATE_LIMITED', details: { retryAfter: 42 }, message: 'Too many. Try again in 42 seconds.' });
    expect(rateLimited('Too many.', 0)).toMatchObject({ details: { retryAfter: 1 } });
  });
});
