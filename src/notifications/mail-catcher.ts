/**
 * The mail catcher for `npm start` without SMTP_URL: an SMTP server inside
 * the app process that keeps what it receives in memory, for `/dev/mail`.
 * Nothing leaves the machine. Caught mail holds every sign-up and password
 * reset link, so its pages are shown only with the catcher's key, made anew
 * at each start and printed in the server's log: a server reachable by
 * others, run without SMTP_URL, would otherwise hand anyone the links to
 * take over any account.
 */
import { randomBytes } from 'node:crypto';
import { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
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

export class MailCatcher {
  /** What `/dev/mail` asks for (`?key=`). */
  readonly pageKey = randomBytes(18).toString('base64url');
  private readonly mails: CaughtMail[] = [];
  private nextId = 1;
  private readonly server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData: (stream, _session, callback) => {
      simpleParser(stream)
        .then((parsed) => this.keep(parsed))
        .then(() => callback(), callback);
    },
  });

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

  private keep(parsed: Awaited<ReturnType<typeof simpleParser>>): void {
    this.mails.push({
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
    });
    if (this.mails.length > KEPT_MAILS) this.mails.shift();
  }
}
