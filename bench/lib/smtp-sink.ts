/**
 * The benchmark's outgoing mail server: accepts every message and keeps only
 * a count, as an MTA on the same host would take mail off the server's hands.
 * (Without SMTP_URL the server would deliver to its own development mail
 * catcher, which parses and keeps every mail in memory: not how it runs in
 * production, and not what the benchmark should weigh.)
 */
import { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export class SmtpSink {
  received = 0;
  url = '';
  private readonly server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData: (stream, _session, callback) => {
      stream.resume();
      stream.on('end', () => {
        this.received++;
        callback();
      });
    },
  });

  static async start(): Promise<SmtpSink> {
    const sink = new SmtpSink();
    await new Promise<void>((resolve) => sink.server.listen(0, '127.0.0.1', resolve));
    sink.url = `smtp://127.0.0.1:${(sink.server.server.address() as AddressInfo).port}`;
    return sink;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(resolve));
  }
}
