/**
 * The mail catcher for `npm start` without SMTP_URL: an SMTP server inside
 * the app process that keeps what it receives, for `/dev/mail`. Nothing
 * leaves the machine. Caught mail holds every sign-up and password reset
 * link, so its pages are shown only with the catcher's key, printed in the
 * server's log at start: a server reachable by others, run without SMTP_URL,
 * would otherwise hand anyone the links to take over any account.
 *
 * Given a data folder (DATA_DIR: npm start), the key is made once and kept
 * there, and so is each mail (`caught-mail/<id>.json`), readable by this
 * user only as the other kept secrets: a restart keeps both, and a catcher
 * tab left open still works. Without one (tests), both live in memory.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { keepSecret, keptSecret } from '../common/kept-secret';
import { sameSecret } from '../common/same-secret';

export interface CaughtMail {
  id: number;
  receivedAt: Date;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  headers: Array<{ key: string; value: string }>;
}

const KEPT_MAILS = 200;

const KEY_FILE = 'mail-catcher-key';
const MAIL_FOLDER = 'caught-mail';

/** A new key for the catcher's pages. */
function newPageKey(): string {
  return randomBytes(18).toString('base64url');
}

/** Where caught mail is kept, with the key: in memory only, or in a data folder too. */
interface MailStore {
  key(): string;
  /** Every kept mail, oldest first. */
  load(): CaughtMail[];
  keep(mail: CaughtMail): void;
  forget(mail: CaughtMail): void;
}

const IN_MEMORY: MailStore = { key: newPageKey, load: () => [], keep: () => {}, forget: () => {} };

/** One JSON file per mail under `dataDir/caught-mail` (this user's only), the key beside the other kept secrets. */
function storeIn(dataDir: string): MailStore {
  const folder = join(dataDir, MAIL_FOLDER);
  const file = (id: number) => join(folder, `${id}.json`);
  return {
    key: () => {
      const kept = keptSecret(dataDir, KEY_FILE);
      if (kept) return kept;
      const key = newPageKey();
      keepSecret(dataDir, KEY_FILE, key);
      return key;
    },
    load: () => {
      mkdirSync(folder, { recursive: true, mode: 0o700 });
      return readdirSync(folder)
        .filter((name) => /^\d+\.json$/.test(name))
        .map((name) => JSON.parse(readFileSync(join(folder, name), 'utf8')) as CaughtMail)
        .map((mail) => ({ ...mail, receivedAt: new Date(mail.receivedAt) }))
        .sort((a, b) => a.id - b.id);
    },
    keep: (mail) => {
      // Written whole, then renamed: a restart never finds half a mail.
      writeFileSync(`${file(mail.id)}.new`, JSON.stringify(mail), { mode: 0o600 });
      renameSync(`${file(mail.id)}.new`, file(mail.id));
    },
    forget: (mail) => rmSync(file(mail.id), { force: true }),
  };
}

export interface MailCatcherOptions {
  /** Keeps the key and the mail in this folder (DATA_DIR) across restarts. Omitted: in memory only. */
  dataDir?: string;
}

export class MailCatcher {
  /** What `/dev/mail` asks for (`?key=`). */
  readonly pageKey: string;
  private readonly store: MailStore;
  private readonly mails: CaughtMail[];
  private nextId: number;
  private readonly server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData: (stream, _session, callback) => {
      // mailparser (80 modules) is loaded with the first mail caught, not with every server that might catch one.
      import('mailparser')
        .then(({ simpleParser }) => simpleParser(stream))
        .then((parsed) => this.keep(parsed))
        .then(() => callback(), callback);
    },
  });

  constructor({ dataDir }: MailCatcherOptions = {}) {
    this.store = dataDir ? storeIn(dataDir) : IN_MEMORY;
    this.pageKey = this.store.key();
    this.mails = this.store.load();
    this.nextId = (this.mails[this.mails.length - 1]?.id ?? 0) + 1;
  }

  /** Listens on loopback; resolves to the smtp:// URL to send to. */
  async start(port = 0): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(port, '127.0.0.1', resolve));
    return `smtp://127.0.0.1:${(this.server.server.address() as AddressInfo).port}`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(resolve));
  }

  /** Whether a request for the catcher's pages sent its key. */
  opens(key: unknown): boolean {
    return typeof key === 'string' && sameSecret(key, this.pageKey);
  }

  /** Newest first. */
  list(): CaughtMail[] {
    return [...this.mails].reverse();
  }

  find(id: number): CaughtMail | undefined {
    return this.mails.find((mail) => mail.id === id);
  }

  private keep(parsed: ParsedMail): void {
    const mail: CaughtMail = {
      id: this.nextId++,
      receivedAt: new Date(),
      from: parsed.from?.text ?? '',
      to: [parsed.to ?? []]
        .flat()
        .map((address) => address.text)
        .join(', '),
      subject: parsed.subject ?? '',
      text: parsed.text ?? '',
      html: parsed.html || null,
      headers: parsed.headerLines.map(({ key, line }) => ({ key, value: line.slice(line.indexOf(':') + 1).trim() })),
    };
    this.store.keep(mail);
    this.mails.push(mail);
    if (this.mails.length > KEPT_MAILS) this.store.forget(this.mails.shift()!);
  }
}
