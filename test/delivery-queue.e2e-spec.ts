/**
 * Several server processes may start at once on one database (a deploy of
 * two replicas, or the two-process live-updates test): each sets up the same
 * pg-boss delivery queue, and none may fail doing it.
 */
import { DeliveryQueue } from '../src/notifications/delivery-queue';
import { MAIL_NOT_SENT } from '../src/notifications/notification-options';
import { createTestDatabase } from './support/database';

const PROCESSES = 8;

async function startQueuesAtOnce(databaseUrl: string): Promise<void> {
  const queues = Array.from(
    { length: PROCESSES },
    () => new DeliveryQueue(databaseUrl, { mail: MAIL_NOT_SENT, linkSecret: 'secret' }),
  );
  const started = await Promise.allSettled(queues.map((queue) => queue.onModuleInit()));
  await Promise.all(queues.map((queue) => queue.onModuleDestroy()));
  for (const outcome of started) {
    if (outcome.status === 'rejected') throw outcome.reason;
  }
}

describe('delivery queue start-up', () => {
  it('starts in several processes at once on a fresh database', async () => {
    for (let attempt = 0; attempt < 10; attempt++) {
      const db = await createTestDatabase();
      try {
        await startQueuesAtOnce(db.url);
      } finally {
        await db.drop();
      }
    }
  });
});
