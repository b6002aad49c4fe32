import type { DeliveryPolicy } from '../notifications/notification-options';

/** How this process plays the bots' seats (AppOptions.bots). */
export interface BotsOptions {
  /** How long a bot waits, once its turn begins in a game with a player in it, so that a page shows its moves one by one. */
  moveDelayMs: number;
  /** Whether this process makes the bots' moves (the tests of restarts start one that does not). */
  play: boolean;
  /** The queue's policy: how often it looks for due moves, how a failure is tried again. */
  delivery: DeliveryPolicy;
}
export const BOTS_OPTIONS = Symbol('BOTS_OPTIONS');

/** A bot's move that fails (the database away, say) is tried again soon, a few times, then left for an operator. */
export const DEFAULT_BOT_QUEUE_POLICY: DeliveryPolicy = {
  retryLimit: 8,
  retryDelaySeconds: 2,
  retryBackoff: true,
  pollingIntervalSeconds: 1,
  leaseSeconds: 60,
};
