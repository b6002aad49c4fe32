// `npm start` builds the web page only when something it is built from
// changed since the last build: its sources, its configuration, or the
// installed packages (package-lock.json). The fingerprint of those inputs is
// kept beside the output, in web/dist/.sources-sha256, so deleting web/dist
// (or `npm run build:web`, which always builds) starts afresh.
const { createHash } = require('node:crypto');
const { execFileSync } = require('node:child_process');
const { existsSync, readdirSync, readFileSync, statSync, writeFileSync } = require('node:fs');
const { join, relative } = require('node:path');

const ROOT = join(__dirname, '..');
const INPUTS = ['web/src', 'web/index.html', 'web/vite.config.mts', 'web/tsconfig.json', 'package-lock.json'];
const FINGERPRINT = join(ROOT, 'web/dist/.sources-sha256');

function files(path) {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path)
    .sort()
    .flatMap((name) => files(join(path, name)));
}

function fingerprint() {
  const hash = createHash('sha256');
  for (const file of INPUTS.flatMap((input) => files(join(ROOT, input)))) {
    hash.update(relative(ROOT, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

const current = fingerprint();
if (existsSync(join(ROOT, 'web/dist/index.html')) && existsSync(FINGERPRINT) && readFileSync(FINGERPRINT, 'utf8') === current) {
  console.log('web page unchanged since its last build: not rebuilt');
} else {
  execFileSync('npm', ['run', 'build:web'], { cwd: ROOT, stdio: 'inherit' });
  writeFileSync(FINGERPRINT, current);
}
