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
import { childrenOf, parentOf } from './cpu';

export interface BenchDatabase {
  /** As the owner of the tables, which migrated them. */
  url: string;
  /** As the server's own role (pbw_app), as the server runs in production. */
  appUrl: string;
  /** The same server, maintenance database (to create more databases). */
  adminUrl: string;
  /** The PostgreSQL server's postmaster, when it runs on this machine: whose processes' CPU counts. */
  postmasterPid: number | null;
  /**
   * Another database on the same server, `name_<label>`: a copy of the
   * migrated one (made before anything connects to `url`), or empty.
   */
  another(label: string, contents: 'migrated' | 'empty'): Promise<string>;
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
      persistent: false,
    });
    adminUrl = server.adminUrl;
    stop = () => server.stop();
  }
  const name = `pbw_bench_${Date.now()}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  const { rows } = await admin.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
  // A backend's parent is the postmaster; on another machine there is no such process here.
  const postmasterPid = parentOf(rows[0].pid);
  await admin.end();
  await ensureAppLogin(adminUrl, EMBEDDED_APP_ROLE_PASSWORD);
  const url = withDatabase(adminUrl, name);
  await applyMigrations(url);
  const another = async (label: string, contents: 'migrated' | 'empty') => {
    const client = new Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(`CREATE DATABASE "${name}_${label}" TEMPLATE "${contents === 'migrated' ? name : 'template0'}"`);
    await client.end();
    return withDatabase(adminUrl!, `${name}_${label}`);
  };
  return { url, appUrl: urlAsRole(url, APP_ROLE, EMBEDDED_APP_ROLE_PASSWORD), adminUrl, postmasterPid, another, stop };
}

export interface ServerProcess {
  url: string;
  pid: number;
  /** Resident memory of the server process, in MiB. */
  rssMiB(): number;
  /** Resident memory of its child processes (the mail worker), in MiB. */
  childrenRssMiB(): number;
  /** SIGTERM: a clean stop. */
  stop(): Promise<void>;
  /** SIGKILL: a crash, with no chance to finish anything. */
  kill(): Promise<void>;
  /** What it has written to stdout and stderr so far (its log): printed when a run fails. */
  output(): string;
}

/**
 * The `serve` script of package.json (what `npm start` runs after building),
 * split into its environment assignments, its node flags and its script, so
 * the benchmark runs the server exactly so, with node flags of its own added.
 */
export function serveCommand(): { env: Record<string, string>; nodeFlags: string[]; script: string } {
  const script: string = JSON.parse(readFileSync('package.json', 'utf8')).scripts.serve;
  const words = script.trim().split(/\s+/);
  const nodeAt = words.indexOf('node');
  const env = Object.fromEntries(words.slice(0, nodeAt).map((assignment) => assignment.split('=', 2) as [string, string]));
  const nodeArgs = words.slice(nodeAt + 1);
  return { env, nodeFlags: nodeArgs.slice(0, -1), script: nodeArgs[nodeArgs.length - 1] };
}

function residentMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
}

export interface NodeServerOptions {
  /** node's arguments: flags, then the script. */
  args: string[];
  /** Added to this process's environment. */
  env: Record<string, string>;
  /** What the server prints once it serves; its first group, if any, is the URL to use. */
  ready: RegExp;
  /** The URL when `ready` has no group. */
  url?: string;
}

/** How much of a server's log is kept (its end): enough to show why it failed. */
const LOG_TAIL_BYTES = 64 * 1024;

/**
 * The end of what a server has written. The whole log, kept in one string
 * and searched again at every line, cost the load generator more CPU per
 * move than the server's own handling of it (the server logs every request).
 */
class LogTail {
  private chunks: Buffer[] = [];
  private bytes = 0;

  add(chunk: Buffer): void {
    this.chunks.push(chunk);
    this.bytes += chunk.length;
    while (this.bytes - this.chunks[0].length >= LOG_TAIL_BYTES) this.bytes -= this.chunks.shift()!.length;
  }

  text(): string {
    return Buffer.concat(this.chunks).toString('utf8');
  }
}

/** Starts a server as a node process of its own and waits until it says it serves. */
export async function startNodeServer(options: NodeServerOptions): Promise<ServerProcess> {
  const child: ChildProcess = spawn(process.execPath, options.args, { env: { ...process.env, ...options.env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const log = new LogTail();
  child.stderr!.on('data', (chunk) => log.add(chunk));
  const url = await new Promise<string>((resolve, reject) => {
    // Until it serves: each line it logs while it serves (one per request) must cost this process, the load generator, nothing.
    const untilReady = (chunk: Buffer) => {
      log.add(chunk);
      const ready = options.ready.exec(log.text());
      if (!ready) return;
      child.stdout!.off('data', untilReady);
      child.stdout!.on('data', (later) => log.add(later));
      resolve(ready[1] ?? options.url!);
    };
    child.stdout!.on('data', untilReady);
    child.once('exit', (code) => reject(new Error(`server exited (${code}): ${log.text()}`)));
  });
  const ended = (signal: NodeJS.Signals) => async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    await exited;
  };
  return {
    url,
    pid: child.pid!,
    rssMiB: () => residentMiB(child.pid!),
    childrenRssMiB: () => childrenOf(child.pid!).reduce((sum, pid) => sum + residentMiB(pid), 0),
    stop: ended('SIGTERM'),
    kill: ended('SIGKILL'),
    output: () => log.text(),
  };
}

/** Starts the built server as `npm start` serves it, as the app role, sending mail to `smtpUrl`; `extraNodeFlags` go to node (e.g. `--cpu-prof`). */
export async function startServerProcess(database: BenchDatabase, smtpUrl: string, extraNodeFlags: string[] = []): Promise<ServerProcess> {
  const port = await freePort();
  const serve = serveCommand();
  return startNodeServer({
    args: [...extraNodeFlags, ...serve.nodeFlags, serve.script],
    env: {
      ...serve.env,
      DATABASE_URL: database.appUrl,
      MIGRATION_DATABASE_URL: database.url,
      SMTP_URL: smtpUrl,
      // The benchmark signs up its players at once and moves far faster than any person (README.md, "Rate limits").
      EMAIL_VERIFICATION: 'off',
      RATE_LIMITS: 'off',
      PORT: String(port),
      DATA_DIR: mkdtempSync(join(tmpdir(), 'pbw-bench-data-')),
    },
    // The first line a server that serves prints at info: where to open the page (or that the page is not built).
    ready: /Open \S+ to play|The web page is not built/,
    url: `http://127.0.0.1:${port}/graphql`,
  });
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
