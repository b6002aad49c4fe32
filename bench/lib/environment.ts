/** The benchmark's surroundings: a fresh database, the server as its own process, machine facts. */
import { ChildProcess, execSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { cpus, totalmem, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { startEmbeddedPostgres } from '../../src/database/embedded-postgres';
import { freePort } from '../../src/database/free-port';
import { applyMigrations } from '../../src/database/migrator';

export interface BenchDatabase {
  url: string;
  /** The same server, maintenance database (to create more databases). */
  adminUrl: string;
  stop(): Promise<void>;
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** A fresh, migrated database: on DATABASE_URL's server, or an embedded PostgreSQL. */
export async function freshDatabase(): Promise<BenchDatabase> {
  let adminUrl = process.env.DATABASE_URL;
  let stop = async () => {};
  if (!adminUrl) {
    const server = await startEmbeddedPostgres({
      dataDir: mkdtempSync(join(tmpdir(), 'pbw-bench-pg-')),
      port: await freePort(),
      persistent: false,
    });
    adminUrl = server.adminUrl;
    stop = () => server.stop();
  }
  const name = `pbw_bench_${Date.now()}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = withDatabase(adminUrl, name);
  await applyMigrations(url);
  return { url, adminUrl, stop };
}

export interface ServerProcess {
  url: string;
  pid: number;
  /** Resident memory of the server process, in MiB. */
  rssMiB(): number;
  stop(): Promise<void>;
}

/**
 * Starts the built server exactly as `npm start` serves it (`npm run serve`,
 * with its memory settings). `nodeOptions` are passed through NODE_OPTIONS
 * (e.g. `--cpu-prof`).
 */
export async function startServerProcess(databaseUrl: string, nodeOptions: string[] = []): Promise<ServerProcess> {
  const port = await freePort();
  const child: ChildProcess = spawn('npm', ['run', '--silent', 'serve'], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      DATA_DIR: mkdtempSync(join(tmpdir(), 'pbw-bench-data-')),
      NODE_OPTIONS: nodeOptions.join(' '),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let log = '';
  child.stderr!.on('data', (chunk) => (log += String(chunk)));
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk) => {
      log += String(chunk);
      if (log.includes('GraphQL API ready')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`server exited (${code}): ${log}`)));
  });
  // npm runs the server through a shell: measure the newest node process serving dist/main.js, not npm.
  const serverPid = Number(execSync(`pgrep -n -f '^node .*dist/main[.]js'`).toString().trim());
  return {
    url: `http://127.0.0.1:${port}/graphql`,
    pid: serverPid,
    rssMiB: () => {
      const status = readFileSync(`/proc/${serverPid}/status`, 'utf8');
      return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
    },
    stop: async () => {
      process.kill(serverPid, 'SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}

export async function machineFacts(databaseUrl: string): Promise<Record<string, unknown>> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query('SHOW server_version');
  await client.end();
  const packageJson = JSON.parse(readFileSync('package.json', 'utf8'));
  return {
    cores: cpus().length,
    cpuModel: cpus()[0]?.model,
    memoryGiB: Math.round((totalmem() / 2 ** 30) * 10) / 10,
    node: process.version,
    postgres: rows[0].server_version,
    app: packageJson.version,
    commit: (() => {
      try {
        return execSync('git rev-parse --short HEAD').toString().trim();
      } catch {
        return null;
      }
    })(),
  };
}
