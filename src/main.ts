/**
 * `npm start`: configuration from the environment, an embedded PostgreSQL
 * unless DATABASE_URL is set, migrations, then the GraphQL server.
 */
import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { createApp } from './app';
import { ConfigError, loadConfig } from './config/config';
import { resolveJwtSecret } from './config/jwt-secret';
import { connectDatabase } from './database/connect';
import { RULESETS_HOSTED } from './games';

async function bootstrap(): Promise<void> {
  const logger = new Logger('Bootstrap');
  const config = loadConfig(process.env);
  const database = await connectDatabase(config, (line) => logger.log(line));
  if (database.appliedMigrations.length > 0) logger.log(`Applied migrations: ${database.appliedMigrations.join(', ')}`);
  const app = await createApp({
    databaseUrl: database.url,
    jwtSecret: resolveJwtSecret(config.jwtSecret, config.dataDir),
    rulesets: RULESETS_HOSTED,
    snapshotInterval: config.snapshotInterval,
  });
  const stopDatabase = () => database.stop();
  process.once('SIGINT', () => void app.close().then(stopDatabase).then(() => process.exit(0)));
  process.once('SIGTERM', () => void app.close().then(stopDatabase).then(() => process.exit(0)));
  await app.listen(config.port);
  logger.log(`GraphQL API ready at ${config.publicUrl}/graphql`);
}

bootstrap().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
