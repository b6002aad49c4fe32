/**
 * The players' web page. `npm run build:web` (`vite build web`) builds it
 * into web/dist, which the Nest server serves at `/` (src/web/).
 * `npm run dev:web` serves it with hot reload and sends /graphql (HTTP and
 * WebSocket) to a server started with `npm start` on port 3000.
 */
import { defineConfig } from 'vite';

export default defineConfig({
  base: '/',
  build: { outDir: 'dist', emptyOutDir: true },
  server: {
    proxy: { '/graphql': { target: 'http://localhost:3000', ws: true } },
  },
});
