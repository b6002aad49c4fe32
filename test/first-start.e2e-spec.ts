/**
 * The first hour in the terminal: `npm start` on a fresh DATA_DIR, with
 * nothing configured, says where to open the page and where to read the
 * caught mail, and nothing else at info.
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../src/database/free-port';
import { linesAt, npmStart, NpmStartedServer } from './support/npm-start';

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

  it('says where to open the page and the caught mail, and nothing more at info', async () => {
    const port = await freePort();
    server = await npmStart(dataDir, port);
    expect(server.pageUrl).toBe(`http://localhost:${port}/`);
    expect((await fetch(server.pageUrl)).status).toBe(200);
    expect((await fetch(server.catcherUrl)).status).toBe(200);

    await server.interrupt();
    const [atStart] = server.output().split(/^.*SIGINT received.*$/m);
    expect(linesAt(atStart, 'INFO', 'WARN', 'ERROR', 'FATAL')).toEqual([
      `INFO: Open http://localhost:${port}/ to play (the server answers on port ${port} of every network interface of this machine) {"context":"Bootstrap"}`,
      expect.stringMatching(
        /^INFO: No SMTP_URL: mail is caught, not sent; read it at http:\/\/localhost:\d+\/dev\/mail\?key=[\w-]+ \{"context":"Bootstrap"\}$/,
      ),
    ]);
    expect(server.output()).not.toMatch(/Starting Nest application/);
  }, 240_000);
});
