import { openStorage } from '@drape/boot';
import { loadConfig, logSettings } from '@drape/config';
import { createDb } from '@drape/db';
import { createLogger } from '@drape/log';
import { startPipeline } from '../daemon';

/**
 * A pipeline worker as its own process, for tests that kill it (DATABASE_URL, DATA_DIR and the
 * S3_* settings from its environment).
 */
const config = loadConfig();
const log = createLogger({ role: 'pipeline', ...logSettings() });
const handle = createDb(config.DATABASE_URL!, 10, log);
const storage = openStorage(config);
const pipeline = await startPipeline({
  url: config.DATABASE_URL!, db: handle.db, config, storage, log,
  maintenanceIntervalSeconds: 1, jobExpireSeconds: 3, stepExpireSeconds: 8, settingsPollMs: 500,
});
process.send?.({ type: 'ready', workerId: pipeline.workerId });
process.on('SIGTERM', () => void pipeline.stop().then(() => storage.close()).then(() => handle.close()).then(() => process.exit(0)));
