/**
 * Two projects: `rules` (pure game logic, the platform's decider and the
 * verifier, no database) and `server`
 * (everything that talks to PostgreSQL or SMTP; one embedded PostgreSQL is
 * started for the run unless DATABASE_URL is set).
 */
// Type-checking is `tsc --noEmit` (part of `npm test`); Jest only transpiles.
const transform = { '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.test.json' }] };

module.exports = {
  projects: [
    {
      displayName: 'rules',
      testEnvironment: 'node',
      transform,
      roots: ['<rootDir>/src/rules', '<rootDir>/src/games', '<rootDir>/src/play/platform', '<rootDir>/src/records'],
      testMatch: ['**/*.spec.ts'],
    },
    {
      displayName: 'server',
      testEnvironment: 'node',
      transform,
      roots: ['<rootDir>/src', '<rootDir>/test'],
      testMatch: ['**/*.spec.ts', '**/*.e2e-spec.ts'],
      testPathIgnorePatterns: ['/node_modules/', '<rootDir>/src/rules/', '<rootDir>/src/games/', '<rootDir>/src/play/platform/', '<rootDir>/src/records/'],
      // The page's entry to src/shared/ (web/tsconfig.json), for the tests that import page code.
      moduleNameMapper: { '^@shared/(.*)$': '<rootDir>/src/shared/$1' },
      globalSetup: '<rootDir>/test/support/global-setup.ts',
      globalTeardown: '<rootDir>/test/support/global-teardown.ts',
    },
  ],
  testTimeout: 120000,
};
