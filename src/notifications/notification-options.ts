import type { MailCatcher } from './mail-catcher';

/** How hard the delivery worker tries (delivery-queue.ts). */
export interface DeliveryPolicy {
  /** Tries after the first; when the last fails too, the notification is FAILED. */
  retryLimit: number;
  retryDelaySeconds: number;
  /** Doubles the delay after each failure. */
  retryBackoff: boolean;
  /** How long an idle worker waits before looking for due mail again. */
  pollingIntervalSeconds: number;
  /**
   * How long a claimed mail is kept from other workers. It is renewed while
   * the mail is being sent, so it only needs to outlast a worker that died.
   */
  leaseSeconds: number;
}

/**
 * Retries after 15 s, 30 s, 1 min ... doubling (each up to a quarter later, at random): the last of 14 comes about
 * three days after the first failure, so an SMTP server may be down for days
 * without a mail being lost. A mail still failing after that is marked
 * FAILED in `notifications`, with its error.
 */
export const DEFAULT_DELIVERY_POLICY: DeliveryPolicy = {
  retryLimit: 14,
  retryDelaySeconds: 15,
  retryBackoff: true,
  pollingIntervalSeconds: 2,
  leaseSeconds: 120,
};

export interface MailOptions {
  /** smtp:// or smtps:// URL of the outgoing server. Unset: mail is queued but not sent by this process. */
  transportUrl?: string;
  from: string;
  /** Base of every link in mail (PUBLIC_URL). */
  publicUrl: string;
  /** Set when `transportUrl` is the in-process catcher: `/dev/mail` shows what it received. */
  catcher?: MailCatcher;
  delivery?: Partial<DeliveryPolicy>;
}

export interface NotificationsOptions {
  mail: MailOptions;
  /**
   * How long a "your turn" or "new messages" mail waits (by the app's clock)
   * before it goes out, and is dropped if the player comes by meanwhile
   * (grace-periods.ts). 0 or omitted: it is due at once.
   */
  turnMailDelaySeconds?: number;
  /** Key for signing unsubscribe links. */
  linkSecret: string;
  /** Looks for due digests this often; unset: only when asked (tests). */
  sweepIntervalMs?: number;
}

export const NOTIFICATIONS_OPTIONS = Symbol('NOTIFICATIONS_OPTIONS');

/** For processes that send no mail (most tests): notifications are still recorded and queued. */
export const MAIL_NOT_SENT: MailOptions = { from: 'Play by Web <noreply@localhost>', publicUrl: 'http://localhost' };
