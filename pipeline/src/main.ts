import { boot } from '@drape/boot';
import { logSettings } from '@drape/config';
import { createLogger } from '@drape/log';
import { startPipeline } from './daemon';

/** The pipeline daemon process: one per `npm start`, N in a fleet. */
const log = createLogger({ role: 'pipeline', ...logSettings() });

async function main() {
  const booted = await boot({ role: 'pipeline', log });
  const pipeline = await startPipeline({ url: booted.url, db: booted.db.db, config: booted.config, storage: booted.storage, log, stockStarter: true });
  log.info({ workerId: pipeline.workerId }, `worker ${pipeline.workerId} running`);

  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    const force = setTimeout(() => process.exit(1), 20_000);
    force.unref();
    await pipeline.stop();
    await booted.stop();
    log.info('stopped');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());
}

main().catch((err: unknown) => {
  log.fatal({ err }, 'the pipeline could not start');
  process.exit(1);
});
