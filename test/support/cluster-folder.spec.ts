import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { CLUSTER_PREFIX, makeClusterFolder, removeStaleClusters } from './cluster-folder';

describe("the test cluster's folder", () => {
  let root: string;
  beforeEach(() => (root = mkdtempSync(join(tmpdir(), 'pbw-cluster-folder-'))));
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('is made in the memory folder when it has room, and in the temp folder when there is none', () => {
    const inMemory = makeClusterFolder(root);
    expect(dirname(inMemory)).toBe(root);
    const fallback = makeClusterFolder(join(root, 'no-such-folder'));
    try {
      expect(dirname(fallback)).toBe(tmpdir());
      expect(fallback).toContain(CLUSTER_PREFIX);
    } finally {
      rmSync(fallback, { recursive: true, force: true });
    }
  });

  it("removes only old clusters no postmaster runs in: a cut-short run's", () => {
    const hoursAgo = (path: string, hours: number) => {
      const then = new Date(Date.now() - hours * 3600_000);
      utimesSync(path, then, then);
    };
    const cluster = (name: string, hours: number, postmasterPid?: number) => {
      const path = join(root, name);
      mkdirSync(path);
      if (postmasterPid !== undefined) writeFileSync(join(path, 'postmaster.pid'), `${postmasterPid}\n${path}\n`);
      hoursAgo(path, hours);
      return path;
    };
    const exited = spawnSync(process.execPath, ['-e', '']).pid!;
    const leftOver = cluster(`${CLUSTER_PREFIX}left`, 3);
    const crashed = cluster(`${CLUSTER_PREFIX}crashed`, 3, exited);
    const running = cluster(`${CLUSTER_PREFIX}running`, 3, process.pid);
    const starting = cluster(`${CLUSTER_PREFIX}starting`, 0);
    const someoneElses = cluster('other-old-folder', 3);

    removeStaleClusters(root);

    expect([leftOver, crashed].filter(existsSync)).toEqual([]);
    expect([running, starting, someoneElses].filter(existsSync)).toEqual([running, starting, someoneElses]);
  });
});
