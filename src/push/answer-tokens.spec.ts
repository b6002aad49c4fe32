import { AnswerTokens } from './answer-tokens';

describe('the token a push answers a request with', () => {
  const tokens = new AnswerTokens('a server secret long enough for the tests');
  const request = { gameId: 'g1', proposal: 'takeback' as const, gameVersion: 12, expiresAt: '2026-03-03T12:00:00.000Z' };
  const now = new Date('2026-03-02T12:00:00.000Z');

  it('answers that request, for that player, until it lapses', () => {
    const token = tokens.make('u1', request);
    expect(tokens.read(token, now)).toEqual({ userId: 'u1', gameId: 'g1', proposal: 'takeback', gameVersion: 12, expiresAt: new Date(request.expiresAt) });
    expect(tokens.read(token, new Date('2026-03-03T12:00:00.000Z'))).toBeNull();
  });

  it('is refused when changed, malformed, or made with another secret', () => {
    const token = tokens.make('u1', request);
    const [claims, signature] = token.split('.');
    const otherClaims = Buffer.from(JSON.stringify(['u2', 'g1', 'takeback', 12, request.expiresAt])).toString('base64url');
    expect(tokens.read(`${otherClaims}.${signature}`, now)).toBeNull();
    expect(tokens.read(`${claims}.${signature.slice(1)}`, now)).toBeNull();
    expect(tokens.read(claims, now)).toBeNull();
    expect(tokens.read(`${token}.more`, now)).toBeNull();
    expect(new AnswerTokens('another server secret, long enough too').read(token, now)).toBeNull();
  });
});
