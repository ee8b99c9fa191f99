import type { Readable } from 'node:stream';
import type { BotCheck, Mailer, RateLimits } from '@drape/auth';
import type { Config } from '@drape/config';
import type { Tier } from '@drape/contracts';
import type { Db } from '@drape/db';
import type { JobQueue, LiveGeneration } from '@drape/jobs';
import type { Logger } from '@drape/log';
import type { Storage } from '@drape/storage';
import type { CallerCache } from './auth/caller-cache';
import type { Surface } from './surfaces';

/** Long-lived parts shared by every request of one server process. */
export interface Services {
  db: Db;
  config: Config;
  botCheck: BotCheck;
  rateLimits: RateLimits;
  mailer: Mailer;
  promoCodes: ReadonlyMap<string, Tier>;
  generation: Pick<LiveGeneration, 'enqueue' | 'wait'>;
  /** pg-boss for the admin's batch controls (the server sends jobs; pipeline workers run them). */
  jobs: JobQueue;
  /** The image store: the admin deletes and restores files, and reads blocked ones. */
  storage: Storage;
  /** The process's logger (role server); a request logs through its own child (RequestMeta.log). */
  log: Logger;
  /**
   * The signed-in callers this process keeps (docs/decisions/0029), kept current by NOTIFY; absent
   * (a command, a service test), every signed-in call reads its session from the database.
   */
  callers?: CallerCache;
}

/** Who is calling, as far as the HTTP host can tell. */
export interface RequestMeta {
  ipAddress: string | null;
  userAgent: string | null;
  /**
   * The country headers of a CDN in front (CF-IPCountry, CloudFront-Viewer-Country), as sent; a
   * client may forge them, which only changes its own shopping region. Absent outside HTTP.
   */
  cdnCountries?: readonly string[];
  /** The Accept-Language header, for the shopping region. */
  acceptLanguage?: string | null;
  /**
   * Aborted when the client closes its connection before the answer: costly work still waiting
   * (a password check queued for a CPU) is dropped rather than done for nobody. Absent outside HTTP.
   */
  signal?: AbortSignal;
  /** This request's logger: its lines carry the request's id (Fastify's reqId). Absent outside HTTP. */
  log?: Logger;
}

/**
 * What the transport does with the answer besides sending it: the session cookie to set (a
 * sign-in) or clear (a sign-out). Procedures declare it; the HTTP layer applies it.
 */
export interface ResponseHints {
  session?: { token: string } | 'clear';
  /**
   * The REST answer's JSON, ready (the shared LookBook's page: its cards' bytes joined, decision
   * 0030): the REST table sends these bytes instead of turning the answer into its REST spelling
   * and then into text. Made only when called, so a tRPC call never pays for it.
   */
  restBody?: () => Buffer;
  /** Send the answer as a file to save (Content-Disposition: attachment) under this name. */
  attachment?: { filename: string };
  /**
   * The REST answer is this file instead of the answer's JSON (the data export's ZIP), streamed.
   * Made only when the REST table sends it: a tRPC call answers the JSON and never pays for it.
   */
  restFile?: { contentType: string; body: () => Readable };
}

/**
 * What a procedure receives: the shared services (one object per process, never copied) and the
 * few facts of this request. The same for /trpc and the REST table.
 */
export interface Context {
  services: Services;
  req: RequestMeta;
  sessionToken: string | null;
  adminToken: string | null;
  response: ResponseHints;
  /** The listener's surface when the admin area has its own origin (ADMIN_ORIGIN); absent: every call. */
  surface?: Surface;
}
