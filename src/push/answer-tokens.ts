/**
 * The token a push's "Accept" and "Decline" buttons answer with: it
 * answers one takeback request or proposal to end, for one player, until
 * the request lapses, and nothing else; a session is never put in a push.
 * An HMAC of the server's secret (JWT_SECRET), made when the push is sent.
 */
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import type { AnswerRequest } from './push-payloads';

export interface AnswerGrant {
  userId: string;
  gameId: string;
  proposal: 'takeback' | 'end';
  gameVersion: number;
  expiresAt: Date;
}

export class AnswerTokens {
  private readonly key: Buffer;

  constructor(serverSecret: string) {
    this.key = Buffer.from(hkdfSync('sha256', serverSecret, 'pbw', 'answers from a push', 32));
  }

  make(userId: string, request: AnswerRequest): string {
    const claims = Buffer.from(JSON.stringify([userId, request.gameId, request.proposal, request.gameVersion, request.expiresAt])).toString('base64url');
    return `${claims}.${this.sign(claims)}`;
  }

  /** What the token lets its bearer answer, or null when it is forged, malformed or lapsed. */
  read(token: string, now: Date): AnswerGrant | null {
    const [claims, signature, ...rest] = token.split('.');
    if (!claims || !signature || rest.length > 0) return null;
    const expected = Buffer.from(this.sign(claims));
    if (expected.length !== signature.length || !timingSafeEqual(expected, Buffer.from(signature))) return null;
    const [userId, gameId, proposal, gameVersion, expiresAt] = JSON.parse(Buffer.from(claims, 'base64url').toString()) as [
      string,
      string,
      'takeback' | 'end',
      number,
      string,
    ];
    const grant = { userId, gameId, proposal, gameVersion, expiresAt: new Date(expiresAt) };
    return grant.expiresAt > now ? grant : null;
  }

  private sign(claims: string): string {
    return createHmac('sha256', this.key).update(claims).digest('base64url');
  }
}
