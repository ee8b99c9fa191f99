import { solveChallenge } from 'altcha-lib/v1';
import type { FastifyInstance } from 'fastify';
import { startCallerCache, watchLookbookChanges, type Services } from '@drape/api';
import { ensureMatrix, openStorage } from '@drape/boot';
import { loadConfig, withConcretePort, type Config } from '@drape/config';
import { createLiveGeneration, type MailQueueOptions } from '@drape/jobs';
import { createStorage, type Storage } from '@drape/storage';
import { startS3rver, type S3TestServer } from '@drape/storage/testing';
import { createTestDatabase, type TestDatabase } from '@drape/db/testing';
import { captureLog, type LogLine } from '@drape/log/testing';
import { startPipeline, type Pipeline } from '@drape/pipeline';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { failingProvider } from './providers';
import { buildApp } from '../app';
import { startServerMail } from '../mail';
import { createServerMetrics } from '../metrics/server-metrics';
import { createServices } from '../services';

/** The real Fastify app on a real port over a fresh database: what the integration tests talk to. */
export interface TestServer {
  url: string;
  /** A real pipeline worker in this process, when asked for. */
  pipeline: Pipeline | null;
  db: TestDatabase;
  config: Config;
  storage: Storage;
  /** The server's long-lived parts, for tests that call the procedures' transport directly. */
  services: Services;
  /** The S3 server, when the test asked for object storage. */
  s3: S3TestServer | null;
  app: FastifyInstance;
  /** The admin origin's listener (ADMIN_ORIGIN set), else null. */
  adminUrl: string | null;
  /** What the server logged (JSON lines, parsed), at LOG_LEVEL (info unless the test sets it). */
  logs: LogLine[];
  /** What the in-process pipeline worker logged. */
  pipelineLogs: LogLine[];
  /** The messages the server logged: without SMTP_URL, in development mode, each mail in full. */
  mails: string[];
  call<T = any>(method: string, path: string, body?: unknown, opts?: CallOptions): Promise<Answer<T>>;
  solveBotCheck(): Promise<string>;
  register(overrides?: Record<string, unknown>): Promise<{ token: string; user: any; email: string; password: string; username: string }>;
  /** The link of the newest reset mail to this address, as the development console shows it. */
  resetLinkFor(email: string): Promise<string | null>;
  close(): Promise<void>;
}

export interface CallOptions {
  token?: string;
  /** The client address, sent as X-Forwarded-For (the test server trusts the proxy header). */
  ip?: string;
  headers?: Record<string, string>;
  raw?: string;
  /** Another listener of this server (its adminUrl); the main one by default. */
  base?: string;
}

export interface Answer<T> {
  status: number;
  body: T;
  headers: Headers;
}

let counter = 0;

/** A fresh address per call, each on a /24 of its own: referrals from it count as from different networks. */
let addresses = Math.floor(Math.random() * 65_536);
function randomIp(): string {
  addresses = (addresses + 1) % 65_536;
  return `10.${addresses >> 8}.${addresses & 255}.${Math.floor(Math.random() * 254) + 1}`;
}

export interface TestServerOptions {
  env?: Record<string, string>;
  /** Start a pipeline worker (generation) beside the server. */
  pipeline?: boolean;
  /** The worker's provider always fails (a dead diffusion server). */
  failingProvider?: boolean;
  /** Images in S3-compatible object storage (a local s3rver) instead of the disk. */
  s3?: boolean;
  /** Serve the web and admin apps as `npm start` does (their shell when not built). */
  serveApps?: boolean;
  /** Serve these builds of the two apps (the API alone by default). */
  apps?: { webDist: string; adminDist: string };
  /** The mail queue's retries and polling (with SMTP_URL in env): tests shorten them. */
  mail?: Pick<MailQueueOptions, 'retry' | 'pollingIntervalSeconds'>;
  /**
   * Serve this database, DATA_DIR and S3 server (a restored backup's) instead of fresh ones; the
   * server takes them over and removes them on close().
   */
  adopt?: { db: TestDatabase; dataDir: string; s3?: S3TestServer };
}

export async function startTestServer(envOrOptions: Record<string, string> | TestServerOptions = {}): Promise<TestServer> {
  const opts: TestServerOptions = ['env', 'pipeline', 'failingProvider', 's3', 'serveApps', 'apps', 'mail', 'adopt'].some((k) => k in envOrOptions)
    ? (envOrOptions as TestServerOptions) : { env: envOrOptions as Record<string, string> };
  const db = opts.adopt?.db ?? await createTestDatabase();
  const dataDir = opts.adopt?.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'drape-it-'));
  const s3 = opts.adopt ? opts.adopt.s3 ?? null : opts.s3 ? await startS3rver() : null;
  const config = loadConfig(await withConcretePort({
    ALTCHA_MAX_NUMBER: '2000', PORT: '0', TRUST_PROXY: '1', DATA_DIR: dataDir,
    // Auto-curation's cron would move stocked looks into the LookBook whenever a test crosses a
    // ten-minute mark; the tests that want it set it.
    LOOKBOOK_AUTOCURATE: '0',
    ...(s3 ? { S3_BUCKET: s3.bucket, S3_ENDPOINT: s3.endpoint, S3_REGION: s3.region } : {}),
    ...opts.env,
  }));
  // In this process the s3rver credentials are passed directly; a child process reads them from s3.env.
  const storage = s3 ? createStorage({ dataDir, s3: s3.options }) : openStorage(config);
  // The processes' real loggers, their lines kept in memory rather than printed.
  const server = captureLog({ role: 'server', level: config.LOG_LEVEL });
  const worker = captureLog({ role: 'pipeline', level: config.LOG_LEVEL });
  const generation = await createLiveGeneration(db.url, db.db, server.log);
  let pipeline: Pipeline | null = null;
  if (opts.pipeline) {
    await ensureMatrix(db.db);
    pipeline = await startPipeline({ url: db.url, db: db.db, config, storage, log: worker.log, settingsPollMs: 500, ...(opts.failingProvider ? { provider: failingProvider } : {}) });
  }
  const mail = await startServerMail(db.url, db.db, config, server.log, opts.mail);
  const lookbookChanges = await watchLookbookChanges(db.url, db.db, server.log);
  const callers = await startCallerCache(db.url, server.log);
  const services = createServices(db, config, server.log, generation, storage, mail.mailer, callers.cache);
  // As the server process makes them: one registry for both listeners, with the app's pool.
  const metrics = createServerMetrics({ db: db.db, queue: services.jobs, pools: { app: db.pool } });
  const app = await buildApp({ services, serveApps: opts.apps ?? opts.serveApps ?? false, metrics });
  await app.listen({ port: config.PORT, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  // ADMIN_ORIGIN: the second listener, as the server process starts it.
  const adminApp = config.adminListener ? await buildApp({ services, serveApps: opts.apps ?? false, listener: 'admin', metrics }) : null;
  if (adminApp && config.adminListener) await adminApp.listen({ port: config.adminListener.port, host: '127.0.0.1' });
  const adminUrl = config.adminListener ? `http://127.0.0.1:${config.adminListener.port}` : null;

  const call: TestServer['call'] = async (method, path, body, opts = {}) => {
    // A fresh address per call unless the test names one: rate limits are per client address.
    const headers: Record<string, string> = { 'x-forwarded-for': opts.ip ?? randomIp(), ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    let payload: string | undefined = opts.raw;
    if (body !== undefined) {
      payload = JSON.stringify(body);
      headers['content-type'] = 'application/json';
    } else if (payload !== undefined) headers['content-type'] ??= 'application/json';
    const res = await fetch(`${opts.base ?? url}${path}`, { method, headers, body: payload });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      /* not JSON: keep the text */
    }
    return { status: res.status, body: parsed as any, headers: res.headers };
  };

  const solveBotCheck = async () => {
    const { body: c } = await call('GET', '/api/auth/bot-check');
    const solution = await solveChallenge(c.challenge, c.salt, c.algorithm, c.maxnumber).promise;
    if (!solution) throw new Error('could not solve the ALTCHA challenge');
    return Buffer.from(JSON.stringify({ algorithm: c.algorithm, challenge: c.challenge, number: solution.number, salt: c.salt, signature: c.signature })).toString('base64');
  };

  const register: TestServer['register'] = async (overrides = {}) => {
    counter += 1;
    const n = `${process.pid}${counter}${Math.floor(Math.random() * 1000)}`;
    const input = {
      email: `user${n}@example.com`,
      password: 'correct horse battery',
      username: `user${n}`.slice(0, 20),
      firstName: 'Ada',
      lastName: 'Lovelace',
      turnstileToken: await solveBotCheck(),
      ...overrides,
    };
    const res = await call('POST', '/api/auth/register', input);
    if (res.status !== 201) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
    return { token: res.body.token, user: res.body.user, email: input.email as string, password: input.password as string, username: input.username as string };
  };

  // The outbox never keeps a link: the newest reset mail to this address as the development
  // console shows it (the server runs without SMTP_URL, in development mode).
  const resetLinkFor = async (email: string) => {
    const mail = server.messages().findLast((line) => line.startsWith(`[mail] to ${email}: `) && line.includes('/reset-password?token='));
    return mail?.match(/https?:\/\/\S+\/reset-password\?token=\S+/)?.[0] ?? null;
  };

  return {
    url, pipeline, db, config, storage, services, s3, app, adminUrl, call, solveBotCheck, register, resetLinkFor,
    logs: server.lines,
    pipelineLogs: worker.lines,
    get mails() {
      return server.messages();
    },
    async close() {
      await app.close();
      await adminApp?.close();
      await pipeline?.stop();
      await mail.close();
      await generation.close();
      await lookbookChanges.close();
      await callers.close();
      await storage.close();
      await s3?.close();
      await db.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
