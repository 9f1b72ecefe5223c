// CPU time of the processes under load, from /proc (Linux): the server process, and every
// process of the PostgreSQL cluster (the postmaster and its backends, found by parent pid).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const TICKS_PER_SECOND = 100;

function ticksOf(pid: number): { ppid: number; ticks: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // fields after the command (which may hold spaces) in parentheses
    const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(rest[1]), ticks: Number(rest[11]) + Number(rest[12]) };
  } catch {
    return null;
  }
}

/** Seconds of CPU used so far by `pid`. */
export function cpuSeconds(pid: number): number {
  return (ticksOf(pid)?.ticks ?? 0) / TICKS_PER_SECOND;
}

/** Seconds of CPU used so far by the cluster whose data folder is `dataDir` (backends that ended are not counted). */
export function clusterCpuSeconds(dataDir: string): number {
  const postmaster = Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  let ticks = ticksOf(postmaster)?.ticks ?? 0;
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const t = ticksOf(Number(name));
    if (t && t.ppid === postmaster) ticks += t.ticks;
  }
  return ticks / TICKS_PER_SECOND;
}
