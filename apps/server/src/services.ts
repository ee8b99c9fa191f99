import { createBotCheck, createRateLimits, type Mailer } from '@drape/auth';
import type { CallerCache, Services } from '@drape/api';
import type { Config } from '@drape/config';
import { parsePromoCodes } from '@drape/contracts';
import type { DbHandle } from '@drape/db';
import type { LiveGeneration } from '@drape/jobs';
import type { Logger } from '@drape/log';
import type { Storage } from '@drape/storage';

/** The long-lived parts of one server process, built once, shared by every request. */
export function createServices(handle: DbHandle, config: Config, log: Logger, generation: LiveGeneration, storage: Storage, mailer: Mailer, callers?: CallerCache): Services {
  return {
    db: handle.db,
    config,
    botCheck: createBotCheck(handle.db, config),
    rateLimits: createRateLimits(handle.pool),
    mailer,
    promoCodes: parsePromoCodes(config.PROMO_CODES),
    generation,
    jobs: generation.queue,
    storage,
    log,
    callers,
  };
}
