import os from 'node:os';
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
