/**
 * `npm start`: configuration from the environment, an embedded PostgreSQL
 * unless DATABASE_URL is set, migrations, an in-process mail catcher unless
 * SMTP_URL is set, then the GraphQL server and (MAIL_WORKER=child) its mail
 * worker process.
 */
import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { createApp } from './app';
import { AppConfig, ConfigError, loadConfig } from './config/config';
import { resolveJwtSecret } from './config/jwt-secret';
import { connectDatabase } from './database/connect';
import { RULESETS_HOSTED } from './games';
import { serveWebApp } from './web/serve-web-app';
import { MailCatcher } from './notifications/mail-catcher';
import { MailWorkerProcess } from './notifications/mail-worker-process';
import type { MailOptions } from './notifications/notification-options';

/** How often due reminders, deadlines and digests are looked for. */
const SWEEP_INTERVAL_MS = 60_000;

/** SMTP_URL, or else the in-process mail catcher, whose mail `/dev/mail` shows. */
async function mailOptions(config: AppConfig): Promise<MailOptions> {
  const addressing = { from: config.mailFrom, publicUrl: config.publicUrl };
  if (config.smtpUrl) return { ...addressing, transportUrl: config.smtpUrl };
  const catcher = new MailCatcher();
  return { ...addressing, transportUrl: await catcher.start(), catcher };
}

async function bootstrap(): Promise<void> {
  const logger = new Logger('Bootstrap');
  const config = loadConfig(process.env);
  const database = await connectDatabase(config, (line) => logger.log(line));
  if (database.appliedMigrations.length > 0) logger.log(`Applied migrations: ${database.appliedMigrations.join(', ')}`);
  if (database.historyWarning) logger.warn(database.historyWarning);
  if (config.allowFixedSeeds) logger.warn('ALLOW_FIXED_SEEDS is on: a host may choose a game\'s seed and so know its every draw (such games say so to their players).');
  const mail = await mailOptions(config);
  const jwtSecret = resolveJwtSecret(config.jwtSecret, config.dataDir);
  const app = await createApp({
    databaseUrl: database.url,
    jwtSecret,
    rulesets: RULESETS_HOSTED,
    snapshotInterval: config.snapshotInterval,
    snapshotKey: config.snapshotKey,
    allowFixedSeeds: config.allowFixedSeeds,
    vacations: { daysPerYear: config.vacationDaysPerYear },
    // Without a transport this process queues mail and sends none.
    mail: config.mailWorker === 'inline' ? mail : { ...mail, transportUrl: undefined },
    sweepIntervalMs: SWEEP_INTERVAL_MS,
  });
  const mailWorker =
    config.mailWorker === 'child'
      ? new MailWorkerProcess({ databaseUrl: database.url, smtpUrl: mail.transportUrl!, jwtSecret, publicUrl: config.publicUrl, mailFrom: config.mailFrom })
      : null;
  await mailWorker?.start();
  const stop = async () => {
    await Promise.all([app.close(), mailWorker?.stop()]);
    await mail.catcher?.stop();
    await database.stop();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
  const servingWebPage = serveWebApp(app);
  await app.listen(config.port);
  logger.log(`GraphQL API ready at ${config.publicUrl}/graphql`);
  if (servingWebPage) logger.log(`Web page ready at ${config.publicUrl}/`);
  else logger.warn('The web page is not built (web/dist is missing): run `npm run build:web`.');
  if (mail.catcher) logger.log(`No SMTP_URL: mail is caught, not sent; read it at ${config.publicUrl}/dev/mail`);
  if (mailWorker) logger.log(`Mail worker running (pid ${mailWorker.pid})`);
  if (config.mailWorker === 'off') logger.warn('MAIL_WORKER=off: this server queues mail but sends none; run `npm run mail-worker` on the same database.');
}

bootstrap().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
