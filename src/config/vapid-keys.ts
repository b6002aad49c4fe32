import { generateVAPIDKeys } from 'web-push';
import { keepSecret, keptSecret } from '../common/kept-secret';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * The key pair web push is signed with (VAPID, RFC 8292): VAPID_PUBLIC_KEY
 * and VAPID_PRIVATE_KEY, or a pair generated on first start and kept in
 * DATA_DIR, as the JWT secret is. A browser's subscription is bound to the
 * public key it was made with: a new pair means every device must turn push
 * on again, so the pair must outlive restarts.
 */
export function resolveVapidKeys(configured: VapidKeys | undefined, dataDir: string): VapidKeys {
  if (configured) return configured;
  const kept = keptSecret(dataDir, 'vapid-keys');
  if (kept) return JSON.parse(kept) as VapidKeys;
  const keys = generateVAPIDKeys();
  keepSecret(dataDir, 'vapid-keys', JSON.stringify({ publicKey: keys.publicKey, privateKey: keys.privateKey }));
  return keys;
}

/** VAPID_SUBJECT, or whom else push services may contact about this server's pushes: its https address, or its mail sender. */
export function resolveVapidSubject(configured: string | undefined, publicUrl: string, mailFrom: string): string {
  if (configured) return configured;
  if (publicUrl.startsWith('https:')) return publicUrl;
  return `mailto:${mailFrom.trim().replace(/^.*</, '').replace(/>$/, '')}`;
}
