import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { startEmbeddedPostgres, PORT_CHOICES, type EmbeddedPostgresHandle } from './embedded-postgres';
import { freePort } from './free-port';

/** A port another process holds: PostgreSQL cannot bind it. */
async function holdPort(): Promise<{ port: number; release(): Promise<void> }> {
  const holder: Server = createServer();
  await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
  const address = holder.address();
  if (typeof address !== 'object' || !address) throw new Error('no port');
  return { port: address.port, release: () => new Promise((resolve) => holder.close(() => resolve())) };
}

describe('the embedded PostgreSQL, when the port it chose is taken before it binds it', () => {
  let dataDir: string;
  let held: { port: number; release(): Promise<void> };
  let server: EmbeddedPostgresHandle | undefined;

  beforeEach(async () => {
    // PostgreSQL runs as its own user when this runs as root: it must reach the folder.
    dataDir = mkdtempSync(join(tmpdir(), 'pbw-port-taken-'));
    chmodSync(dataDir, 0o755);
    held = await holdPort();
  });

  afterEach(async () => {
    await server?.stop();
    server = undefined;
    await held.release();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('chooses another port and starts there', async () => {
    const chosen: number[] = [];
    const choosePort = async () => {
      const port = chosen.length === 0 ? held.port : await freePort();
      chosen.push(port);
      return port;
    };
    server = await startEmbeddedPostgres({ dataDir: join(dataDir, 'data'), persistent: false, choosePort });
    expect(chosen).toHaveLength(2);
    expect(new URL(server.adminUrl).port).toBe(String(chosen[1]));
    const client = new Client({ connectionString: server.adminUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ port: string }>('SHOW port');
      expect(rows[0].port).toBe(String(chosen[1]));
    } finally {
      await client.end();
    }
  });

  it(`gives up after ${PORT_CHOICES} ports, all taken, saying why`, async () => {
    let choices = 0;
    const choosePort = async () => {
      choices++;
      return held.port;
    };
    await expect(startEmbeddedPostgres({ dataDir: join(dataDir, 'data'), persistent: false, choosePort })).rejects.toThrow(
      `did not start: another program holds its port (${held.port}).`,
    );
    expect(choices).toBe(PORT_CHOICES);
  });

  it('does not choose another when the port was given: whoever gave it relies on it', async () => {
    await expect(startEmbeddedPostgres({ dataDir: join(dataDir, 'data'), persistent: false, port: held.port })).rejects.toThrow(
      `another program holds its port (${held.port})`,
    );
  });
});
