import { createDb, loadConfig, migrate, resolveDatabase, seedCatalog } from '@drape/db';
import { startPipeline } from './daemon';
import { ensureMatrix } from './matrix';

/** The pipeline daemon process: one per `npm start`, N in a fleet. */
async function main() {
  const config = loadConfig();
  const log = (line: string) => console.log(`[pipeline] ${line}`);
  const { url, embedded } = await resolveDatabase(config, log);
  const handle = createDb(url, 10);
  await migrate(handle.db);
  await seedCatalog(handle.db);
  const matrix = await ensureMatrix(handle.db);
  if (matrix.added) log(`combination matrix: ${matrix.total} combinations (${matrix.added} new)`);
  const pipeline = await startPipeline({ url, db: handle.db, config, log });
  log(`worker ${pipeline.workerId} running`);

  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    const force = setTimeout(() => process.exit(1), 20_000);
    force.unref();
    await pipeline.stop();
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
