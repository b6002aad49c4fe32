import jwt from 'jsonwebtoken';
import type { PrismaService } from '../database/prisma.service';
import { AuthService } from './auth.service';

const SECRET = 'a-test-secret-of-some-length';

describe('AuthService.verifyToken', () => {
  // Verifying a token reads no database.
  const auth = new AuthService(null as unknown as PrismaService, SECRET);
  const tokenFor = (userId: string, secret = SECRET, expiresIn = 60) => jwt.sign({}, secret, { subject: userId, expiresIn, algorithm: 'HS256' });

  afterEach(() => jest.useRealTimers());

  it('names the user of a valid token, again and again', () => {
    const token = tokenFor('user-1');
    expect(auth.verifyToken(token)).toBe('user-1');
    expect(auth.verifyToken(token)).toBe('user-1');
  });

  it('refuses a token signed with another key, or altered', () => {
    expect(() => auth.verifyToken(tokenFor('user-2', 'another-secret'))).toThrow(expect.objectContaining({ code: 'UNAUTHENTICATED' }));
    const [header, , signature] = tokenFor('user-3').split('.');
    const forgedClaims = Buffer.from(JSON.stringify({ sub: 'someone-else', exp: Math.floor(Date.now() / 1000) + 60 })).toString('base64url');
    expect(() => auth.verifyToken(`${header}.${forgedClaims}.${signature}`)).toThrow(expect.objectContaining({ code: 'UNAUTHENTICATED' }));
  });

  it('refuses a token once it has expired, even one it accepted before', () => {
    jest.useFakeTimers({ now: new Date('2026-11-22T10:00:00Z') });
    const token = tokenFor('user-4', SECRET, 60);
    expect(auth.verifyToken(token)).toBe('user-4');
    jest.setSystemTime(new Date('2026-11-22T10:01:01Z'));
    expect(() => auth.verifyToken(token)).toThrow(expect.objectContaining({ code: 'UNAUTHENTICATED' }));
  });
});
