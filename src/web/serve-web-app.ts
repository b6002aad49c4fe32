/**
 * Serves the players' web page (web/, built into web/dist by
 * `npm run build:web`) from the same server at `/`: the built files, and
 * index.html for the page's own paths (such as /games/<id> from a turn
 * email), so the page's router shows them. Only those paths: everything
 * else (/graphql, /dev/mail, …) stays the server's, and an address nothing
 * answers gets the page with 404 when a browser loads it (api/exception-filter.ts),
 * which says there is no such page.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import expressStaticGzip from 'express-static-gzip';
import { PageForUnknownAddresses } from '../api/exception-filter';

/** The little of Express's request and response this needs. */
interface PageRequest {
  method: string;
  path: string;
}
interface PageResponse {
  setHeader(name: string, value: string): void;
  sendFile(path: string): void;
}

/** web/dist from both src/web (ts-node, tests) and dist/web (npm start). */
export const WEB_BUILD_DIR = join(__dirname, '..', '..', 'web', 'dist');

/** The paths web/src/app.tsx shows: `/`, `/games/<id>`, `/leagues/<id>`, `/players/<id>`, `/groups/<id>`, `/groups/join/<code>`, `/settings`, `/account` and the pages that mail links open. */
const PAGE_PATHS =
  /^\/((games|leagues|players)\/[^/]+\/?|groups\/(join\/)?[^/]+\/?|(settings|account|sign-up|verify-email|forgot-password|reset-password)\/?)?$/;

/** Vite names every built asset after its content hash: it can be cached for good. */
const HASHED_ASSETS = `${join('/', 'assets')}/`;

/** Returns false (serving nothing) when the web page has not been built. */
export function serveWebApp(app: INestApplication, dir = WEB_BUILD_DIR): boolean {
  const indexHtml = join(dir, 'index.html');
  if (!existsSync(indexHtml)) return false;
  // The build writes each file compressed beside it (web/vite.config.mts): a
  // browser that takes brotli or gzip gets those bytes, compressed once.
  app.use(
    expressStaticGzip(dir, {
      index: false,
      enableBrotli: true,
      orderPreference: ['br'],
      serveStatic: {
        setHeaders: (res: PageResponse, path: string) =>
          res.setHeader('Cache-Control', path.includes(HASHED_ASSETS) ? 'public, max-age=31536000, immutable' : 'no-cache'),
      },
    }),
  );
  app.use((req: PageRequest, res: PageResponse, next: () => void) => {
    const isPage = (req.method === 'GET' || req.method === 'HEAD') && PAGE_PATHS.test(req.path);
    if (!isPage) return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(indexHtml);
  });
  app.get(PageForUnknownAddresses).file = indexHtml;
  return true;
}
