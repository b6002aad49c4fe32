/**
 * The players' web page. `npm run build:web` (`vite build web`) builds it
 * into web/dist, which the Nest server serves at `/` (src/web/).
 * `npm run dev:web` serves it with hot reload and sends /graphql (HTTP and
 * WebSocket) to a server started with `npm start` on port 3000.
 *
 * Each built file is also written compressed (`.br`, `.gz`) once here, so
 * that the server hands a phone a fifth of the script's bytes without
 * compressing anything per request (src/web/serve-web-app.ts).
 *
 * `@shared/...` is src/shared/, the one part of the server's code the page
 * imports (its games' types, names and helpers); web/tsconfig.json says
 * the same to the type check.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

const SERVER_CODE = fileURLToPath(new URL('../src/', import.meta.url));

export default defineConfig({
  base: '/',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The server's code the page imports is pure (no module of it does anything when loaded), so what the page does not use is left out.
    rolldownOptions: { treeshake: { moduleSideEffects: (id: string) => !id.startsWith(SERVER_CODE) } },
  },
  resolve: { alias: { '@shared': fileURLToPath(new URL('../src/shared', import.meta.url)) } },
  plugins: [compression({ algorithms: ['brotliCompress', 'gzip'] })],
  server: {
    proxy: { '/graphql': { target: 'http://localhost:3000', ws: true } },
  },
});
