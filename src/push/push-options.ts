import type { DeliveryPolicy } from '../notifications/notification-options';

/** Web push's settings (src/push/). */
export interface PushOptions {
  /** The VAPID key pair and subject pushes are signed with (config/vapid-keys.ts). */
  vapid: { publicKey: string; privateKey: string; subject: string };
  /** The site's address (PUBLIC_URL), which a push opens. */
  publicUrl: string;
  /** Whether this process sends the queued pushes (the server does; most tests do not). */
  sends: boolean;
  /** How hard a push is tried; omitted: as mail (DEFAULT_DELIVERY_POLICY). */
  delivery?: Partial<DeliveryPolicy>;
}

export const PUSH_OPTIONS = Symbol('PUSH_OPTIONS');
