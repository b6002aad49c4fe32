/**
 * What a push shows: the notification's title and text, the game's page to
 * open, and for a takeback or a proposal to end, the answer its "Accept"
 * and "Decline" buttons give. Kept small: a push service takes at most 4 KB.
 */
import type { ToldNotification } from '../notifications/mail-parts';

/** The answer a push's buttons give, without the token (added when it is sent: none is stored). */
export interface AnswerRequest {
  gameId: string;
  proposal: 'takeback' | 'end';
  /** The game's version the request was told at: the token answers that request only. */
  gameVersion: number;
  /** When the request lapses, and the token with it (ISO time). */
  expiresAt: string;
}

export interface StoredPayload {
  title: string;
  body: string;
  url: string;
  /** Pushes with the same tag replace each other on the device (one per game and kind). */
  tag: string;
  answer?: AnswerRequest;
}

/** What the service worker receives. */
export interface PushPayload extends Omit<StoredPayload, 'answer'> {
  answer?: { gameId: string; proposal: 'takeback' | 'end'; token: string };
}

const MAX_BODY = 300;

function shortened(text: string): string {
  return text.length <= MAX_BODY ? text : `${text.slice(0, MAX_BODY - 1)}…`;
}

/** What a notification about a game shows as a push. */
export function notificationPayload(told: ToldNotification): StoredPayload {
  const payload: StoredPayload = { title: told.headline, body: shortened(told.summary), url: told.url, tag: `${told.gameId}:${told.kind}` };
  const { request, expiresAt } = told.details as { request?: 'takeback' | 'end'; expiresAt?: string };
  if (told.kind === 'AGREEMENT_REQUEST' && request && expiresAt) {
    payload.answer = { gameId: told.gameId, proposal: request, gameVersion: told.gameVersion, expiresAt };
  }
  return payload;
}

/** The push a player sends themselves from the settings page, to see that their devices get pushes. */
export function testPayload(settingsUrl: string): StoredPayload {
  return {
    title: 'A test from Play by Web',
    body: 'This device will tell you when it is your turn in a game, and of the other news you chose.',
    url: settingsUrl,
    tag: 'test',
  };
}
