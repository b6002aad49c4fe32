/**
 * A whole server in its own process, for tests that need several processes
 * on one database. Prints `LISTENING <url>` once it accepts requests.
 */
import 'reflect-metadata';
import { createApp } from '../../src/app';
import { RULESETS_HOSTED } from '../../src/games';
import { countingGame } from './counting-game';
import { fixedSeedsAllowedByEnvironment, TEST_JWT_SECRET } from './app';

async function serve(): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error('DATABASE_URL is required');
  const app = await createApp(
    { databaseUrl, jwtSecret: TEST_JWT_SECRET, rulesets: [...RULESETS_HOSTED, countingGame], snapshotInterval: 100, allowFixedSeeds: fixedSeedsAllowedByEnvironment() },
    false,
  );
  await app.listen(0, '127.0.0.1');
  console.log(`LISTENING ${(await app.getUrl()).replace('[::1]', '127.0.0.1')}/graphql`);
  process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
}

serve().catch((error) => {
  console.error(error);
  process.exit(1);
});
