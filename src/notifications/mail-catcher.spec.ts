import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTransport } from 'nodemailer';
import { MailCatcher } from './mail-catcher';

/** Sends `count` mails to the catcher at `smtpUrl`, one after the other, through one connection. */
async function send(smtpUrl: string, count: number, subject = 'Confirm your address'): Promise<void> {
  const transport = createTransport({ url: smtpUrl, pool: true, maxConnections: 1 } as Parameters<typeof createTransport>[0]);
  try {
    for (let i = 1; i <= count; i++) {
      await transport.sendMail({
        from: 'games@localhost',
        to: 'ann@example.org',
        subject: `${subject} ${i}`,
        text: 'Open http://localhost:3000/verify-email?token=t',
      });
    }
  } finally {
    transport.close();
  }
}

describe('the mail catcher', () => {
  let dataDir: string;

  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'pbw-catcher-'));
  });

  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('keeps its key and the mail it caught in its data folder: restarted there, it opens with the same key and shows the same mail', async () => {
    const first = new MailCatcher({ dataDir });
    await send(await first.start(), 2);
    await first.stop();

    const again = new MailCatcher({ dataDir });
    try {
      expect(again.pageKey).toBe(first.pageKey);
      expect(again.opens(first.pageKey)).toBe(true);
      expect(again.list().map(({ id, subject, to }) => ({ id, subject, to }))).toEqual([
        { id: 2, subject: 'Confirm your address 2', to: 'ann@example.org' },
        { id: 1, subject: 'Confirm your address 1', to: 'ann@example.org' },
      ]);
      expect(again.find(1)!.receivedAt).toEqual(first.find(1)!.receivedAt);
      expect(again.find(1)!.text).toContain('verify-email?token=t');
      // The next mail follows the kept ones.
      await send(await again.start(), 1, 'Later');
      expect(again.list()[0]).toMatchObject({ id: 3, subject: 'Later 1' });
    } finally {
      await again.stop();
    }
  });

  it('keeps them readable by this user only: they hold sign-up and password reset links', async () => {
    const catcher = new MailCatcher({ dataDir });
    await send(await catcher.start(), 1);
    await catcher.stop();
    expect(statSync(join(dataDir, 'mail-catcher-key')).mode & 0o777).toBe(0o600);
    expect(statSync(join(dataDir, 'caught-mail')).mode & 0o777).toBe(0o700);
    expect(statSync(join(dataDir, 'caught-mail', '1.json')).mode & 0o777).toBe(0o600);
  });

  it('forgets the oldest mail past the newest 200, on disk too', async () => {
    const catcher = new MailCatcher({ dataDir });
    await send(await catcher.start(), 202);
    await catcher.stop();
    expect(catcher.list()).toHaveLength(200);
    expect(catcher.find(2)).toBeUndefined();
    expect(readdirSync(join(dataDir, 'caught-mail')).sort()).toEqual(Array.from({ length: 200 }, (_, i) => `${i + 3}.json`).sort());
    expect(new MailCatcher({ dataDir }).list()).toHaveLength(200);
  }, 60_000);

  it('without a data folder keeps nothing: each catcher has a key of its own', () => {
    expect(new MailCatcher().pageKey).not.toBe(new MailCatcher().pageKey);
    expect(readdirSync(dataDir)).toEqual([]);
  });
});
