/**
 * Where the run's throwaway PostgreSQL keeps its data: in memory (/dev/shm)
 * when the machine has room there, else the temp folder.
 *
 * Each test file copies the template database, some 300 files. On an ext4
 * disk in a VM (this project's machines and CI) creating them cost the
 * backend 0.2-0.45 s of kernel time per copy, against 0.02 s in memory, and
 * the server tier used a tenth more CPU in all. The cluster is thrown away at
 * the end of the run, so nothing is lost by keeping it off the disk; the
 * tests that stop or kill PostgreSQL start clusters of their own.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statfsSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const CLUSTER_PREFIX = 'pbw-test-pg-';
const MEMORY_FOLDER = '/dev/shm';
/** A run's cluster peaks under 100 MB; a small /dev/shm (a container's default is 64 MB) is left alone. */
const MEMORY_ROOM_NEEDED = 512 * 1024 * 1024;
/** A folder this old with no postmaster running in it is a run's that was cut short (its teardown removes its own). */
const STALE_AFTER_MS = 60 * 60 * 1000;

/** Makes the folder for this run's cluster. */
export function makeClusterFolder(memoryFolder = MEMORY_FOLDER): string {
  const parent = hasRoom(memoryFolder) ? memoryFolder : tmpdir();
  if (parent === memoryFolder) removeStaleClusters(memoryFolder);
  return mkdtempSync(join(parent, CLUSTER_PREFIX));
}

function hasRoom(folder: string): boolean {
  try {
    const { bavail, bsize } = statfsSync(folder);
    return bavail * bsize >= MEMORY_ROOM_NEEDED;
  } catch {
    return false;
  }
}

/** In memory, a run cut short (Ctrl-C, a killed Jest) would hold its cluster's memory until the machine restarts. */
export function removeStaleClusters(folder: string, now = Date.now()): void {
  for (const name of readdirSync(folder)) {
    if (!name.startsWith(CLUSTER_PREFIX)) continue;
    const path = join(folder, name);
    try {
      if (now - statSync(path).mtimeMs > STALE_AFTER_MS && !postmasterRunsIn(path)) rmSync(path, { recursive: true, force: true });
    } catch {
      // Another user's folder, or one going away as we look: not ours to remove.
    }
  }
}

/** postmaster.pid's first line is the postmaster's process id. */
function postmasterRunsIn(clusterFolder: string): boolean {
  const file = join(clusterFolder, 'postmaster.pid');
  if (!existsSync(file)) return false;
  const pid = Number(readFileSync(file, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
