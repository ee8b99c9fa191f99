import { createBotCheck, createMailer, createRateLimits } from '@drape/auth';
import type { GenerationQueue, Services } from '@drape/api';
import { parsePromoCodes } from '@drape/contracts';
import type { Config } from '@drape/config';
import type { DbHandle } from '@drape/db';

export function createServices(handle: DbHandle, config: Config, log: (line: string) => void, generation: GenerationQueue): Services {
  return {
    db: handle.db,
    config,
    botCheck: createBotCheck(handle.db, config),
    rateLimits: createRateLimits(handle.pool),
    mailer: createMailer(handle.db, config, log),
    promoCodes: parsePromoCodes(config.PROMO_CODES),
    generation,
    log,
  };
}
