import { readdirSync, readFileSync } from 'node:fs';

// The CPU a phase of the stress run took, by who took it (issue 46 point 3). The storm's times swing by a third from
// run to run on a shared machine; the CPU it takes for the same requests swings far less, so a change that makes a
// request cheaper shows here first. Linux only (/proc): elsewhere every figure is null and the report says so.

/** Clock ticks a second of /proc's times (USER_HZ: 100 on every Linux the project runs on). */
const TICKS = 100;

/** A process's CPU seconds: its own, and, when asked, those of its children it has waited for. */
function secondsOf(pid: number | string, withChildren = false): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // After the command's closing parenthesis: state, ppid, … utime is field 14, stime 15, cutime 16, cstime 17.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const own = Number(fields[11]) + Number(fields[12]);
    const children = withChildren ? Number(fields[13]) + Number(fields[14]) : 0;
    return (own + children) / TICKS;
  } catch {
    return null;
  }
}

/** Every PostgreSQL process of this machine: the server, its backends, and the backends that ended (reaped). */
function postgresSeconds(): number | null {
  let total: number | null = null;
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return null;
  }
  for (const pid of pids) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue;
    }
    if (!stat.includes(' (postgres) ')) continue;
    const parent = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1];
    const parentIsPostgres = readCommand(parent) === 'postgres';
    // The server itself counts its ended backends (waited for) too; a backend counts only its own.
    const seconds = secondsOf(pid, !parentIsPostgres);
    if (seconds !== null) total = (total ?? 0) + seconds;
  }
  return total;
}

function readCommand(pid: string | undefined): string | null {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return null;
  }
}

export type CpuReading = { api: number | null; postgres: number | null; load: number };

/** The CPU taken so far by the API processes named, PostgreSQL and this script. */
export function readCpu(apiPids: (number | undefined)[]): CpuReading {
  const api = apiPids.map((pid) => (pid === undefined ? null : secondsOf(pid)));
  const usage = process.cpuUsage();
  return {
    api: api.some((s) => s === null) ? null : api.reduce<number>((sum, s) => sum + (s ?? 0), 0),
    postgres: postgresSeconds(),
    load: (usage.user + usage.system) / 1e6,
  };
}

/** What a phase took: the difference of two readings, a figure null where either reading lacks it. */
export function cpuBetween(before: CpuReading, after: CpuReading): CpuReading {
  const minus = (a: number | null, b: number | null) => (a === null || b === null ? null : a - b);
  return {
    api: minus(after.api, before.api),
    postgres: minus(after.postgres, before.postgres),
    load: after.load - before.load,
  };
}
