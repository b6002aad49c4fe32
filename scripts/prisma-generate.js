// `prisma generate` never runs the schema engine, but the CLI still insists on
// finding (or downloading) one. Pointing it at any existing file lets generate
// work offline; with a real engine configured we leave the variable alone.
const { execFileSync } = require('node:child_process');

const env = { ...process.env };
if (!env.PRISMA_SCHEMA_ENGINE_BINARY) env.PRISMA_SCHEMA_ENGINE_BINARY = process.execPath;
execFileSync(process.execPath, [require.resolve('prisma/build/index.js'), 'generate'], {
  stdio: 'inherit',
  env,
});
