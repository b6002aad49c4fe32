/** Builds the HTTP application; shared by `main.ts` and the end-to-end tests. */
import { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Logger } from 'nestjs-pino';
import helmet from 'helmet';
import { MAX_REQUEST_BYTES } from './api/endpoint';
import { AppModule } from './app.module';
import type { AppOptions } from './process-foundation';
import { trackRequests } from './lifecycle/graceful-shutdown';
import { quietWiring } from './logging/quiet-wiring';

/**
 * Security headers (helmet): a Content-Security-Policy that fits the web
 * page (its own scripts only, no frames, no plugins), `frame-ancestors
 * 'none'`, `nosniff` and a referrer policy. Helmet's defaults, except that
 * pages may not be framed at all and requests are not upgraded to https,
 * which a server reached over plain http (a private one, the tests) would break.
 */
const SECURITY_HEADERS = helmet({
  contentSecurityPolicy: {
    directives: {
      'frame-ancestors': ["'none'"],
      'upgrade-insecure-requests': null,
    },
  },
  frameguard: { action: 'deny' },
  referrerPolicy: { policy: 'same-origin' },
});

export async function createApp(options: AppOptions): Promise<INestApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(options), { bodyParser: false, bufferLogs: true });
  app.useLogger(quietWiring(app.get(Logger)));
  trackRequests(app);
  app.disable('x-powered-by');
  // Express would hash every answer into an ETag: API answers are POSTed, never revalidated; the page is revalidated by its date.
  app.set('etag', false);
  // Behind a reverse proxy, the client's address (for per-address limits) is in X-Forwarded-For.
  app.set('trust proxy', options.trustProxy ?? false);
  app.use(SECURITY_HEADERS);
  // Closed unless origins are listed: without CORS headers, browsers keep other sites' pages from reading answers.
  if (options.corsOrigins?.length) app.enableCors({ origin: options.corsOrigins, allowedHeaders: ['authorization', 'content-type'] });
  app.useBodyParser('json', { limit: MAX_REQUEST_BYTES });
  return app;
}
