/**
 * The default log format (LOG_FORMAT=text) is formatted off the server's
 * thread: a process that logs and exits at once still writes every line,
 * its last, fatal one included, as readable text.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';

function run(lines: number): Promise<{ code: number | null; stdout: string }> {
  const child = spawn(process.execPath, ['-r', 'ts-node/register/transpile-only', join(__dirname, 'support', 'text-log-main.ts')], {
    env: { ...process.env, LINES: String(lines) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let stdout = '';
  child.stdout!.on('data', (chunk) => (stdout += String(chunk)));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout })));
}

describe('The text log', () => {
  it('writes every line as text, the fatal line before an immediate exit included', async () => {
    const { code, stdout } = await run(2000);
    expect(code).toBe(1);
    const written = stdout.trimEnd().split('\n');
    expect(written).toHaveLength(2001);
    expect(written[0]).toMatch(/^\[\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3} [+-]\d{4}\] INFO: line 1 of 2000 \{"reqId":"r-1"\}$/);
    expect(written.filter((line) => / INFO: line \d+ of 2000 /.test(line))).toHaveLength(2000);
    expect(written[2000]).toMatch(/FATAL: the last words before exiting$/);
  }, 30_000);
});
