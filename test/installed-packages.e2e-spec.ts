/**
 * `npm install` on a fresh clone prints no warning: every package's peers
 * are satisfied (npm's ERESOLVE), every package runs on the Node versions
 * this project's `engines` admits (EBADENGINE), and every install script
 * was reviewed in `allowScripts` (npm's install-scripts list). Checked on
 * the installed tree, as npm itself reads it, with no network.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import semver from 'semver';

const ROOT = join(__dirname, '..');

async function npm(...args: string[]): Promise<{ stdout: string; stderr: string }> {
  return promisify(execFile)('npm', args, { cwd: ROOT, maxBuffer: 64 * 1024 * 1024 });
}

interface InstalledPackage {
  name: string;
  version: string;
  engines?: { node?: string };
}

describe('the installed packages', () => {
  it('have every peer they ask for, as npm checks it (npm ls exits 1 on an invalid peer)', async () => {
    await expect(npm('ls', '--all')).resolves.toBeDefined();
  }, 60_000);

  it("all run on the oldest Node this project's engines admit", async () => {
    const ours = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { engines: { node: string } }).engines.node;
    const oldest = semver.minVersion(ours)!.version;
    const installed = JSON.parse((await npm('query', '*')).stdout) as InstalledPackage[];
    const refusing = installed
      .filter(({ engines }) => typeof engines?.node === 'string' && !semver.satisfies(oldest, engines.node, { includePrerelease: true }))
      .map(({ name, version, engines }) => `${name}@${version} wants Node ${engines!.node}`);
    expect(installed.length).toBeGreaterThan(100);
    expect(refusing).toEqual([]);
  }, 60_000);

  it('have no install script left unreviewed in allowScripts', async () => {
    expect((await npm('install-scripts', 'ls')).stdout).toContain('No packages with unreviewed install scripts.');
  }, 60_000);
});
