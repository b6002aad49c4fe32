import { DEFAULT_PASSWORD_HASH_COST, PASSWORD_HASH_COSTS } from '../config/config';
import { hashPassword, madeAtCost, verifyPassword } from './password';

describe('password hashes', () => {
  it('are scrypt with N = 2^14, r = 8, p = 1 unless a cost is given, and name what they were made with', async () => {
    expect(DEFAULT_PASSWORD_HASH_COST).toBe(14);
    const stored = await hashPassword('correct horse battery staple');
    expect(stored).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9+/]{22}==\$[A-Za-z0-9+/]{43}=$/);
    expect(await verifyPassword('correct horse battery staple', stored)).toBe(true);
    expect(await verifyPassword('correct horse battery stapler', stored)).toBe(false);
    // A fresh salt each time: two hashes of one password differ.
    expect(await hashPassword('correct horse battery staple')).not.toBe(stored);
  });

  it('made at any cost allowed verify by what they name, whatever the cost is now', async () => {
    const [least, most] = PASSWORD_HASH_COSTS;
    expect([least, most]).toEqual([10, 17]);
    for (const cost of [least, most]) {
      const stored = await hashPassword('a long enough passphrase', cost);
      expect(stored.startsWith(`scrypt$${2 ** cost}$8$1$`)).toBe(true);
      expect(await verifyPassword('a long enough passphrase', stored)).toBe(true);
      expect(await verifyPassword('another passphrase', stored)).toBe(false);
    }
  });

  it("tell whether they were made at a cost, so that a login can make them again at the server's", async () => {
    const stored = await hashPassword('a long enough passphrase', 10);
    expect(madeAtCost(stored, 10)).toBe(true);
    expect(madeAtCost(stored, 14)).toBe(false);
    expect(madeAtCost(stored.replace('$8$1$', '$16$1$'), 10)).toBe(false);
  });

  it('naming a cost above the most allowed, or another scheme, match no password (and cost nothing to check)', async () => {
    const stored = await hashPassword('a long enough passphrase', 10);
    expect(await verifyPassword('a long enough passphrase', stored.replace('scrypt$1024$', `scrypt$${2 ** 20}$`))).toBe(false);
    expect(await verifyPassword('a long enough passphrase', stored.replace('scrypt$', 'bcrypt$'))).toBe(false);
  });
});
