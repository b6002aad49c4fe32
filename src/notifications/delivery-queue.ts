/**
 * The delivery queue, on pg-boss (a PostgreSQL job queue): jobs live in the
 * app's own database, so a delivery job is written in the same transaction
 * as the notification it delivers, survives restarts, and is retried with
 * backoff when sending fails.
 */
import { Inject, Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import PgBoss from 'pg-boss';
import { DATABASE_URL } from '../database/database.module';
import type { Sql } from '../database/sql';
import { DEFAULT_DELIVERY_POLICY, DeliveryPolicy, NOTIFICATIONS_OPTIONS, NotificationsOptions } from './notification-options';

const QUEUE = 'notification-delivery';
/** Sending one mail takes seconds; a job active longer belonged to a process that died, and is retried. */
const JOB_EXPIRY_SECONDS = 120;
const STOP_TIMEOUT_MS = 5000;
const DEADLOCK_DETECTED = '40P01';
/** Mails sent at once (each on its own SMTP connection). */
const DELIVERY_BATCH = 10;
const QUEUE_SETUP_ATTEMPTS = 5;

interface DeliveryJob {
  notificationId: string;
}

/** Runs pg-boss's SQL in the caller's transaction, so its inserts commit or roll back with it. */
function inTransaction(sql: Sql): PgBoss.Db {
  return {
    executeSql: async (text, values) => ({ rows: await sql.query(text, values) }),
  };
}

/**
 * pg-boss's create_queue can deadlock with the same call from another process
 * starting at the same moment (each holds a lock on its queue row the other's
 * ALTER TABLE needs). PostgreSQL aborts one of them; the survivor creates the
 * queue, so the loser's retry finds it and does nothing.
 */
async function createQueueDespiteRivals(createQueue: () => Promise<void>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await createQueue();
    } catch (error) {
      if ((error as { code?: string }).code !== DEADLOCK_DETECTED || attempt === QUEUE_SETUP_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 100 * attempt));
    }
  }
}

@Injectable()
export class DeliveryQueue implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(DeliveryQueue.name);
  private readonly boss: PgBoss;
  readonly policy: DeliveryPolicy;

  constructor(@Inject(DATABASE_URL) databaseUrl: string, @Inject(NOTIFICATIONS_OPTIONS) options: NotificationsOptions) {
    this.policy = { ...DEFAULT_DELIVERY_POLICY, ...options.mail.delivery };
    this.boss = new PgBoss({ connectionString: databaseUrl, max: 4, schedule: false });
    this.boss.on('error', (error) => this.logger.warn(`pg-boss: ${error.message}`));
  }

  async onModuleInit(): Promise<void> {
    await this.boss.start();
    const settings = {
      name: QUEUE,
      retryLimit: this.policy.retryLimit,
      retryDelay: this.policy.retryDelaySeconds,
      retryBackoff: this.policy.retryBackoff,
      expireInSeconds: JOB_EXPIRY_SECONDS,
    };
    await createQueueDespiteRivals(() => this.boss.createQueue(QUEUE, settings)); // does nothing if it exists
    await this.boss.updateQueue(QUEUE, settings);
  }

  async onModuleDestroy(): Promise<void> {
    await this.boss.stop({ graceful: true, wait: true, timeout: STOP_TIMEOUT_MS });
  }

  /** Delivery jobs that exist only if the caller's transaction commits. */
  async enqueueInTransaction(sql: Sql, notificationIds: string[]): Promise<void> {
    if (notificationIds.length === 0) return;
    await this.boss.insert(
      notificationIds.map((notificationId) => ({ name: QUEUE, data: { notificationId } })),
      { db: inTransaction(sql) },
    );
  }

  /**
   * Calls `deliver` for each job, up to a batch at a time, saying whether
   * it is the job's last try; a throw fails that job alone, which pg-boss
   * retries later unless its retries are spent, and the batch's other jobs
   * complete.
   */
  async work(deliver: (notificationId: string, finalAttempt: boolean) => Promise<void>): Promise<void> {
    let workerId: string | undefined;
    const options = { pollingIntervalSeconds: this.policy.pollingIntervalSeconds, batchSize: DELIVERY_BATCH, includeMetadata: true as const };
    workerId = await this.boss.work<DeliveryJob>(QUEUE, options, async (jobs) => {
      const outcomes = await Promise.allSettled(jobs.map((job) => deliver(job.data.notificationId, job.retryCount >= job.retryLimit)));
      await Promise.all(
        outcomes.map((outcome, i) => (outcome.status === 'rejected' ? this.boss.fail(QUEUE, jobs[i].id, { message: String(outcome.reason) }) : null)),
      );
      // pg-boss waits a polling interval after every fetch: with a full batch more mail is probably waiting, so fetch again now.
      if (jobs.length === DELIVERY_BATCH && workerId) this.boss.notifyWorker(workerId);
    });
  }
}
