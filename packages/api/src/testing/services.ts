import { solveChallenge } from 'altcha-lib/v1';
import { createBotCheck, createMailer, createRateLimits } from '@drape/auth';
import { loadConfig } from '@drape/config';
import { parsePromoCodes } from '@drape/contracts';
import { createTestDatabase, type TestDatabase } from '@drape/db/testing';
import { captureLog } from '@drape/log/testing';
import { openTestStorage } from '@drape/storage/testing';
import type { RequestMeta, Services } from '../context';

/**
 * The services of a server process over a fresh test database (the real PostgreSQL, the real rate
 * limits, ALTCHA and the mail outbox): what the service tests call, without HTTP in between.
 * Live generation is not wired: these tests exercise the services around it.
 */
export interface TestServices {
  services: Services;
  db: TestDatabase;
  /**
   * A fresh client address per call, on a network of its own (its /24): the per-address limits
   * start at zero, and referrals count as from different networks.
   */
  req(): RequestMeta;
  /** What the services logged (the messages): without SMTP_URL, in development mode, each mail in full. */
  mails: string[];
  /** Solves a challenge as the register form's widget would. */
  solveBotCheck(): Promise<string>;
  close(): Promise<void>;
}

let n = 0;

export async function createTestServices(env: Record<string, string> = {}): Promise<TestServices> {
  const db = await createTestDatabase();
  const testStorage = await openTestStorage('local');
  const config = loadConfig({ ALTCHA_MAX_NUMBER: '2000', LOG_LEVEL: 'silent', ...env });
  const botCheck = createBotCheck(db.db, config);
  // The services' real logger, its lines kept: the mails shown in development are read from it.
  const logged = captureLog({ role: 'server', level: 'info' });
  const services: Services = {
    db: db.db,
    config,
    botCheck,
    rateLimits: createRateLimits(db.pool),
    mailer: createMailer(db.db, config, logged.log),
    promoCodes: parsePromoCodes(config.PROMO_CODES),
    generation: {
      enqueue: () => Promise.reject(new Error('live generation is not part of the service tests')),
      wait: () => Promise.reject(new Error('live generation is not part of the service tests')),
    },
    // A service test that sends jobs gets a real pg-boss of its own; these refuse loudly instead.
    jobs: {
      send: () => Promise.reject(new Error('pg-boss is not part of the service tests')),
      deleteQueuedJobs: () => Promise.reject(new Error('pg-boss is not part of the service tests')),
      findJobs: () => Promise.reject(new Error('pg-boss is not part of the service tests')),
      getJobById: () => Promise.reject(new Error('pg-boss is not part of the service tests')),
      getQueueStats: () => Promise.reject(new Error('pg-boss is not part of the service tests')),
      isInstalled: () => Promise.reject(new Error('pg-boss is not part of the service tests')),
      getQueues: () => Promise.reject(new Error('pg-boss is not part of the service tests')),
      getDb: () => {
        throw new Error('pg-boss is not part of the service tests');
      },
    },
    storage: testStorage.storage,
    log: logged.log,
  };
  return {
    services,
    db,
    get mails() {
      return logged.messages();
    },
    req: () => ({ ipAddress: `10.${77 + ((n >> 8) & 127)}.${n++ & 255}.7`, userAgent: 'service-test' }),
    async solveBotCheck() {
      const c = await botCheck.challenge();
      const solution = await solveChallenge(c.challenge!, c.salt!, c.algorithm!, c.maxnumber!).promise;
      if (!solution) throw new Error('could not solve the ALTCHA challenge');
      return Buffer.from(JSON.stringify({ algorithm: c.algorithm, challenge: c.challenge, number: solution.number, salt: c.salt, signature: c.signature })).toString('base64');
    },
    async close() {
      await testStorage.close();
      await db.drop();
    },
  };
}
