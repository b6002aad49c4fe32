/**
 * Password hashing with scrypt (memory-hard and slow on purpose), from
 * node:crypto, so there is no native add-on to build. A stored hash names
 * the parameters it was made with, so hashes made at another cost still
 * verify; a login rehashes them at the server's cost (`madeAtCost`).
 */
import { randomBytes, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { DEFAULT_PASSWORD_HASH_COST, PASSWORD_HASH_COSTS } from '../config/config';

const scrypt = promisify(scryptCallback) as (password: string, salt: Buffer, keylen: number, options: object) => Promise<Buffer>;

const BLOCK_SIZE = 8;
const PARALLELISM = 1;
const KEY_LENGTH = 32;

/** scrypt takes 128 x N x r bytes, and refuses past `maxmem` (32 MiB unless told, which costs above 14 need): twice that is room enough. */
function scryptOptions(n: number, r: number, p: number): object {
  return { N: n, r, p, maxmem: 256 * n * r };
}

export async function hashPassword(password: string, cost = DEFAULT_PASSWORD_HASH_COST): Promise<string> {
  const n = 2 ** cost;
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEY_LENGTH, scryptOptions(n, BLOCK_SIZE, PARALLELISM));
  return `scrypt$${n}$${BLOCK_SIZE}$${PARALLELISM}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  // A hash asking for more than the largest cost allowed is refused before anything is computed.
  if (scheme !== 'scrypt' || !Number.isInteger(Number(n)) || Number(n) > 2 ** PASSWORD_HASH_COSTS[1]) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await scrypt(password, Buffer.from(salt, 'base64'), expected.length, scryptOptions(Number(n), Number(r), Number(p)));
  return timingSafeEqual(actual, expected);
}

/** Whether `stored` was made as hashPassword makes hashes at `cost` (else a login makes it again so). */
export function madeAtCost(stored: string, cost: number): boolean {
  return stored.startsWith(`scrypt$${2 ** cost}$${BLOCK_SIZE}$${PARALLELISM}$`);
}
