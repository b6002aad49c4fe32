/**
 * Mail goes out once: with a mail server so slow that a batch takes longer
 * than the queue's lease, and several workers on the queue, each mail is
 * still sent once (the lease is renewed while the batch is being sent).
 */
import { PrismaService } from '../src/database/prisma.service';
import { DeliveryQueue } from '../src/notifications/delivery-queue';
import { emailOf, registerPlayer, startTestServer, TestServer } from './support/app';
import { createTestDatabase, TestDatabase } from './support/database';
import { SmtpInbox } from './support/smtp-inbox';
import { createGame, invitePlayer } from './support/games';

const MAILS = 12;
/** Four slow steps a mail: about 1.6 s per mail, longer than the lease. */
const STEP_DELAY_MS = 400;
const LEASE_SECONDS = 1;

describe('an SMTP server that answers slowly', () => {
  let db: TestDatabase;
  let inbox: SmtpInbox;
  const servers: TestServer[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    inbox = await SmtpInbox.start({ stepDelayMs: STEP_DELAY_MS });
  });

  afterAll(async () => {
    for (const server of servers) await server.close();
    await inbox.stop();
    await db.drop();
  });

  it('gets each mail once, from several workers whose batches outlast the lease', async () => {
    const mail = {
      transportUrl: inbox.url,
      from: 'Play by Web <games@example.org>',
      publicUrl: 'http://play.example',
      delivery: { leaseSeconds: LEASE_SECONDS, pollingIntervalSeconds: 0.1, retryDelaySeconds: 1, retryBackoff: false },
    };
    // Three processes' worth of workers on one queue.
    for (let i = 0; i < 3; i++) servers.push(await startTestServer({ db, mail }));
    const url = servers[0].url;
    const host = await registerPlayer(url, 'Host');
    const guests = await Promise.all(Array.from({ length: MAILS }, (_, i) => registerPlayer(url, `Guest${i}`)));
    const emails = await Promise.all(guests.map((guest) => emailOf(url, guest)));
    const gameId = await createGame(url, host);
    for (const email of emails) await invitePlayer(url, gameId, host, email);

    const prisma = servers[0].app.get(PrismaService);
    const deadline = Date.now() + 90_000;
    while ((await prisma.notification.count({ where: { kind: 'INVITATION', status: 'SENT' } })) < MAILS) {
      if (Date.now() > deadline) throw new Error('not every invitation was sent in time');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // A worker that wrongly took a mail over has it in a batch of its own: once every worker is through its batches, it would be in the inbox.
    await Promise.all(servers.map((server) => server.app.get(DeliveryQueue).settled()));
    for (const email of emails) expect(inbox.to(email).map((m) => m.subject)).toEqual([expect.stringMatching(/invites you/)]);
    expect(inbox.mails).toHaveLength(MAILS);
  });
});
