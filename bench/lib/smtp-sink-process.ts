/**
 * The SMTP sink's process, started by `SmtpSink`: takes every message on a
 * free local port, keeps a count, and tells the parent its port and, when
 * asked, the count.
 */
import { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import type { SinkMessage } from './smtp-sink';

let received = 0;

const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData: (stream, _session, callback) => {
    stream.resume();
    stream.on('end', () => {
      received++;
      callback();
    });
  },
});

const tell = (message: SinkMessage) => process.send!(message);

server.listen(0, '127.0.0.1', () => tell({ listening: (server.server.address() as AddressInfo).port }));
// The parent's only question is the count.
process.on('message', () => tell({ received }));
// Without its parent (ended or crashed) the sink has no one to serve.
process.on('disconnect', () => process.exit(0));
