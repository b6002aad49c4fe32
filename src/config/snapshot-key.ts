import { hkdfSync } from 'node:crypto';

/**
 * The key snapshots are sealed with: SNAPSHOT_KEY, or else one derived from
 * the server's JWT secret (itself JWT_SECRET or generated once in DATA_DIR),
 * so that, like it, the database never holds it. Every server process of one
 * site must use the same key; a changed key only makes the old snapshots
 * useless (they are replaced as games are loaded).
 */
export function resolveSnapshotKey(configured: string | undefined, jwtSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', configured ?? jwtSecret, 'pbw', configured ? 'snapshot key' : 'snapshot key from the JWT secret', 32));
}
