import type { BotCheck, Mailer, RateLimits } from '@drape/auth';
import type { Tier } from '@drape/contracts';
import type { Config, Db } from '@drape/db';

/** Long-lived parts shared by every request of one server process. */
export interface Services {
  db: Db;
  config: Config;
  botCheck: BotCheck;
  rateLimits: RateLimits;
  mailer: Mailer;
  promoCodes: Map<string, Tier>;
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
