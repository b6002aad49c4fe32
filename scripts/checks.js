// The checks `npm test` runs before Jest, two at a time (the machine has two
// cores; each check is mostly one), in lanes that end about together: the
// type check then Prettier's (about 20 and 15 s) in one; ESLint,
// dependency-cruiser, the web build and the codegen check in the other.
// (`npm run lint` runs the same three, `lint:format`, `lint:code` and
// `lint:boundaries`, one after the other; run as one check beside the web
// build it left a core idle for about ten seconds.)
// Each check's output is printed when it ends; the script fails, once both
// lanes are done, if any check failed.
const { spawn } = require('node:child_process');
const { join } = require('node:path');

const ROOT = join(__dirname, '..');
// The codegen script runs under ts-node: transpiled by SWC, as the tests' processes are (tsconfig.test.json).
const SWC = { TS_NODE_PROJECT: join(ROOT, 'tsconfig.test.json') };
const LANES = [
  [
    { name: 'type check', command: 'npx tsc -p tsconfig.json --noEmit' },
    { name: 'formatting', command: 'npm run lint:format' },
  ],
  [
    { name: 'lint', command: 'npm run lint:code' },
    { name: 'module boundaries', command: 'npm run lint:boundaries' },
    { name: 'web page build', command: 'npm run build:web' },
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
