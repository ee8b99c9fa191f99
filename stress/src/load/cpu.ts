import fs from 'node:fs';
import path from 'node:path';

/**
 * CPU seconds spent by the stack's processes, read from /proc: what a call costs regardless of how
 * busy the shared machine is (wall-clock latency on two shared cores mostly measures the neighbours;
 * CPU time per request measures us).
 */
const TICKS_PER_SECOND = 100;

function stat(pid: number): { ppid: number; ticks: number; childTicks: number } | null {
  try {
    const raw = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command (which may hold spaces), from field 3 (state) on.
    const f = raw.slice(raw.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(f[1]), ticks: Number(f[11]) + Number(f[12]), childTicks: Number(f[13]) + Number(f[14]) };
  } catch {
    return null;
  }
}

/** A process's CPU seconds. */
export function cpuSeconds(pid: number | null): number {
  const s = pid === null ? null : stat(pid);
  return s ? s.ticks / TICKS_PER_SECOND : 0;
}

/**
 * The PostgreSQL cluster's CPU seconds: the postmaster, its live backends and workers, and the
 * backends that have exited (counted in the postmaster's children's time).
 */
export function clusterCpuSeconds(clusterDir: string): number {
  let postmaster: number;
  try {
    postmaster = Number(fs.readFileSync(path.join(clusterDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    return 0;
  }
  const own = stat(postmaster);
  if (!own) return 0;
  let ticks = own.ticks + own.childTicks;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const s = stat(Number(entry));
    if (s && s.ppid === postmaster) ticks += s.ticks;
  }
  return ticks / TICKS_PER_SECOND;
}

export interface CpuSample {
  server: number;
  pipeline: number;
  postgres: number;
  /** This process: autocannon and the journeys. */
  load: number;
}

export function sampleCpu(pids: { server: number | null; pipeline: number | null }, clusterDir: string): CpuSample {
  const own = process.cpuUsage();
  return {
    server: cpuSeconds(pids.server),
    pipeline: cpuSeconds(pids.pipeline),
    postgres: clusterCpuSeconds(clusterDir),
    load: (own.user + own.system) / 1e6,
  };
}

export function cpuBetween(a: CpuSample, b: CpuSample): CpuSample {
  return { server: b.server - a.server, pipeline: b.pipeline - a.pipeline, postgres: b.postgres - a.postgres, load: b.load - a.load };
}
