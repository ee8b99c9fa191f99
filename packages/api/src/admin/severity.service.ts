import { sql } from 'kysely';
import { SEVERITY_LEVELS, type SeverityLevel } from '@drape/contracts';
import { OFFLINE_WORKERS_KEPT_HOURS, type PodStatusItem, type SevQueueProgress, type SevQueueStatus, type SevStats } from '@drape/contracts/admin';
import type { Db } from '@drape/db';
import { MAX_CYCLES, podStatus, severityRows } from '@drape/operations';

export { severityRows as inventorySeverity } from '@drape/operations';

const isLevel = (v: string): v is SeverityLevel => (SEVERITY_LEVELS as readonly string[]).includes(v);

/**
 * The SEV queue of the running (or last) batch: the entry being worked (the first one not yet
 * ended, in cycle and sequence order) and, per level, entries queued, ended, and ended per cycle.
 */
export async function sevQueueStatus(db: Db): Promise<SevQueueStatus> {
  const [focus, groups] = await Promise.all([
    db.selectFrom('sev_queue').select(['sev_level', 'sequence', 'cycle']).where('completed_at', 'is', null).orderBy('cycle').orderBy('sequence').limit(1).executeTakeFirst(),
    db
      .selectFrom('sev_queue')
      .select(['sev_level', 'cycle', (eb) => eb.fn.countAll<number>().as('total'), sql<number>`count(completed_at)`.as('completed')])
      .groupBy(['sev_level', 'cycle'])
      .execute(),
  ]);
  const progress = (level: SeverityLevel): SevQueueProgress => {
    const p: SevQueueProgress = { total: 0, completed: 0, cycle1: 0, cycle2: 0, cycle3: 0, cycle4: 0, cycle5: 0 };
    for (const g of groups.filter((r) => r.sev_level === level)) {
      p.total += Number(g.total);
      p.completed += Number(g.completed);
      if (g.cycle >= 1 && g.cycle <= MAX_CYCLES) p[`cycle${g.cycle as 1 | 2 | 3 | 4 | 5}`] += Number(g.completed);
    }
    return p;
  };
  return {
    currentFocus: focus && isLevel(focus.sev_level) ? { sevLevel: focus.sev_level, sequence: focus.sequence, cycle: focus.cycle } : null,
    progressStats: { sev1: progress('SEV-1'), sev2: progress('SEV-2'), sev3: progress('SEV-3'), sev4: progress('SEV-4') },
  };
}

/** Combinations at SEV-1, SEV-2 and SEV-3: the inventory severity's own counts. */
export async function sevStats(db: Db): Promise<SevStats> {
  const rows = await severityRows(db);
  const n = (level: SeverityLevel) => rows.find((r) => r.severity_level === level)?.combo_count ?? 0;
  return { sev1: n('SEV-1'), sev2: n('SEV-2'), sev3: n('SEV-3') };
}

/**
 * The spec's "pods" are the pipeline workers: newest first; a stopped or silent one stays listed
 * for OFFLINE_WORKERS_KEPT_HOURS after its last heartbeat (a running one beats every 10 s).
 */
export async function pods(db: Db, now = Date.now()): Promise<PodStatusItem[]> {
  const rows = await db
    .selectFrom('pipeline_workers')
    .selectAll()
    .where('last_heartbeat_at', '>', new Date(now - OFFLINE_WORKERS_KEPT_HOURS * 3_600_000))
    .orderBy('started_at', 'desc')
    .orderBy('id')
    .limit(100)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    status: podStatus(r, now),
    lastHeartbeat: r.last_heartbeat_at.toISOString(),
    host: r.hostname,
    pid: r.pid,
    startedAt: r.started_at.toISOString(),
    stoppedAt: r.stopped_at?.toISOString() ?? null,
    lastError: r.last_error,
  }));
}
