/** A whole server in a child process (test/support/serve.ts), for tests across processes and crashes. */
import { ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** SIGTERM (a clean stop) or SIGKILL (a crash). */
  stop(signal?: 'SIGTERM' | 'SIGKILL'): Promise<void>;
}

export async function startServerProcess(databaseUrl: string): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['-r', 'ts-node/register/transpile-only', join(__dirname, 'serve.ts')], {
    env: { ...process.env, DATABASE_URL: databaseUrl },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const stop = async (signal: 'SIGTERM' | 'SIGKILL' = 'SIGTERM') => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, 'exit');
    child.kill(signal);
    await exited;
  };
  let output = '';
  for await (const chunk of child.stdout!) {
    output += String(chunk);
    const match = /LISTENING (\S+)/.exec(output);
    if (match) return { url: match[1], child, stop };
  }
  throw new Error(`server process exited before listening: ${output}`);
}
