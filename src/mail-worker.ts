/**
 * The mail worker: sends the notifications servers queue, and nothing else,
 * in a process of its own at the lowest CPU priority, so that no move waits
 * in the server's event loop behind a mail being composed and sent. `npm
 * start` forks one (notifications/mail-worker-process.ts); `npm run
 * mail-worker` runs one on its own, for servers started with MAIL_WORKER=off.
 *
 * Needs DATABASE_URL and SMTP_URL; reads the other settings as the server does.
 */
import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import { MailWorkerModule } from './mail-worker.module';
import { ConfigError, loadConfig } from './config/config';
import { resolveJwtSecret } from './config/jwt-secret';
import { RULESETS_HOSTED } from './games';
import { createLogger } from './logging/logging.module';
import { quietWiring } from './logging/quiet-wiring';
import { Metrics } from './metrics/metrics';
import { surviveStrayDatabaseErrors } from './lifecycle/stray-database-errors';
import { lowerOwnCpuPriority, MAIL_WORKER_READY, MailCountsMessage } from './notifications/mail-worker-process';

async function run(): Promise<void> {
  const config = loadConfig(process.env);
  const processLogger = createLogger({ format: config.logFormat, level: config.logLevel });
  const logger = processLogger.child({ context: 'MailWorker' });
  surviveStrayDatabaseErrors(logger);
  const missing = [...(config.databaseUrl ? [] : ['DATABASE_URL']), ...(config.smtpUrl ? [] : ['SMTP_URL'])];
  if (missing.length > 0) throw new ConfigError(missing.map((name) => `${name} is required by the mail worker`));
  try {
    lowerOwnCpuPriority();
  } catch (error) {
    logger.warn(`could not lower this process's CPU priority: ${error}`);
  }
  const context = await NestFactory.createApplicationContext(
    MailWorkerModule.forRoot({
      databaseUrl: config.databaseUrl!,
      jwtSecret: resolveJwtSecret(config.jwtSecret, config.dataDir),
      rulesets: RULESETS_HOSTED,
      snapshotInterval: config.snapshotInterval,
      snapshotKey: config.snapshotKey,
      vacations: { daysPerYear: config.vacationDaysPerYear },
      mail: { transportUrl: config.smtpUrl, from: config.mailFrom, publicUrl: config.publicUrl },
      logger: processLogger,
    }),
    { bufferLogs: true },
  );
  context.useLogger(quietWiring(context.get(Logger)));
  // Forked by a server: it exposes this worker's mail counts in its /metrics.
  if (process.send) context.get(Metrics).forwardMailCounts = (mailCounts) => process.send?.({ mailCounts } satisfies MailCountsMessage);
  let stopping: Promise<void> | null = null;
  const stop = (why: string) => {
    stopping ??= (async () => {
      logger.info(`${why}: finishing the mail in hand, then stopping`);
      await context.close();
      logger.info('mail worker stopped');
      process.exit(0);
    })();
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
  // Forked by a server: when the server is gone (even killed), so is its worker.
  process.once('disconnect', () => stop('the server is gone'));
  logger.debug(`Sending mail through ${new URL(config.smtpUrl!).host}`);
  process.send?.(MAIL_WORKER_READY);
}

run().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
