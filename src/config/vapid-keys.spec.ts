import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolveVapidKeys, resolveVapidSubject } from './vapid-keys';

describe('the VAPID keys', () => {
  it('are made on first start and kept in DATA_DIR, readable by this user only, so that devices stay subscribed across restarts', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'vapid-'));
    const first = resolveVapidKeys(undefined, dataDir);
    expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
    expect(Buffer.from(first.privateKey, 'base64url')).toHaveLength(32);
    expect(resolveVapidKeys(undefined, dataDir)).toEqual(first);
    expect(statSync(join(dataDir, 'vapid-keys')).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(join(dataDir, 'vapid-keys'), 'utf8'))).toEqual(first);
  });

  it('are the configured pair when there is one', () => {
    const configured = { publicKey: 'public', privateKey: 'private' };
    expect(resolveVapidKeys(configured, mkdtempSync(join(tmpdir(), 'vapid-')))).toBe(configured);
  });

  it('name a subject: the configured one, else the https site, else the mail sender', () => {
    expect(resolveVapidSubject('mailto:ops@example.org', 'https://games.example.org', 'x@example.org')).toBe('mailto:ops@example.org');
    expect(resolveVapidSubject(undefined, 'https://games.example.org', 'x@example.org')).toBe('https://games.example.org');
    expect(resolveVapidSubject(undefined, 'http://localhost:3000', 'Games <games@example.org>')).toBe('mailto:games@example.org');
  });
});
