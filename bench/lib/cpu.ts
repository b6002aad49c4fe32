/**
 * Where the machine's CPU went during a measurement: the server process,
 * PostgreSQL's processes and this process (the load generator), read from
 * /proc (Linux). Throughput on a shared 2-core machine swings from run to
 * run; CPU time per operation is the steadier figure for comparing fixes.
 */
import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100; // USER_HZ, 100 on Linux

export interface CpuSplit {
  serverMs: number;
  postgresMs: number;
  loadGeneratorMs: number;
}

/** utime + stime of one process, in ms. */
function processCpuMs(pid: number | string): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

/** Every PostgreSQL process on the machine (the embedded server's, or a local one's). */
function postgresCpuMs(): number {
  let total = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres') total += processCpuMs(pid);
    } catch {
      // the process ended while we looked
    }
  }
  return total;
}

function snapshot(serverPid: number): CpuSplit {
  const self = process.cpuUsage();
  return { serverMs: processCpuMs(serverPid), postgresMs: postgresCpuMs(), loadGeneratorMs: (self.user + self.system) / 1000 };
}

/**
 * Starts counting; the returned function gives the CPU used since, divided by
 * `operations`. (PostgreSQL backends that exit in between are not counted:
 * the pools here keep theirs open.)
 */
export function startCpuCount(serverPid: number): (operations: number) => CpuSplit {
  const before = snapshot(serverPid);
  return (operations) => {
    const after = snapshot(serverPid);
    const per = (key: keyof CpuSplit) => (after[key] - before[key]) / Math.max(operations, 1);
    return { serverMs: per('serverMs'), postgresMs: per('postgresMs'), loadGeneratorMs: per('loadGeneratorMs') };
  };
}
