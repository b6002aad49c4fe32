/**
 * The players' web page. `npm run build:web` (`vite build web`) builds it
 * into web/dist, which the Nest server serves at `/` (src/web/).
 * `npm run dev:web` serves it with hot reload and sends /graphql (HTTP and
 * WebSocket) to a server started with `npm start` on port 3000.
 *
 * Each built file is also written compressed (`.br`, `.gz`) once here, so
 * that the server hands a phone a fifth of the script's bytes without
 * compressing anything per request (src/web/serve-web-app.ts).
 */
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

export default defineConfig({
  base: '/',
  build: { outDir: 'dist', emptyOutDir: true },
  plugins: [compression({ algorithms: ['brotliCompress', 'gzip'] })],
  server: {
    proxy: { '/graphql': { target: 'http://localhost:3000', ws: true } },
  },
});
