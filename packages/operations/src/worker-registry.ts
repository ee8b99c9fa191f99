import os from 'node:os';
import { OFFLINE_WORKERS_KEPT_HOURS } from '@drape/contracts/admin';
import type { Db } from '@drape/db';

/** A worker is offline when it missed this many seconds of heartbeats (3 beats). */
export const HEARTBEAT_SECONDS = 10;
export const OFFLINE_AFTER_SECONDS = HEARTBEAT_SECONDS * 3;

export type PodStatus = 'running' | 'error' | 'offline';

export async function registerWorker(db: Db, name: string): Promise<string> {
  const row = await db
    .insertInto('pipeline_workers')
    .values({ name, hostname: os.hostname(), pid: process.pid })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function heartbeat(db: Db, id: string, error?: string | null): Promise<void> {
  await db
    .updateTable('pipeline_workers')
    .set({ last_heartbeat_at: new Date(), status: error ? 'error' : 'running', ...(error !== undefined ? { last_error: error } : {}) })
    .where('id', '=', id)
    .execute();
}

export async function markStopped(db: Db, id: string): Promise<void> {
  await db.updateTable('pipeline_workers').set({ status: 'stopped', stopped_at: new Date() }).where('id', '=', id).execute();
}

/** The status shown to operators: stopped or silent workers are offline. */
export function podStatus(row: { status: string; last_heartbeat_at: Date }, now = Date.now()): PodStatus {
  if (row.status === 'stopped') return 'offline';
  if (now - row.last_heartbeat_at.getTime() > OFFLINE_AFTER_SECONDS * 1000) return 'offline';
  return row.status === 'error' ? 'error' : 'running';
}

export const POD_STATUSES: readonly PodStatus[] = ['running', 'error', 'offline'];

/**
 * Workers per status, of those heard from within OFFLINE_WORKERS_KEPT_HOURS (the ones the admin's
 * pods list shows): each start registers a new row, so all rows ever would count every restart as
 * an offline worker forever. One range of the heartbeat index.
 */
export async function workerCounts(db: Db, now = Date.now()): Promise<Record<PodStatus, number>> {
  const rows = await db
    .selectFrom('pipeline_workers')
    .select(['status', 'last_heartbeat_at'])
    .where('last_heartbeat_at', '>', new Date(now - OFFLINE_WORKERS_KEPT_HOURS * 3_600_000))
    .execute();
  const counts: Record<PodStatus, number> = { running: 0, error: 0, offline: 0 };
  for (const row of rows) counts[podStatus(row, now)] += 1;
  return counts;
}
