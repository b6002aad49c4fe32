// Lint for the server, its tests and scripts, and the web page. Formatting is Prettier's
// (`npm run lint` checks both); import boundaries are dependency-cruiser's (.dependency-cruiser.cjs).
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'dist/',
      'web/dist/',
      'coverage/',
      'src/generated/',
      'web/src/api/generated.ts',
      'bench/peer/boardgameio/',
      'bench/results/',
      '.data/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      // Unused names are mistakes, except those spelled to be left out (`_gone` in a destructuring).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
      // Tests and JSON payloads read loosely typed data on purpose.
      '@typescript-eslint/no-explicit-any': 'off',
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      // A case that only names itself beside the next one (with a comment why) shares its body.
      'no-fallthrough': ['error', { allowEmptyCase: true }],
      'no-console': 'off',
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    // The classic rules of hooks; the React Compiler's rules in `recommended` assume a compiler this page does not use.
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // A file someone new can read in one sitting; data tables are exempt.
    files: ['src/**/*.ts'],
    ignores: ['src/**/data/**'],
    rules: { 'max-lines': ['error', { max: 450 }] },
  },
  {
    files: ['**/*.{js,cjs,mjs}'],
    languageOptions: { globals: { require: 'readonly', module: 'writable', process: 'readonly', __dirname: 'readonly', console: 'readonly' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // The page's service worker, plain JavaScript served as it is: a worker's globals.
    files: ['web/public/*.js'],
    languageOptions: { globals: { self: 'readonly', fetch: 'readonly', URL: 'readonly' } },
  },
  prettier,
);
