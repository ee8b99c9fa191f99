import { loadConfig } from '@drape/config';
import { createDb } from '@drape/db';
import { startPipeline } from '../daemon';

/** A pipeline worker as its own process, for tests that kill it (DATABASE_URL and DATA_DIR from env). */
const config = loadConfig();
const handle = createDb(config.DATABASE_URL!, 10);
const pipeline = await startPipeline({
  url: config.DATABASE_URL!, db: handle.db, config, log: () => {},
  maintenanceIntervalSeconds: 1, jobExpireSeconds: 3, stepExpireSeconds: 8, settingsPollMs: 500,
});
process.send?.({ type: 'ready', workerId: pipeline.workerId });
process.on('SIGTERM', () => void pipeline.stop().then(() => handle.close()).then(() => process.exit(0)));
