import { keepSecret, keptSecret, newSecret } from '../common/kept-secret';

/**
 * The configured JWT_SECRET, or one generated on first start and kept in
 * DATA_DIR so that tokens stay valid across restarts.
 */
export function resolveJwtSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const kept = keptSecret(dataDir, 'jwt-secret');
  if (kept) return kept;
  const secret = newSecret();
  keepSecret(dataDir, 'jwt-secret', secret);
  return secret;
}
