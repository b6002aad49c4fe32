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
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { MailWorkerModule } from './app.module';
import { ConfigError, loadConfig } from './config/config';
import { resolveJwtSecret } from './config/jwt-secret';
import { RULESETS_HOSTED } from './games';
import { lowerOwnCpuPriority, MAIL_WORKER_READY } from './notifications/mail-worker-process';

async function run(): Promise<void> {
  const logger = new Logger('MailWorker');
  const config = loadConfig(process.env);
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
    }),
  );
  let stopping: Promise<void> | null = null;
  const stop = () => (stopping ??= context.close().then(() => process.exit(0)));
  process.once('SIGTERM', () => void stop());
  process.once('SIGINT', () => void stop());
  // Forked by a server: when the server is gone (even killed), so is its worker.
  process.once('disconnect', () => void stop());
  logger.log(`Sending mail through ${new URL(config.smtpUrl!).host}`);
  process.send?.(MAIL_WORKER_READY);
}

run().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
