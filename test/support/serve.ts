/**
 * A whole server in its own process, for tests that need several processes
 * on one database, or faults a process must survive. Logs JSON lines to
 * stdout, waits for its database and shuts down on SIGTERM as `npm start`
 * does, and prints `LISTENING <url>` once it accepts requests. PORT picks
 * the port (default: any free one).
 */
import 'reflect-metadata';
import { createApp } from '../../src/app';
import { migrateWhenReachable } from '../../src/database/connect';
import { RULESETS_HOSTED } from '../../src/games';
import { shutDownOnSignals } from '../../src/lifecycle/graceful-shutdown';
import { surviveStrayDatabaseErrors } from '../../src/lifecycle/stray-database-errors';
import { createLogger } from '../../src/logging/logging.module';
import { countingGame } from './counting-game';
import { fixedSeedsAllowedByEnvironment, TEST_JWT_SECRET, testPasswordHashCost } from './app';

async function serve(): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error('DATABASE_URL is required');
  const logger = createLogger({ format: 'json', level: 'info' });
  surviveStrayDatabaseErrors(logger.child({ context: 'Process' }));
  await migrateWhenReachable(process.env.MIGRATION_DATABASE_URL ?? databaseUrl, Number(process.env.DATABASE_WAIT_SECONDS ?? 60), (line) =>
    logger.info({ context: 'Bootstrap' }, line),
  );
  const app = await createApp({
    databaseUrl,
    jwtSecret: TEST_JWT_SECRET,
    rulesets: [...RULESETS_HOSTED, countingGame],
    snapshotInterval: 100,
    logger,
    emailVerification: process.env.EMAIL_VERIFICATION === 'on',
    passwordHashCost: testPasswordHashCost(),
    rateLimits: process.env.RATE_LIMITS !== 'off',
    allowFixedSeeds: fixedSeedsAllowedByEnvironment(),
  });
  shutDownOnSignals(app, { graceMs: Number(process.env.SHUTDOWN_GRACE_SECONDS ?? 10) * 1000 });
  await app.listen(Number(process.env.PORT ?? 0), '127.0.0.1');
  console.log(`LISTENING ${(await app.getUrl()).replace('[::1]', '127.0.0.1')}/graphql`);
}

serve().catch((error) => {
  console.error(error);
  process.exit(1);
});
