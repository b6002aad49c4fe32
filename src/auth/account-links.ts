/**
 * The token of a single-use link mailed about an account (accounts/account-tokens.ts):
 * the id of its row and an HMAC of the id under the server's secret. The
 * mail worker writes it into the mail as it sends; the server checks it when
 * the link is opened.
 */
import { createHmac } from 'node:crypto';

/** The token a link carries for the row `id`. */
export function accountLinkToken(secret: string, id: string): string {
  return `${id}.${accountLinkSignature(secret, id)}`;
}

/** The signature part of the token for the row `id`. */
export function accountLinkSignature(secret: string, id: string): string {
  return createHmac('sha256', secret).update(`account-token:${id}`).digest('base64url');
}
