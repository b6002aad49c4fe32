/** A real SMTP server for tests (npm smtp-server) that keeps parsed mail and can refuse mail for a while. */
import { AddressInfo } from 'node:net';
import { ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

const POLL_MS = 50;
const WAIT_MS = 20_000;

export class SmtpInbox {
  readonly mails: ParsedMail[] = [];
  /** Delivery attempts to refuse (with a temporary 451) before accepting again. */
  refuseNext = 0;
  refused = 0;
  private readonly server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData: (stream, _session, callback) => {
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
    },
  });

  url = '';

  static async start(): Promise<SmtpInbox> {
    const inbox = new SmtpInbox();
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
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${count} mail(s) to ${address} matching ${subject}; got: ${this.to(address).map((m) => m.subject).join(' | ')}`);
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }

  to(address: string): ParsedMail[] {
    return this.mails.filter((mail) => [mail.to ?? []].flat().some((to) => to.value.some((v) => v.address === address)));
  }
}
