/** Builds the HTTP application; shared by `main.ts` and the end-to-end tests. */
import { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Logger } from 'nestjs-pino';
import { AppModule, AppOptions } from './app.module';
import { trackRequests } from './lifecycle/graceful-shutdown';

/** Largest accepted request body: a move or a query is a few kilobytes at most. */
const MAX_REQUEST_BYTES = '100kb';

export async function createApp(options: AppOptions): Promise<INestApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(options), { bodyParser: false, bufferLogs: true });
  app.useLogger(app.get(Logger));
  trackRequests(app);
  app.useBodyParser('json', { limit: MAX_REQUEST_BYTES });
  return app;
}
