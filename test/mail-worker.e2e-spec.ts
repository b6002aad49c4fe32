/**
 * The mail worker process (MAIL_WORKER=child): the server queues mail and
 * sends none; its worker, a real child process at a lower CPU priority,
 * sends it to a real SMTP server, comes back when it dies, and stops with
 * its server.
 */
import { ChildProcess, fork, ForkOptions } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MAIL_WORKER_NICENESS, MAIL_WORKER_READY, MailWorkerProcess, MailWorkerSettings } from '../src/notifications/mail-worker-process';
import { gqlOk, registerPlayer, startTestServer, TEST_JWT_SECRET, TestServer } from './support/app';
import { SmtpInbox } from './support/smtp-inbox';
import { until } from './support/until';
import { createGame, invitePlayer } from './support/games';
import { loadedPackagesIn, TELL_LOADED_PACKAGES } from './support/tools';

/** The worker runs the TypeScript sources, as the tests do. */
const UNDER_TS_NODE = ['-r', 'ts-node/register/transpile-only'];
const STARTUP_MS = 60_000;
/** What serves the API and the page (GraphQL, Apollo, HTTP) and what only its requests use (passwords' strength, calendars). */
const API_PACKAGES = /^(@nestjs\/(graphql|apollo|platform-express|terminus|throttler)|@apollo\/|graphql|express|helmet|@zxcvbn-ts\/|ical-generator)/;

/** mail-worker.ts in a process of its own, as `npm run mail-worker` starts it (but from the sources). */
function forkWorker(env: Record<string, string>, options: ForkOptions = {}): ChildProcess {
  return fork(join(__dirname, '..', 'src', 'mail-worker.ts'), [], { execArgv: UNDER_TS_NODE, env: { ...process.env, ...env }, ...options });
}

/** Niceness of a process, from /proc (field 19 of stat). */
function nicenessOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
}

/** The niceness of a process's autogroup (Linux with autogroup scheduling), or null. */
function autogroupNicenessOf(pid: number): number | null {
  const file = `/proc/${pid}/autogroup`;
  return existsSync(file) ? Number(/nice (-?\d+)/.exec(readFileSync(file, 'utf8'))![1]) : null;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('the mail worker process', () => {
  let inbox: SmtpInbox;
  let server: TestServer;
  let settings: MailWorkerSettings;

  beforeAll(async () => {
    inbox = await SmtpInbox.start();
    // The server itself sends no mail (no transport), as under MAIL_WORKER=child.
    server = await startTestServer();
    settings = {
      databaseUrl: server.db.url,
      smtpUrl: inbox.url,
      jwtSecret: TEST_JWT_SECRET,
      publicUrl: 'http://play.example',
      mailFrom: 'Play by Web <games@example.org>',
    };
  });

  afterAll(async () => {
    await server.close();
    await inbox.stop();
  });

  /** A two-seat Five Tribes game by `host`, with a guest invited by email: the invitation is mail. */
  async function inviteToGame(hostName: string, guestName: string): Promise<{ guestEmail: string }> {
    const [host, guest] = await Promise.all([registerPlayer(server.url, hostName), registerPlayer(server.url, guestName)]);
    const { me } = await gqlOk<{ me: { email: string } }>(server.url, '{ me { email } }', {}, guest.token);
    const gameId = await createGame(server.url, host, { ruleset: 'five-tribes', seed: 'mail-worker' });
    await invitePlayer(server.url, gameId, host, me.email);
    return { guestEmail: me.email };
  }

  it(
    'sends the mail the server queues, at a lower CPU priority, comes back when killed, and stops with the server',
    async () => {
      const worker = new MailWorkerProcess(settings, {}, UNDER_TS_NODE);
      await worker.start();
      try {
        const firstPid = worker.pid!;
        expect(nicenessOf(firstPid)).toBe(MAIL_WORKER_NICENESS);
        expect(autogroupNicenessOf(firstPid)).toBe(existsSync('/proc/self/autogroup') ? MAIL_WORKER_NICENESS : null);
        const first = await inviteToGame('Ann', 'Bob');
        await inbox.waitFor(first.guestEmail, /invites you/);

        process.kill(firstPid, 'SIGKILL');
        await until(() => worker.pid !== undefined && worker.pid !== firstPid, 'the worker was restarted', STARTUP_MS);
        // Queued while no worker ran: sent once the new one works the queue.
        const second = await inviteToGame('Cy', 'Dee');
        await inbox.waitFor(second.guestEmail, /invites you/);

        const restartedPid = worker.pid!;
        await worker.stop();
        expect(isRunning(restartedPid)).toBe(false);
      } finally {
        await worker.stop();
      }
    },
    3 * STARTUP_MS,
  );

  it(
    'exits when the server that forked it is gone, having loaded no part of the API and logged what an operator reads and not Nest wiring its modules',
    async () => {
      const env = { DATABASE_URL: settings.databaseUrl, SMTP_URL: settings.smtpUrl, JWT_SECRET: settings.jwtSecret, LOG_FORMAT: 'json', LOG_LEVEL: 'info' };
      const child = forkWorker(env, { stdio: ['ignore', 'pipe', 'pipe', 'ipc'], execArgv: [...UNDER_TS_NODE, '-r', TELL_LOADED_PACKAGES] });
      let output = '';
      let errors = '';
      child.stdout!.on('data', (chunk) => (output += String(chunk)));
      child.stderr!.on('data', (chunk) => (errors += String(chunk)));
      const [message] = await once(child, 'message');
      expect(message).toBe(MAIL_WORKER_READY);
      const exited = once(child, 'exit');
      child.disconnect();
      const [code] = await exited;
      expect(code).toBe(0);
      const contexts = output
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line).context);
      expect(contexts).toContain('MailWorker');
      expect(contexts).not.toContain('InstanceLoader');
      // It sends mail, so it loads the database and mail packages, and nothing that serves the API or the page.
      const loaded = loadedPackagesIn(errors);
      expect(loaded).toEqual(expect.arrayContaining(['@prisma/client', 'nodemailer']));
      expect(loaded.filter((name) => API_PACKAGES.test(name))).toEqual([]);
    },
    STARTUP_MS,
  );

  it(
    'refuses to start without a database or a mail server to send to',
    async () => {
      const child = forkWorker({ DATABASE_URL: '', SMTP_URL: '' }, { stdio: ['ignore', 'ignore', 'pipe', 'ipc'] });
      let errors = '';
      child.stderr!.on('data', (chunk) => (errors += String(chunk)));
      const [code] = await once(child, 'exit');
      expect(code).toBe(1);
      expect(errors).toContain('DATABASE_URL is required by the mail worker');
      expect(errors).toContain('SMTP_URL is required by the mail worker');
    },
    STARTUP_MS,
  );
});
