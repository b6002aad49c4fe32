/**
 * Installs the peer package (boardgame.io and its PostgreSQL adapter) on
 * first use, or again when its lock file changed, apart from the server's
 * own packages; then checks what the comparison relies on:
 * - no package of it needs an install script (npm 11 warns, and may skip,
 *   scripts "not covered by allowScripts": one that did not run would leave
 *   a package silently broken);
 * - every koa-compose is 4.1.0: with 4.2, boardgame.io 0.50's lobby routes
 *   answer 404 (pinned through `overrides` in package.json).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const KOA_COMPOSE = '4.1.0';

interface LockedPackage {
  version?: string;
  hasInstallScript?: boolean;
}

function install(): void {
  const lock = join(__dirname, 'package-lock.json');
  const installed = join(__dirname, 'node_modules', '.package-lock.json');
  if (existsSync(installed) && statSync(installed).mtimeMs >= statSync(lock).mtimeMs) return;
  console.log('Installing bench/peer (boardgame.io, bgio-postgres) on first use...');
  execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: __dirname, stdio: 'inherit' });
}

function check(): void {
  const installed = JSON.parse(readFileSync(join(__dirname, 'node_modules', '.package-lock.json'), 'utf8')) as { packages: Record<string, LockedPackage> };
  const packages = Object.entries(installed.packages);
  const withScripts = packages.filter(([, entry]) => entry.hasInstallScript).map(([path]) => path);
  if (withScripts.length > 0) {
    throw new Error(`bench/peer: these packages have install scripts; check that they ran and allow them: ${withScripts.join(', ')}`);
  }
  const composes = packages.filter(([path]) => path.endsWith('node_modules/koa-compose'));
  const wrong = composes.filter(([, entry]) => entry.version !== KOA_COMPOSE);
  if (composes.length === 0 || wrong.length > 0) {
    throw new Error(
      `bench/peer: koa-compose must be ${KOA_COMPOSE} (boardgame.io's lobby answers 404 with 4.2); found ${wrong.map(([path, entry]) => `${path}@${entry.version}`).join(', ') || 'none'}`,
    );
  }
}

install();
check();
