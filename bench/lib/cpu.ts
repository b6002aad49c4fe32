/**
 * Where the machine's CPU went during a measurement: the server process and
 * its child processes (the mail-delivery worker), PostgreSQL's processes,
 * this process (the load generator) and the SMTP sink's process, read from
 * /proc (Linux). Throughput on a shared 2-core machine swings from run to
 * run; CPU time per operation is the steadier figure for comparing fixes.
 */
import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100; // USER_HZ, 100 on Linux

export interface CpuSplit {
  serverMs: number;
  /** The server's child processes (its mail-delivery worker): part of what the server costs. */
  serverChildrenMs: number;
  postgresMs: number;
  loadGeneratorMs: number;
  mailSinkMs: number;
}

/** The processes counted by pid. */
export interface CountedProcesses {
  serverPid: number;
  /** None: no mail sink runs, and its share is 0. */
  mailSinkPid?: number;
  /**
   * The PostgreSQL server measured (its postmaster's pid). None: every
   * PostgreSQL process on the machine counts, other people's included.
   */
  postmasterPid?: number | null;
}

interface ProcessStat {
  pid: number;
  comm: string;
  ppid: number;
  /** utime + stime. */
  cpuMs: number;
  /** cutime + cstime: the CPU of its children that ended and were waited for (the kernel moves it to the parent). */
  endedChildrenCpuMs: number;
}

const ticksToMs = (ticks: string) => (Number(ticks) * 1000) / TICKS_PER_SECOND;

/** /proc/<pid>/stat, or null when the process has ended. */
function readStat(pid: number): ProcessStat | null {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // The command name is in parentheses and may hold spaces: the numbered fields follow the last ')'.
  const commEnd = stat.lastIndexOf(')');
  const fields = stat.slice(commEnd + 2).split(' '); // fields[0] is field 3 of proc(5), the state
  return {
    pid,
    comm: stat.slice(stat.indexOf('(') + 1, commEnd),
    ppid: Number(fields[1]),
    cpuMs: ticksToMs(fields[11]) + ticksToMs(fields[12]),
    endedChildrenCpuMs: ticksToMs(fields[13]) + ticksToMs(fields[14]),
  };
}

function allProcesses(): ProcessStat[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map((name) => readStat(Number(name)))
    .filter((stat): stat is ProcessStat => stat !== null);
}

/** The parent of a running process, or null when it is not running here. */
export function parentOf(pid: number): number | null {
  return readStat(pid)?.ppid ?? null;
}

/** The pids of a process's living children (the server's: its mail worker). */
export function childrenOf(pid: number): number[] {
  return allProcesses()
    .filter((p) => p.ppid === pid)
    .map((p) => p.pid);
}

const totalCpuMs = (processes: ProcessStat[]) => processes.reduce((sum, p) => sum + p.cpuMs, 0);

function required(processes: ProcessStat[], pid: number, what: string): ProcessStat {
  const found = processes.find((p) => p.pid === pid);
  if (!found) throw new Error(`the ${what} (pid ${pid}) is not running`);
  return found;
}

/**
 * The PostgreSQL server's processes (the postmaster and its children, or
 * without a postmaster every PostgreSQL process on the machine), plus what
 * its backends that have exited used: the kernel hands an exited backend's
 * CPU to the postmaster that reaps it. Without that, a backend closing
 * mid-run (the pools open and close connections) took its whole CPU out of
 * the count, and PostgreSQL's figure swung from run to run. Without the
 * postmaster's pid, other PostgreSQL servers on a shared machine (other
 * people's test runs) count too.
 */
function postgresCpuMs(processes: ProcessStat[], postmasterPid: number | null | undefined): number {
  const postgres = postmasterPid
    ? processes.filter((p) => p.pid === postmasterPid || p.ppid === postmasterPid)
    : processes.filter((p) => p.comm === 'postgres');
  const pids = new Set(postgres.map((p) => p.pid));
  const postmasters = postgres.filter((p) => !pids.has(p.ppid));
  return totalCpuMs(postgres) + postmasters.reduce((sum, p) => sum + p.endedChildrenCpuMs, 0);
}

/** CPU used so far by each counted process, in ms. */
function snapshot({ serverPid, mailSinkPid, postmasterPid }: CountedProcesses): CpuSplit {
  const processes = allProcesses();
  const server = required(processes, serverPid, 'server');
  const self = process.cpuUsage();
  return {
    serverMs: server.cpuMs,
    // Children running now plus those that ended: a child found only at the end counts from 0.
    serverChildrenMs: totalCpuMs(processes.filter((p) => p.ppid === serverPid)) + server.endedChildrenCpuMs,
    postgresMs: postgresCpuMs(processes, postmasterPid),
    loadGeneratorMs: (self.user + self.system) / 1000,
    mailSinkMs: mailSinkPid ? required(processes, mailSinkPid, 'SMTP sink').cpuMs : 0,
  };
}

/**
 * Starts counting; the returned function gives the CPU used since, divided by
 * `operations`.
 */
export function startCpuCount(counted: CountedProcesses): (operations: number) => CpuSplit {
  const before = snapshot(counted);
  return (operations) => {
    const after = snapshot(counted);
    const per = (key: keyof CpuSplit) => (after[key] - before[key]) / Math.max(operations, 1);
    return {
      serverMs: per('serverMs'),
      serverChildrenMs: per('serverChildrenMs'),
      postgresMs: per('postgresMs'),
      loadGeneratorMs: per('loadGeneratorMs'),
      mailSinkMs: per('mailSinkMs'),
    };
  };
}
