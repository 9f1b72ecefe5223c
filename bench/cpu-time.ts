// CPU time of a backend bench: this process (the stand-in server runs in it, and so does PGlite)
// plus, on PostgreSQL, every backend connected to the bench's database (on-CPU time from
// /proc/<pid>/schedstat, so the cluster must run on this machine). On a machine shared with other
// work, wall time grows with the queue for the cores; CPU time much less, so a ratio of CPU times
// stays readable when wall times wander.
import { readFileSync } from 'node:fs';
import type { TestServer } from '../tests/helpers/index.ts';

export type CpuSnapshot = { self: number; backends: Map<number, number> };

const onCpuMs = (pid: number): number | null => {
  try {
    return Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
  } catch {
    return null;
  }
};

export async function cpuSnapshot(srv: TestServer): Promise<CpuSnapshot> {
  const backends = new Map<number, number>();
  if (srv.databaseUrl) {
    const rows = await srv.sql.query<{ pid: number }>('select pid from pg_stat_activity where datname = current_database()');
    for (const { pid } of rows) {
      const ms = onCpuMs(pid);
      if (ms !== null) backends.set(pid, ms);
    }
  }
  const u = process.cpuUsage();
  return { self: (u.user + u.system) / 1000, backends };
}

/** CPU milliseconds between two snapshots (a backend that started in between counts whole). */
export function cpuBetween(a: CpuSnapshot, b: CpuSnapshot): number {
  let ms = b.self - a.self;
  for (const [pid, end] of b.backends) ms += end - (a.backends.get(pid) ?? 0);
  return ms;
}
