import { Passwords } from './passwords';

describe('Passwords at a server cost', () => {
  const passwords = new Passwords(10);

  it('hash at that cost, and tell a hash made at another', async () => {
    const stored = await passwords.hash('a long enough passphrase');
    expect(passwords.isAtThisCost(stored)).toBe(true);
    expect(passwords.isAtThisCost(await new Passwords(11).hash('a long enough passphrase'))).toBe(false);
  });

  it('match only the password a hash was made from, and nothing where no hash is stored, after the same work', async () => {
    const stored = await passwords.hash('a long enough passphrase');
    expect(await passwords.matches('a long enough passphrase', stored)).toBe(true);
    expect(await passwords.matches('another passphrase', stored)).toBe(false);
    const verified = jest.spyOn(passwords, 'verify');
    // Not even the stand-in's own password opens an address with no account.
    expect(await passwords.matches('no account has this password', null)).toBe(false);
    expect(verified).toHaveBeenCalledTimes(1);
    expect(verified.mock.calls[0][1]).toMatch(/^scrypt\$1024\$8\$1\$/);
  });
});
