/**
 * The embedded PostgreSQL `npm start` runs without DATABASE_URL listens on
 * 127.0.0.1, where any process of the machine may connect: its superuser and
 * the server's own role have passwords made at random and kept in DATA_DIR,
 * not passwords anyone knows (src/database/connect.ts).
 */
import { execFile } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { freePort } from '../src/database/free-port';
import { startPostgresProcess } from './support/postgres-process';

/** Connects as npm start does, in a process of its own: where the server would connect. */
function connectAsTheServer(dataDir: string): Promise<{ url: string }> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['-r', 'ts-node/register/transpile-only', join(__dirname, 'support', 'connect-main.ts')],
      { env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir } },
      (error, stdout, stderr) => (error ? reject(new Error(`${error.message}: ${stderr}`)) : resolve(JSON.parse(stdout.trim().split('\n').pop()!))),
    );
  });
}

/** Whether `user` gets in with `password` while the cluster of `dataDir` runs on `port`. */
async function getsIn(port: number, user: string, password: string): Promise<boolean> {
  const client = new Client({ host: '127.0.0.1', port, user, password, database: 'postgres', connectionTimeoutMillis: 5000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

describe('the embedded PostgreSQL of npm start', () => {
  let dataDir: string;

  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'pbw-own-db-'));
    chmodSync(dataDir, 0o755);
  });

  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  /** Runs the cluster npm start made (with its kept superuser password), to try logging in to it. */
  async function tryLogins(logins: Array<[string, string]>): Promise<boolean[]> {
    const port = await freePort();
    const postgres = await startPostgresProcess(join(dataDir, 'postgres'), port, 'pbw', { password: keptFile('postgres-password') });
    try {
      return await Promise.all(logins.map(([user, password]) => getsIn(port, user, password)));
    } finally {
      await postgres.stop();
    }
  }

  const keptFile = (name: string) => readFileSync(join(dataDir, name), 'utf8').trim();

  it('makes its passwords at random, keeps them readable by this user only, and knows them on the next start', async () => {
    const first = await connectAsTheServer(dataDir);
    const again = await connectAsTheServer(dataDir);
    expect(new URL(again.url).password).toBe(new URL(first.url).password);
    for (const name of ['postgres-password', 'postgres-app-password']) expect(statSync(join(dataDir, name)).mode & 0o777).toBe(0o600);
    const appPassword = decodeURIComponent(new URL(first.url).password);
    expect(appPassword).toBe(keptFile('postgres-app-password'));
    expect(
      await tryLogins([
        ['postgres', 'postgres'],
        ['pbw_app', 'pbw_app'],
        ['pbw_app', appPassword],
        ['postgres', keptFile('postgres-password')],
      ]),
    ).toEqual([false, false, true, true]);
  }, 120_000);

  it('replaces the password everyone knows of a data folder made before passwords were kept', async () => {
    // A data folder as npm start made them before: the superuser's password is the default one.
    const old = await startPostgresProcess(join(dataDir, 'postgres'), await freePort(), 'pbw');
    await old.stop();
    await connectAsTheServer(dataDir);
    expect(
      await tryLogins([
        ['postgres', 'postgres'],
        ['postgres', keptFile('postgres-password')],
      ]),
    ).toEqual([false, true]);
  }, 120_000);
});
