/** Running the command-line tools of scripts/ from tests. */
import { execFile } from 'node:child_process';
import { join } from 'node:path';

/** Runs one of the scripts/ tools as `npm run` does. */
export function runScript(script: string, args: string[], env: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['-r', 'ts-node/register/transpile-only', join('scripts', script), ...args],
      { cwd: join(__dirname, '..', '..'), env: { ...process.env, ...env } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
    );
  });
}
