import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { folderClosedToOthers, startEmbeddedPostgres } from './embedded-postgres';

describe('the embedded PostgreSQL, started as root', () => {
  let root: string;

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'pbw-closed-'));
    chmodSync(root, 0o755);
  });

  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('finds the first folder above a path that other users may not enter', () => {
    const closed = join(root, 'home');
    mkdirSync(join(closed, 'project', 'data'), { recursive: true });
    chmodSync(closed, 0o700);
    expect(folderClosedToOthers(join(closed, 'project', 'data', 'pg'))).toBe(closed);
    expect(folderClosedToOthers(join(root, 'not-made-yet', 'pg'))).toBeNull();
    chmodSync(closed, 0o711);
    expect(folderClosedToOthers(join(closed, 'project', 'data', 'pg'))).toBeNull();
  });

  // PostgreSQL then runs as the user `postgres` (CI runs as root); as any other user it runs as that user, and this does not apply.
  (process.getuid?.() === 0 ? it : it.skip)('says which folder the postgres user cannot enter, and starts nothing', async () => {
    const closed = join(root, 'home');
    mkdirSync(closed, { mode: 0o700 });
    const dataDir = join(closed, 'data');
    const started = startEmbeddedPostgres({ dataDir, port: 1, persistent: false });
    await expect(started).rejects.toThrow(`PostgreSQL does not run as root, so it runs as the user "postgres", who may not enter ${closed}.`);
    await expect(started).rejects.toThrow('or set DATABASE_URL');
    expect(existsSync(dataDir)).toBe(false);
  });
});
