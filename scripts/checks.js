// The checks `npm test` runs before Jest, two at a time (the machine has two
// cores; each check is mostly one), in lanes that end about together: the
// type check then Prettier's (about 20 and 15 s from scratch) in one; ESLint,
// dependency-cruiser, the web page and the codegen check in the other.
// (`npm run lint` runs the same three, `lint:format`, `lint:code` and
// `lint:boundaries`, one after the other; run as one check beside the web
// build it left a core idle for about ten seconds.)
// Each check keeps what it found of each file in node_modules/.cache/ (the
// type check's build info, the linters' caches), keyed by the file's content
// and the tool's configuration and version, so a run after a change reads
// again only what changed: about 10 s (16 s of CPU) instead of about 40 (70 s
// of CPU). The web page is type-checked and built only when something it is
// built from changed (scripts/build-web-if-changed.js). A fresh clone (CI)
// checks everything.
// Each check's output is printed when it ends; the script fails, once both
// lanes are done, if any check failed.
const { spawn } = require('node:child_process');
const { join } = require('node:path');

const ROOT = join(__dirname, '..');
// The codegen script runs under ts-node: transpiled by SWC, as the tests' processes are (tsconfig.test.json).
const SWC = { TS_NODE_PROJECT: join(ROOT, 'tsconfig.test.json') };
const LANES = [
  [
    { name: 'type check', command: 'npm run typecheck:server' },
    { name: 'formatting', command: 'npm run lint:format' },
  ],
  [
    { name: 'lint', command: 'npm run lint:code' },
    { name: 'module boundaries', command: 'npm run lint:boundaries' },
    { name: 'web page type check and build, when its sources changed', command: 'node scripts/build-web-if-changed.js' },
    { name: 'API schema and page types current', command: 'npm run codegen -- --check', env: SWC },
  ],
];

function run({ name, command, env }) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, { cwd: ROOT, shell: true, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(`${code === 0 ? 'passed' : 'FAILED'}: ${name} (${command}, ${seconds} s)\n`);
      if (code !== 0) process.stdout.write(output);
      resolve(code === 0);
    });
  });
}

async function lane(checks) {
  let passed = true;
  for (const check of checks) passed = (await run(check)) && passed;
  return passed;
}

Promise.all(LANES.map(lane)).then((passed) => {
  process.exitCode = passed.every(Boolean) ? 0 : 1;
});
