/**
 * What `npm start` (and `npm test`'s checks) fingerprint to decide whether the web page must be built again
 * (scripts/build-web-if-changed.js): a change to any of these files rebuilds it, so every file the page is built
 * from must be among them, the server's code it bundles included.
 */
import { join, relative } from 'node:path';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { pageInputFiles } = require('../scripts/build-web-if-changed.js') as { pageInputFiles(): string[] };
const ROOT = join(__dirname, '..');

describe("the web page's build inputs", () => {
  const inputs = pageInputFiles().map((file) => relative(ROOT, file));

  it("list the page's own sources, its static files and its configuration", () => {
    expect(inputs).toEqual(expect.arrayContaining(['web/src/main.tsx', 'web/index.html', 'web/vite.config.mts', 'web/tsconfig.json', 'package-lock.json']));
    expect(inputs).toContain('web/public/push-worker.js');
  });

  it('list the server code the page imports, through src/shared/ and on into the games it re-exports', () => {
    expect(inputs).toEqual(expect.arrayContaining(['src/shared/five-tribes.ts', 'src/games/five-tribes/index.ts', 'src/games/five-tribes/data/track.ts']));
  });

  it("leave out the installed packages' files (package-lock.json stands for them) and the server code the page does not reach", () => {
    expect(inputs.filter((file) => file.includes('node_modules'))).toEqual([]);
    expect(inputs).not.toContain('src/main.ts');
  });
});
