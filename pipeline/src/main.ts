import PgBoss from 'pg-boss';
import { createDb, loadConfig, migrate, resolveDatabase } from '@drape/db';
import { runMaintenance, type MaintenanceTask } from './maintenance';
import { QUEUES, SCHEDULES } from './queues';
import { heartbeat, HEARTBEAT_SECONDS, markStopped, registerWorker } from './worker-registry';

/** The pipeline daemon: one per process, N per fleet. Registers itself, heartbeats, works its queues. */
async function main() {
  const config = loadConfig();
  const log = (line: string) => console.log(`[pipeline] ${line}`);
  const { url, embedded } = await resolveDatabase(config, log);
  const handle = createDb(url, 5);
  await migrate(handle.db);

  const boss = new PgBoss({ connectionString: url, max: 5 });
  boss.on('error', (err) => log(`queue error: ${String(err)}`));
  await boss.start();
  for (const name of Object.values(QUEUES)) await boss.createQueue(name);
  for (const s of Object.values(SCHEDULES)) await boss.schedule(QUEUES.maintenance, s.cron, { task: s.task });

  const workerId = await registerWorker(handle.db, `pipeline-${process.pid}`);
  let lastError: string | null = null;
  const beat = setInterval(() => {
    heartbeat(handle.db, workerId, lastError).catch((err) => log(`heartbeat failed: ${String(err)}`));
  }, HEARTBEAT_SECONDS * 1000);

  await boss.work<{ task: MaintenanceTask }>(QUEUES.maintenance, async (jobs) => {
    for (const job of jobs) {
      try {
        const result = await runMaintenance(handle.db, job.data.task);
        log(`${job.data.task}: ${JSON.stringify(result)}`);
        lastError = null;
      } catch (err) {
        lastError = String(err).slice(0, 500);
        throw err;
      }
    }
  });
  log(`worker ${workerId} running`);

  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    clearInterval(beat);
    const force = setTimeout(() => process.exit(1), 20_000);
    force.unref();
    await boss.stop({ graceful: true, wait: true, timeout: 15_000 });
    await markStopped(handle.db, workerId).catch(() => {});
    await handle.close();
    await embedded?.stop();
    log('stopped');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
