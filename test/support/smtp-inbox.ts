/** A real SMTP server for tests (npm smtp-server) that keeps parsed mail, can refuse mail for a while, and can answer slowly. */
import { AddressInfo } from 'node:net';
import { ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

const POLL_MS = 50;
const WAIT_MS = 20_000;

export interface SmtpInboxOptions {
  /** How long it takes to answer each step of a mail: the greeting, MAIL FROM, RCPT TO and the end of DATA. */
  stepDelayMs?: number;
}

export class SmtpInbox {
  readonly mails: ParsedMail[] = [];
  /** Delivery attempts to refuse (with a temporary 451) before accepting again. */
  refuseNext = 0;
  refused = 0;
  /** Called when a mail's MAIL FROM arrives, before it is answered. */
  onMailFrom: () => void = () => undefined;
  private readonly server: SMTPServer;

  private constructor(options: SmtpInboxOptions) {
    const slowly =
      <A extends unknown[]>(callback: (...args: A) => void) =>
      (...args: A) =>
        setTimeout(() => callback(...args), options.stepDelayMs ?? 0);
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onConnect: (_session, callback) => slowly(callback)(),
      onMailFrom: (_address, _session, callback) => {
        this.onMailFrom();
        slowly(callback)();
      },
      onRcptTo: (_address, _session, callback) => slowly(callback)(),
      onData: (stream, _session, callback) => this.receive(stream, slowly(callback)),
    });
  }

  private receive(stream: Parameters<typeof simpleParser>[0], callback: (error?: Error | null) => void): void {
    simpleParser(stream).then((mail) => {
      if (this.refuseNext > 0) {
        this.refuseNext--;
        this.refused++;
        callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
        return;
      }
      this.mails.push(mail);
      callback();
    }, callback);
  }

  url = '';

  static async start(options: SmtpInboxOptions = {}): Promise<SmtpInbox> {
    const inbox = new SmtpInbox(options);
    await new Promise<void>((resolve) => inbox.server.listen(0, '127.0.0.1', resolve));
    inbox.url = `smtp://127.0.0.1:${(inbox.server.server.address() as AddressInfo).port}`;
    return inbox;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(resolve));
  }

  /** Mail to `address` whose subject matches (and text contains `containing`), once `count` of them arrived. */
  async waitFor(address: string, subject: RegExp, { count = 1, containing = '' } = {}): Promise<ParsedMail[]> {
    const deadline = Date.now() + WAIT_MS;
    for (;;) {
      const found = this.to(address).filter((mail) => subject.test(mail.subject ?? '') && (mail.text ?? '').includes(containing));
      if (found.length >= count) return found;
      if (Date.now() > deadline)
        throw new Error(
          `timed out waiting for ${count} mail(s) to ${address} matching ${subject}; got: ${this.to(address)
            .map((m) => m.subject)
            .join(' | ')}`,
        );
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }

  to(address: string): ParsedMail[] {
    return this.mails.filter((mail) => [mail.to ?? []].flat().some((to) => to.value.some((v) => v.address === address)));
  }
}
