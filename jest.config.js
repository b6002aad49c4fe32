/**
 * The suite in tiers, each a Jest project (`--selectProjects <name>`):
 * - `rules`: the games' pure logic (src/rules, src/games), no database.
 * - `unit`: every other `*.spec.ts` (the platform's decider, the verifier,
 *   the page's helpers...), pure too: no database, no server.
 * - `server`: what talks to PostgreSQL, SMTP or HTTP (`*.e2e-spec.ts`, and
 *   `*.db.spec.ts` beside the code), on one PostgreSQL for the run (the
 *   embedded one unless DATABASE_URL is set), each file on a database copy
 *   of its own (test/support/database.ts).
 * - `web`: the page in Chromium (test/web/*.e2e-spec.ts), on the same
 *   PostgreSQL, each file in a Chromium of its own (its headless shell, or
 *   the full build for browser notifications: test/web/browser.ts,
 *   test/web/chromium.ts).
 * Every tier runs each file in its worker's realm, on the packages the
 * worker loaded once (test/support/jest/); each file still loads the
 * project's own code afresh.
 * `npm test` runs them all, in three workers: nothing may depend on running alone.
 */
// Type-checking is `tsc --noEmit` (part of `npm test`); Jest only transpiles, with SWC as ts-node does for the
// processes tests start (tsconfig.test.json): on a cold cache (every CI run) the server and a test file took about
// 1 s of CPU to transpile, against 9 s with ts-jest (TypeScript's own transpiler).
// The options are tsconfig.json's: ES2022, CommonJS, Nest's decorators with their type metadata, class names kept.
const swc = {
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: true },
    target: 'es2022',
    keepClassNames: true,
  },
  module: { type: 'commonjs' },
  sourceMaps: 'inline',
};
const transform = {
  '^.+\\.ts$': ['@swc/jest', swc],
  // Packages published only as ES modules, which Node (from 20.19) requires as they are but Jest's CommonJS runtime cannot.
  '/node_modules/(request-filtering-agent|tournament-pairings)/.+\\.js$': ['@swc/jest', { ...swc, jsc: { ...swc.jsc, parser: { syntax: 'ecmascript' } } }],
};
const ES_MODULE_PACKAGES = ['request-filtering-agent', 'tournament-pairings'];
// Each file runs in the worker's realm, on the packages the worker loaded once (test/support/jest/): the server's
// packages load once per worker, and code reads its globals (Math, JSON, Object...) as fast as outside Jest, where a
// `vm` context of its own (Jest's default) answers each read through an interceptor: Math.imul took 258 ns instead of
// 15, and the pure tiers' CPU fell by a quarter.
const common = {
  testEnvironment: '<rootDir>/test/support/jest/worker-realm-environment.js',
  runtime: '<rootDir>/test/support/jest/worker-packages-runtime.js',
  transform,
  transformIgnorePatterns: [`/node_modules/(?!(${ES_MODULE_PACKAGES.join('|')})/)`],
  // The page's entry to src/shared/ (web/tsconfig.json), for the tests that import page code.
  moduleNameMapper: { '^@shared/(.*)$': '<rootDir>/src/shared/$1' },
};
const DATABASE_SPECS = ['**/*.e2e-spec.ts', '**/*.db.spec.ts'];

module.exports = {
  projects: [
    {
      ...common,
      displayName: 'rules',
      roots: ['<rootDir>/src/rules', '<rootDir>/src/games'],
      testMatch: ['**/*.spec.ts'],
    },
    {
      ...common,
      displayName: 'unit',
      roots: ['<rootDir>/src', '<rootDir>/test'],
      testMatch: ['**/*.spec.ts'],
      testPathIgnorePatterns: ['/node_modules/', '<rootDir>/src/rules/', '<rootDir>/src/games/', '\\.db\\.spec\\.ts$'],
    },
    {
      ...common,
      displayName: 'server',
      roots: ['<rootDir>/src', '<rootDir>/test'],
      testMatch: DATABASE_SPECS,
      testPathIgnorePatterns: ['/node_modules/', '<rootDir>/test/web/'],
      globalSetup: '<rootDir>/test/support/global-setup.ts',
      globalTeardown: '<rootDir>/test/support/global-teardown.ts',
    },
    {
      ...common,
      displayName: 'web',
      roots: ['<rootDir>/test/web'],
      testMatch: DATABASE_SPECS,
      globalSetup: '<rootDir>/test/support/global-setup.ts',
      globalTeardown: '<rootDir>/test/support/global-teardown.ts',
    },
  ],
  testTimeout: 120000,
};
