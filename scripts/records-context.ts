/**
 * The server's games for a command-line tool: configuration from the
 * environment (DATABASE_URL, or the embedded PostgreSQL under DATA_DIR, as
 * `npm start` runs it), then a Nest application context without HTTP.
 */
import 'reflect-metadata';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { RecordsToolsModule } from '../src/records-tools.module';
import { loadConfig } from '../src/config/config';
import { resolveJwtSecret } from '../src/config/jwt-secret';
import { connectDatabase } from '../src/database/connect';
import { RULESETS_HOSTED } from '../src/games';

export async function withServerGames<T>(work: (context: INestApplicationContext) => Promise<T>): Promise<T> {
  const config = loadConfig(process.env);
  const database = config.databaseUrl
    ? { url: config.databaseUrl, stop: async () => {} }
    : await connectDatabase(config, { info: console.error, warn: console.error });
  try {
    const context = await NestFactory.createApplicationContext(
      RecordsToolsModule.forRoot({
        databaseUrl: database.url,
        jwtSecret: resolveJwtSecret(config.jwtSecret, config.dataDir),
        rulesets: RULESETS_HOSTED,
        snapshotInterval: config.snapshotInterval,
        snapshotKey: config.snapshotKey,
      }),
      { logger: false },
    );
    try {
      return await work(context);
    } finally {
      await context.close();
    }
  } finally {
    await database.stop();
  }
}
