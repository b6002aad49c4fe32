// `npm start` (and `npm test`'s checks) build the web page only when something
// it is built from changed since the last build: its sources with every file
// of the server's code they reach (src/shared/ and what it imports, as the
// page's type check lists them), its static files and configuration, or the
// installed packages (package-lock.json). The fingerprint of those inputs is
// kept beside the output, in web/dist/.sources-sha256, and written only once
// a build (type check included) passed, so deleting web/dist (or
// `npm run build:web`, which always builds) starts afresh.
const { createHash } = require('node:crypto');
const { execFileSync } = require('node:child_process');
const { existsSync, readdirSync, readFileSync, statSync, writeFileSync } = require('node:fs');
const { isAbsolute, join, relative } = require('node:path');

const ROOT = join(__dirname, '..');
const INPUTS = ['web/public', 'web/index.html', 'web/tsconfig.json', 'package-lock.json'];
const FINGERPRINT = join(ROOT, 'web/dist/.sources-sha256');

function files(path) {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path)
    .sort()
    .flatMap((name) => files(join(path, name)));
}

/** Every file of this project the page's type check reads (web/src/, web/vite.config.mts, and the server's code they import); the installed packages are package-lock.json's part. */
function pageProgramFiles() {
  const tsc = join(ROOT, 'node_modules/typescript/bin/tsc');
  const listed = execFileSync(process.execPath, [tsc, '-p', 'web/tsconfig.json', '--listFilesOnly'], { cwd: ROOT, encoding: 'utf8' });
  return listed
    .split('\n')
    .filter((file) => file && !file.includes('/node_modules/'))
    .map((file) => (isAbsolute(file) ? file : join(ROOT, file)));
}

/** Every file the page is built from, but the installed packages' own. */
function pageInputFiles() {
  return [...new Set([...pageProgramFiles(), ...INPUTS.flatMap((input) => files(join(ROOT, input)))])].sort();
}

function fingerprint() {
  const hash = createHash('sha256');
  for (const file of pageInputFiles()) {
    hash.update(relative(ROOT, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

function buildIfChanged() {
  const current = fingerprint();
  if (existsSync(join(ROOT, 'web/dist/index.html')) && existsSync(FINGERPRINT) && readFileSync(FINGERPRINT, 'utf8') === current) {
    console.log('web page unchanged since its last build: not rebuilt');
  } else {
    execFileSync('npm', ['run', 'build:web'], { cwd: ROOT, stdio: 'inherit' });
    writeFileSync(FINGERPRINT, current);
  }
}

if (require.main === module) buildIfChanged();
module.exports = { pageInputFiles };
