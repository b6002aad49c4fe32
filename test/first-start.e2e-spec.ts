/**
 * The first hour in the terminal: `npm start` on a fresh DATA_DIR, with
 * nothing configured, says where to open the page and where to read the
 * caught mail, and nothing else at info; Ctrl-C (SIGINT to the terminal's
 * whole foreground process group) stops it in order with nothing alarming:
 * the embedded PostgreSQL, in a group of its own, is stopped by the server,
 * last, not by the terminal under it.
 */
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { linesAt, npmStartOnAFreePort, NpmStartedServer } from './support/npm-start';

describe('npm start on a fresh clone', () => {
  let dataDir: string;
  let server: NpmStartedServer | undefined;

  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'pbw-first-start-'));
    // As root, PostgreSQL runs as the user postgres, who must enter it.
    chmodSync(dataDir, 0o755);
  });

  afterAll(async () => {
    await server?.kill();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('says where to open the page and the caught mail, and nothing more at info; Ctrl-C stops it in order, warning of nothing', async () => {
    const started = await npmStartOnAFreePort(dataDir);
    server = started.server;
    const port = started.port;
    expect(server.pageUrl).toBe(`http://localhost:${port}/`);
    expect((await fetch(server.pageUrl)).status).toBe(200);
    expect((await fetch(server.catcherUrl)).status).toBe(200);

    // What it said before Ctrl-C: after it, the server's lines and its mail worker's come from two processes, in either order.
    const atStart = server.output();
    const code = await server.interrupt();
    const output = server.output();
    expect(code).toBe(0);
    const atStop = output.slice(atStart.length);
    expect(atStop).toMatch(/SIGINT received/);
    expect(linesAt(atStart, 'INFO', 'WARN', 'ERROR', 'FATAL')).toEqual([
      `INFO: Open http://localhost:${port}/ to play (the server answers on port ${port} of every network interface of this machine) {"context":"Bootstrap"}`,
      expect.stringMatching(
        /^INFO: No SMTP_URL: mail is caught, not sent; read it at http:\/\/localhost:\d+\/dev\/mail\?key=[\w-]+ \{"context":"Bootstrap"\}$/,
      ),
    ]);
    expect(linesAt(output, 'WARN', 'ERROR', 'FATAL')).toEqual([]);
    expect(output).not.toMatch(/stopped unasked|Starting Nest application/);
    expect(atStop).toMatch(/INFO: shutdown: stop the embedded PostgreSQL: done/);
    expect(atStop).toMatch(/INFO: shutdown complete/);
    // Nothing is left running on the data folder.
    expect(existsSync(join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
    server = undefined;
  }, 240_000);
});
