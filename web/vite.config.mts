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

/**
 * React (with its scheduler) is half the page's script and changes only when
 * it is upgraded: a chunk of its own stays cached in browsers across
 * releases of the page, and keeps each file under Vite's 500 kB warning.
 * (Rolldown then puts the little runtime both chunks share in a third file.)
 */
const REACT = /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/;

export default defineConfig({
  base: '/',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      // The server's code the page imports is pure (no module of it does anything when loaded), so what the page does not use is left out.
      treeshake: { moduleSideEffects: (id: string) => !id.startsWith(SERVER_CODE) },
      output: { codeSplitting: { groups: [{ name: 'react', test: REACT }] } },
      // Rolldown's note on slow plugins is for plugin authors; on a busy machine it would greet every `npm start`.
      checks: { pluginTimings: false },
    },
  },
  resolve: { alias: { '@shared': fileURLToPath(new URL('../src/shared', import.meta.url)) } },
  plugins: [compression({ algorithms: ['brotliCompress', 'gzip'] })],
  server: {
    proxy: { '/graphql': { target: 'http://localhost:3000', ws: true } },
  },
});
