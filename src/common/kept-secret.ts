/**
 * Secrets the server makes for itself on first use and keeps in DATA_DIR,
 * each in a file only this user may read: the JWT secret when JWT_SECRET is
 * not set, the embedded PostgreSQL's passwords.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The secret kept under `name` in `dataDir`, or null when none is. */
export function keptSecret(dataDir: string, name: string): string | null {
  const file = join(dataDir, name);
  return existsSync(file) ? readFileSync(file, 'utf8').trim() : null;
}

/** Keeps `secret` under `name` in `dataDir`. */
export function keepSecret(dataDir: string, name: string, secret: string): void {
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(join(dataDir, name), `${secret}\n`, { mode: 0o600 });
}

/** A new random secret, safe in URLs and SQL literals alike. */
export function newSecret(): string {
  return randomBytes(36).toString('base64url');
}
