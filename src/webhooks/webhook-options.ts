import type { DeliveryPolicy } from '../notifications/notification-options';

/** How long a webhook may fail, every try, before it is switched off and its owner told. */
export const SWITCH_OFF_AFTER_MS = 24 * 3600_000;

export interface WebhooksOptions {
  /** Base of the game links in posts (PUBLIC_URL). */
  publicUrl: string;
  /** Posts are delivered by this process; false: they are recorded and queued only (most tests). */
  deliver: boolean;
  delivery: DeliveryPolicy;
}

/**
 * Retries after 10 s, 20 s, 40 s ... doubling (each up to a quarter later, at
 * random); a webhook that fails for a day is switched off before the last.
 */
export const DEFAULT_WEBHOOK_DELIVERY: DeliveryPolicy = {
  retryLimit: 14,
  retryDelaySeconds: 10,
  retryBackoff: true,
  pollingIntervalSeconds: 2,
  leaseSeconds: 60,
};

export const WEBHOOKS_OPTIONS = Symbol('WEBHOOKS_OPTIONS');
