import type { BotCheck, Mailer, RateLimits } from '@drape/auth';
import type { GenerateJobData, Tier } from '@drape/contracts';
import type { Config } from '@drape/config';
import type { Db } from '@drape/db';

export type GenerationOutcome = 'image' | 'blocked' | 'failed' | 'timeout';

/** The pipeline as the API sees it: send a live job, wait for its end. */
export interface GenerationQueue {
  enqueue(data: GenerateJobData): Promise<string>;
  /** Resolves when the job stored an image, was blocked, failed for good, or the wait timed out. */
  wait(jobId: string): Promise<GenerationOutcome>;
}

/** Long-lived parts shared by every request of one server process. */
export interface Services {
  db: Db;
  config: Config;
  botCheck: BotCheck;
  rateLimits: RateLimits;
  mailer: Mailer;
  promoCodes: Map<string, Tier>;
  generation: GenerationQueue;
  log: (line: string) => void;
}

export interface RequestMeta {
  ipAddress: string | null;
  userAgent: string | null;
}

/** What the HTTP host knows about one request; the same for /trpc and the REST table. */
export interface Context extends Services {
  req: RequestMeta;
  sessionToken: string | null;
  adminToken: string | null;
  setSessionCookie(token: string, expires: Date): void;
  clearSessionCookie(): void;
}
