import PgBoss10 from 'pg-boss-10';
import type { JobQueue } from './boss';
import { QUEUES, SCHEDULES, scheduleQueue } from './queues';

/**
 * pg-boss 10.4.2 as Drape ran it before pg-boss 12 (our queues and crons), for the tests of the
 * upgrade: a database it made, with jobs in it, is what an existing install holds.
 */
export async function startPgBoss10(url: string): Promise<PgBoss10> {
  const old = new PgBoss10({ connectionString: url, max: 2, supervise: false, schedule: false });
  old.on('error', () => {});
  await old.start();
  for (const name of Object.values(QUEUES)) await old.createQueue(name);
  for (const s of Object.values(SCHEDULES)) {
    await old.createQueue(scheduleQueue(s.task));
    await old.schedule(scheduleQueue(s.task), s.cron, { task: s.task });
  }
  return old;
}

/**
 * Our batch code on pg-boss 10's client: it sends (the same call in both majors); listing and
 * purging are pg-boss 12's calls and refuse here, so a test that reaches them fails loudly.
 */
export function pgBoss10Queue(old: PgBoss10): JobQueue {
  const refuse = () => Promise.reject(new Error('not a pg-boss 10 call'));
  const queue = {
    send: (name: string, data: object, options: PgBoss10.SendOptions) => old.send(name, data, options),
    getJobById: refuse,
    findJobs: refuse,
    deleteQueuedJobs: refuse,
  };
  return queue as unknown as JobQueue;
}
