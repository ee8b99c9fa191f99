import { boot } from '@drape/boot';
import { startPipeline } from './daemon';

/** The pipeline daemon process: one per `npm start`, N in a fleet. */
async function main() {
  const log = (line: string) => console.log(`[pipeline] ${line}`);
  const booted = await boot({ role: 'pipeline', log });
  const pipeline = await startPipeline({ url: booted.url, db: booted.db.db, config: booted.config, storage: booted.storage, log, stockStarter: true });
  log(`worker ${pipeline.workerId} running`);

  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    const force = setTimeout(() => process.exit(1), 20_000);
    force.unref();
    await pipeline.stop();
    await booted.stop();
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
