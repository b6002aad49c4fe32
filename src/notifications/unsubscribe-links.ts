/**
 * Unsubscribe links that work without logging in: the URL names the user
 * and what to stop (one kind of mail, or ALL), signed with an HMAC so nobody
 * can unsubscribe someone else.
 */
import { createHmac } from 'node:crypto';
import { sameSecret } from '../common/same-secret';
import { CHOOSABLE_KINDS, ChoosableKind } from './preferences';

export type UnsubscribeScope = ChoosableKind | 'ALL';

export interface UnsubscribeRequest {
  userId: string;
  scope: UnsubscribeScope;
}

export const UNSUBSCRIBE_PATH = '/unsubscribe';

/** What an unsubscribe link stops, for a person. */
export const UNSUBSCRIBE_WHAT: Record<UnsubscribeScope, string> = {
  YOUR_TURN: 'your-turn emails',
  INVITATION: 'invitation emails',
  GAME_STARTED: 'game-started emails',
  GAME_FINISHED: 'game-over emails',
  ROLLBACK: 'rollback emails',
  DEADLINE_REMINDER: 'deadline reminders',
  DEADLINE_PASSED: 'deadline-passed emails',
  NEW_MESSAGES: 'new-message emails',
  AGREEMENT_REQUEST: 'emails asking you to agree to a takeback or to end a game',
  ALL: 'all emails',
};

export class UnsubscribeLinks {
  private readonly key: Buffer;

  constructor(
    secret: string,
    private readonly publicUrl: string,
  ) {
    // Its own key, so a signature here is worth nothing anywhere else.
    this.key = createHmac('sha256', secret).update('unsubscribe-links').digest();
  }

  url({ userId, scope }: UnsubscribeRequest): string {
    const query = new URLSearchParams({ user: userId, scope, sig: this.sign(userId, scope) });
    return `${this.publicUrl}${UNSUBSCRIBE_PATH}?${query}`;
  }

  /** The request a link's query stands for, or null when it is not one we signed. */
  verify(query: Record<string, unknown>): UnsubscribeRequest | null {
    const { user, scope, sig } = query;
    if (typeof user !== 'string' || typeof scope !== 'string' || typeof sig !== 'string') return null;
    if (scope !== 'ALL' && !(CHOOSABLE_KINDS as readonly string[]).includes(scope)) return null;
    if (!sameSecret(sig, this.sign(user, scope))) return null;
    return { userId: user, scope: scope as UnsubscribeScope };
  }

  private sign(userId: string, scope: string): string {
    return createHmac('sha256', this.key).update(`${userId}\n${scope}`).digest('base64url');
  }
}
