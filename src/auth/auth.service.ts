import { createSecretKey, KeyObject } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import jwt from 'jsonwebtoken';
import { AppError } from '../common/errors';
import { PrismaService } from '../database/prisma.service';
import type { User } from '../generated/prisma/client';
import { hashPassword, verifyPassword } from './password';

export const JWT_SECRET = Symbol('JWT_SECRET');

const TOKEN_LIFETIME = '30d';
const VERIFIED_TOKENS_KEPT = 10_000;
const EMAIL_PATTERN = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

export interface Session {
  token: string;
  user: User;
}

@Injectable()
export class AuthService {
  /**
   * Made once: given the secret as a string, jsonwebtoken builds a key object
   * on every call, which was 13% of the server's CPU under load.
   */
  private readonly key: KeyObject;
  /**
   * Tokens already verified, with whom they name and until when: a player
   * sends the same token with every request, and checking its signature
   * again each time was the largest single cost of a move after the move.
   */
  private readonly verified = new Map<string, { userId: string; expiresAtMs: number }>();

  constructor(
    private readonly prisma: PrismaService,
    @Inject(JWT_SECRET) secret: string,
  ) {
    this.key = createSecretKey(Buffer.from(secret, 'utf8'));
  }

  async register(email: string, password: string, displayName: string): Promise<Session> {
    const normalized = email.trim().toLowerCase();
    const name = displayName.trim();
    if (!EMAIL_PATTERN.test(normalized) || normalized.length > 254) throw new AppError('BAD_USER_INPUT', 'That is not an email address.');
    if (password.length < 8 || password.length > 200) throw new AppError('BAD_USER_INPUT', 'The password must be 8 to 200 characters long.');
    if (name.length < 1 || name.length > 40) throw new AppError('BAD_USER_INPUT', 'The display name must be 1 to 40 characters long.');
    if (await this.prisma.user.findUnique({ where: { email: normalized } })) {
      throw new AppError('BAD_USER_INPUT', 'An account with that email already exists.');
    }
    try {
      const user = await this.prisma.user.create({
        data: { email: normalized, passwordHash: await hashPassword(password), displayName: name },
      });
      return { token: this.issueToken(user), user };
    } catch (error) {
      if ((error as { code?: string }).code === 'P2002') throw new AppError('BAD_USER_INPUT', 'An account with that email already exists.');
      throw error;
    }
  }

  async login(email: string, password: string): Promise<Session> {
    const user = await this.prisma.user.findUnique({ where: { email: email.trim().toLowerCase() } });
    if (!user || !(await verifyPassword(password, user.passwordHash))) {
      throw new AppError('UNAUTHENTICATED', 'Wrong email or password.');
    }
    return { token: this.issueToken(user), user };
  }

  /** The user id a bearer token stands for; refuses bad or expired tokens. */
  verifyToken(token: string): string {
    const known = this.verified.get(token);
    if (known && known.expiresAtMs > Date.now()) return known.userId;
    let claims: jwt.JwtPayload;
    try {
      claims = jwt.verify(token, this.key, { algorithms: ['HS256'] }) as jwt.JwtPayload;
      if (typeof claims.sub !== 'string' || typeof claims.exp !== 'number') throw new Error('no subject or expiry');
    } catch {
      throw new AppError('UNAUTHENTICATED', 'Your session is not valid any more: log in again.');
    }
    this.rememberVerified(token, claims.sub!, claims.exp! * 1000);
    return claims.sub!;
  }

  private rememberVerified(token: string, userId: string, expiresAtMs: number): void {
    this.verified.delete(token);
    this.verified.set(token, { userId, expiresAtMs });
    if (this.verified.size > VERIFIED_TOKENS_KEPT) this.verified.delete(this.verified.keys().next().value as string);
  }

  findUser(id: string): Promise<User | null> {
    return this.prisma.user.findUnique({ where: { id } });
  }

  private issueToken(user: User): string {
    return jwt.sign({}, this.key, { subject: user.id, expiresIn: TOKEN_LIFETIME, algorithm: 'HS256' });
  }
}
