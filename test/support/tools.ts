/** The command-line tools of scripts/, run as `npm run` runs them, for tests. */
import { execFile } from 'node:child_process';
import { join } from 'node:path';

export interface ToolRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs one of the scripts/ tools as `npm run` does, with `env` added to this process's environment. */
export function runTool(script: string, args: string[], env: Record<string, string> = {}): Promise<ToolRun> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['-r', 'ts-node/register/transpile-only', join('scripts', script), ...args],
      { cwd: join(__dirname, '..', '..'), env: { ...process.env, ...env } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
    );
  });
}

/** Preloaded (`-r`) into a process, makes it tell on stderr, as it exits, the packages it loaded (loadedPackagesIn reads them). */
export const TELL_LOADED_PACKAGES = join(__dirname, 'loaded-packages.js');

/** The packages (node_modules) a process preloaded with TELL_LOADED_PACKAGES loaded, from what it wrote on stderr. */
export function loadedPackagesIn(stderr: string): string[] {
  const line = stderr.split('\n').find((text) => text.startsWith('LOADED PACKAGES '));
  if (!line) throw new Error(`the process told no packages: ${stderr}`);
  return JSON.parse(line.slice('LOADED PACKAGES '.length)) as string[];
}

/** The packages (node_modules) `script` loaded, run as runTool runs it. */
export async function packagesLoadedBy(script: string, args: string[]): Promise<string[]> {
  const run = await runTool(script, args, { NODE_OPTIONS: `--require ${TELL_LOADED_PACKAGES}` });
  return loadedPackagesIn(run.stderr);
}
