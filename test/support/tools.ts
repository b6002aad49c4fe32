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

/** The packages (node_modules) `script` loaded, run as runTool runs it: test/support/loaded-packages.js tells them as it exits. */
export async function packagesLoadedBy(script: string, args: string[]): Promise<string[]> {
  const run = await runTool(script, args, { NODE_OPTIONS: `--require ${join(__dirname, 'loaded-packages.js')}` });
  const line = run.stderr.split('\n').find((text) => text.startsWith('LOADED PACKAGES '));
  if (!line) throw new Error(`${script} told no packages: ${run.stderr}`);
  return JSON.parse(line.slice('LOADED PACKAGES '.length)) as string[];
}
