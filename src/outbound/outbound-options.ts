/** How the server calls URLs given to it (outbound-http.ts). */
export interface OutboundOptions {
  /**
   * OUTBOUND_ALLOW_PRIVATE (or WEBHOOK_ALLOW_PRIVATE): plain http and private
   * addresses allowed, for tests and private servers. Cloud metadata
   * addresses stay refused even then.
   */
  allowPrivate: boolean;
}

export const OUTBOUND_OPTIONS = Symbol('OUTBOUND_OPTIONS');
