/**
 * `npm start`: configuration from the environment, an embedded PostgreSQL
 * unless DATABASE_URL is set, migrations, an in-process mail catcher unless
 * SMTP_URL is set, then the GraphQL server and (MAIL_WORKER=child) its mail
 * worker process.
 */
import { resolveVapidKeys, resolveVapidSubject } from './config/vapid-keys';
import 'reflect-metadata';
import { createApp } from './app';
import { AppConfig, ConfigError, loadConfig, settingWarnings } from './config/config';
import { resolveJwtSecret } from './config/jwt-secret';
import { connectDatabase } from './database/connect';
import { migrationNames } from './database/migrator';
import { RULESETS_HOSTED } from './games';
import { shutDownOnSignals } from './lifecycle/graceful-shutdown';
import { surviveStrayDatabaseErrors } from './lifecycle/stray-database-errors';
import { createLogger } from './logging/logging.module';
import { Metrics } from './metrics/metrics';
import { serveWebApp } from './web/serve-web-app';
import { MailCatcher } from './notifications/mail-catcher';
import { MailWorkerProcess } from './notifications/mail-worker-process';
import type { MailOptions } from './notifications/notification-options';
import type { Logger } from 'pino';

/**
 * Migrations applied at start: news at info to whoever upgrades a database,
 * a detail at debug when every migration was applied (a new database: a
 * first start).
 */
function logMigrations(logger: Logger, applied: string[]): void {
  if (applied.length === 0) return;
  if (applied.length === migrationNames().length) logger.debug(`Made the database's tables (${applied.length} migrations)`);
  else logger.info(`Applied migrations: ${applied.join(', ')}`);
}

/** How often due reminders, deadlines and digests are looked for. */
const SWEEP_INTERVAL_MS = 60_000;

/** SMTP_URL, or else the in-process mail catcher, whose mail `/dev/mail` shows. */
async function mailOptions(config: AppConfig): Promise<MailOptions> {
  const addressing = { from: config.mailFrom, publicUrl: config.publicUrl };
  if (config.smtpUrl) return { ...addressing, transportUrl: config.smtpUrl };
  const catcher = new MailCatcher({ dataDir: config.dataDir });
  return { ...addressing, transportUrl: await catcher.start(), catcher };
}

async function bootstrap(): Promise<void> {
  const config = loadConfig(process.env);
  const processLogger = createLogger({ format: config.logFormat, level: config.logLevel });
  // Before the app exists, Nest's Logger would write plain text: log through the same pino logger the app uses.
  const logger = processLogger.child({ context: 'Bootstrap' });
  surviveStrayDatabaseErrors(processLogger.child({ context: 'Process' }));
  // Where the embedded database keeps its data is a detail; its troubles are not.
  const database = await connectDatabase(config, { info: (line) => logger.debug(line), warn: (line) => logger.warn(line) });
  logMigrations(logger, database.appliedMigrations);
  if (database.historyWarning) logger.warn(database.historyWarning);
  if (config.allowFixedSeeds)
    logger.warn("ALLOW_FIXED_SEEDS is on: a host may choose a game's seed and so know its every draw (such games say so to their players).");
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
    turnMailDelaySeconds: config.turnMailDelaySeconds,
    bots: { moveDelayMs: config.botMoveDelayMs },
    sweepIntervalMs: SWEEP_INTERVAL_MS,
    logger: processLogger,
    metricsToken: config.metricsToken ?? null,
    emailVerification: config.emailVerification,
    passwordHashCost: config.passwordHashCost,
    rateLimits: config.rateLimits,
    introspection: config.graphqlIntrospection,
    corsOrigins: config.corsOrigins,
    trustProxy: config.trustProxy,
    outboundAllowPrivate: config.outboundAllowPrivate,
    webhooks: {},
    push: {
      vapid: { ...resolveVapidKeys(config.vapidKeys, config.dataDir), subject: resolveVapidSubject(config.vapidSubject, config.publicUrl, config.mailFrom) },
      publicUrl: config.publicUrl,
      sends: true,
    },
  });
  const metrics = app.get(Metrics);
  const mailWorker =
    config.mailWorker === 'child'
      ? new MailWorkerProcess(
          { databaseUrl: database.url, smtpUrl: mail.transportUrl!, jwtSecret, publicUrl: config.publicUrl, mailFrom: config.mailFrom },
          { onMailCounts: (counts) => metrics.countMails(counts) },
        )
      : null;
  await mailWorker?.start();
  shutDownOnSignals(app, {
    graceMs: config.shutdownGraceSeconds * 1000,
    beforeClose: mailWorker ? [{ name: 'stop the mail worker', run: () => mailWorker.stop() }] : [],
    afterClose: [
      ...(mail.catcher ? [{ name: 'stop the mail catcher', run: () => mail.catcher!.stop() }] : []),
      ...(database.embedded ? [{ name: 'stop the embedded PostgreSQL', run: () => database.stop() }] : []),
    ],
  });
  const servingWebPage = serveWebApp(app);
  await app.listen(config.port);
  logger.debug(`GraphQL API ready at ${config.publicUrl}/graphql`);
  const listening = `the server answers on port ${config.port} of every network interface of this machine`;
  if (servingWebPage) logger.info(`Open ${config.publicUrl}/ to play (${listening})`);
  else
    logger.warn(`The web page is not built (web/dist is missing): run \`npm run build:web\`. Meanwhile ${listening}, GraphQL at ${config.publicUrl}/graphql.`);
  if (mail.catcher) logger.info(`No SMTP_URL: mail is caught, not sent; read it at ${config.publicUrl}/dev/mail?key=${mail.catcher.pageKey}`);
  if (mailWorker) logger.debug(`Mail worker running (pid ${mailWorker.pid})`);
  if (!config.emailVerification) logger.warn('EMAIL_VERIFICATION=off: new accounts are not verified; anyone can sign up with any address.');
  if (!config.rateLimits) logger.warn('RATE_LIMITS=off: no request is limited.');
  if (config.mailWorker === 'off') logger.warn('MAIL_WORKER=off: this server queues mail but sends none; run `npm run mail-worker` on the same database.');
  for (const missing of settingWarnings(config, process.env)) logger.warn(missing);
}

bootstrap().catch((error) => {
  // What went wrong, in words: a stack (from inside the migration engine, say) only with LOG_LEVEL=debug.
  if (error instanceof ConfigError) console.error(error.message);
  else if (process.env.LOG_LEVEL === 'debug' || process.env.LOG_LEVEL === 'trace') console.error(error);
  else console.error(`The server could not start: ${error instanceof Error ? error.message : String(error)} (LOG_LEVEL=debug shows where)`);
  process.exit(1);
});
