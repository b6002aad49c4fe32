/** The benchmark's surroundings: a fresh database, the server as its own process, machine facts. */
import { ChildProcess, execSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { cpus, totalmem, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { startEmbeddedPostgres } from '../../src/database/embedded-postgres';
import { freePort } from '../../src/database/free-port';
import { applyMigrations } from '../../src/database/migrator';
import { APP_ROLE, EMBEDDED_APP_ROLE_PASSWORD, ensureAppLogin, urlAsRole } from '../../src/database/roles';
import { childrenOf } from './cpu';

export interface BenchDatabase {
  /** As the owner of the tables, which migrated them. */
  url: string;
  /** As the server's own role (pbw_app), as the server runs in production. */
  appUrl: string;
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
  await ensureAppLogin(adminUrl, EMBEDDED_APP_ROLE_PASSWORD);
  const url = withDatabase(adminUrl, name);
  await applyMigrations(url);
  return { url, appUrl: urlAsRole(url, APP_ROLE, EMBEDDED_APP_ROLE_PASSWORD), adminUrl, stop };
}

export interface ServerProcess {
  url: string;
  pid: number;
  /** Resident memory of the server process, in MiB. */
  rssMiB(): number;
  /** Resident memory of its child processes (the mail worker), in MiB. */
  childrenRssMiB(): number;
  stop(): Promise<void>;
}

/**
 * The `serve` script of package.json (what `npm start` runs after building),
 * split into its environment assignments and node arguments, so the
 * benchmark runs the server exactly so, with node flags of its own added.
 */
function serveCommand(): { env: Record<string, string>; nodeArgs: string[] } {
  const script: string = JSON.parse(readFileSync('package.json', 'utf8')).scripts.serve;
  const words = script.trim().split(/\s+/);
  const nodeAt = words.indexOf('node');
  const env = Object.fromEntries(words.slice(0, nodeAt).map((assignment) => assignment.split('=', 2) as [string, string]));
  return { env, nodeArgs: words.slice(nodeAt + 1) };
}

function residentMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
}

/** Starts the built server as `npm start` serves it, as the app role, sending mail to `smtpUrl`; `extraNodeFlags` go to node (e.g. `--cpu-prof`). */
export async function startServerProcess(database: BenchDatabase, smtpUrl: string, extraNodeFlags: string[] = []): Promise<ServerProcess> {
  const port = await freePort();
  const serve = serveCommand();
  const child: ChildProcess = spawn(process.execPath, [...extraNodeFlags, ...serve.nodeArgs], {
    env: {
      ...process.env,
      ...serve.env,
      DATABASE_URL: database.appUrl,
      MIGRATION_DATABASE_URL: database.url,
      SMTP_URL: smtpUrl,
      PORT: String(port),
      DATA_DIR: mkdtempSync(join(tmpdir(), 'pbw-bench-data-')),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
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
  return {
    url: `http://127.0.0.1:${port}/graphql`,
    pid: child.pid!,
    rssMiB: () => residentMiB(child.pid!),
    childrenRssMiB: () => childrenOf(child.pid!).reduce((sum, pid) => sum + residentMiB(pid), 0),
    stop: async () => {
      child.kill('SIGTERM');
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
