import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_ADMIN_BASE_PATH } from '@drape/contracts';
import { LOOKBOOK_AUTOCURATE_DEFAULT } from '@drape/contracts/lookbook';
import { parseAffiliateTags, type AffiliateTags } from '@drape/contracts/shopping';

/**
 * Which proxies may set the client address (X-Forwarded-For), in Fastify's `trustProxy` forms:
 * off; a hop count (`true` is one hop: the proxy in front of us); or addresses and CIDR ranges.
 * Never "every hop": with that, any client could name its own address and so escape, or turn on
 * others, the per-address rate limits.
 */
export type TrustProxy = false | number | string[];

function parseTrustProxy(raw: string, ctx: z.RefinementCtx): TrustProxy {
  const value = raw.trim().toLowerCase();
  if (value === '' || value === 'false' || value === '0' || value === 'no') return false;
  if (value === 'true' || value === 'yes') return 1;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > 10) ctx.addIssue({ code: 'custom', message: 'TRUST_PROXY hop count must be 10 or less' });
    return hops;
  }
  const entries = value.split(',').map((e) => e.trim()).filter(Boolean);
  for (const entry of entries) {
    const [address, bits, extra] = entry.split('/');
    const family = net.isIP(address ?? '');
    const maxBits = family === 6 ? 128 : 32;
    const okBits = bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= maxBits);
    if (!family || !okBits || extra !== undefined) {
      ctx.addIssue({ code: 'custom', message: `TRUST_PROXY: "${entry}" is not an address or CIDR range (use a hop count, or addresses such as 10.0.0.0/8,127.0.0.1)` });
    }
  }
  return entries;
}

function affiliateTagsOf(raw: string, ctx: z.RefinementCtx): AffiliateTags {
  const parsed = parseAffiliateTags(raw);
  if (parsed.ok) return parsed.tags;
  for (const error of parsed.errors) ctx.addIssue({ code: 'custom', message: `AFFILIATE_TAGS: ${error}` });
  return {};
}

/** Every setting of Drape, read once from the environment; each default makes `npm start` work. */
export const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('.data'),
  DATABASE_URL: z.string().optional(),
  PUBLIC_ORIGIN: z.string().optional(),
  ADMIN_BASE_PATH: z
    .string()
    .default(DEFAULT_ADMIN_BASE_PATH)
    .refine((p) => /^\/[a-z0-9-]+$/i.test(p), 'ADMIN_BASE_PATH must look like /backstage'),
  ADMIN_KEY: z.string().optional(),
  // A bootstrapped admin guards the whole pipeline: a short password refuses to start.
  ADMIN_PASSWORD: z.string().min(12, 'ADMIN_PASSWORD must be at least 12 characters').optional(),
  PROMO_CODES: z.string().default(''),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Drape <no-reply@drape.local>'),
  S3_BUCKET: z.string().optional(),
  S3_ENDPOINT: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  /** Put before `public/` and `private/` in the bucket, to share one bucket between deployments. */
  S3_PREFIX: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._/-]*$/, 'S3_PREFIX: letters, digits, . _ - and /').optional(),
  CDN_BASE_URL: z.string().optional(),
  IMAGE_PROVIDER: z.enum(['atelier', 'http']).default('atelier'),
  IMAGE_PROVIDER_URL: z.string().optional(),
  TURNSTILE_SITE_KEY: z.string().optional(),
  TURNSTILE_SECRET_KEY: z.string().optional(),
  ALTCHA_MAX_NUMBER: z.coerce.number().int().min(1).max(10_000_000).default(100_000),
  TRUST_PROXY: z.string().default('false').transform(parseTrustProxy),
  /** Auto-curation fills the LookBook up to this many looks; 0 turns it off. */
  LOOKBOOK_AUTOCURATE: z
    .string()
    .trim()
    .regex(/^\d{1,9}$/, 'LOOKBOOK_AUTOCURATE must be a whole number, 0 or more (0 turns auto-curation off)')
    .default(String(LOOKBOOK_AUTOCURATE_DEFAULT))
    .transform(Number),
  /** What the process logs: info is what it does (starts, outages, batches); each request's line is at debug (bench/README.md). */
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** `production` is production mode (the container sets it): JSON log lines, warnings on unsafe defaults, no reset links in the log. */
  NODE_ENV: z.string().default('development'),
  /** Send `Server-Timing` on answers (the benchmarks turn it on); off, the header tells nothing about what a call did. */
  SERVER_TIMING: z.enum(['on', 'off', 'true', 'false', '1', '0']).default('off').transform((v) => v === 'on' || v === 'true' || v === '1'),
  /** A session's absolute lifetime in days, on top of the sliding one: a refresh never extends past it. */
  SESSION_MAX_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  /**
   * Serve the admin app on its own origin (e.g. http://127.0.0.1:3001): a flaw in the user app can
   * then never reach an admin token. Unset: the spec's hidden path on the main origin.
   */
  ADMIN_ORIGIN: z.string().url('ADMIN_ORIGIN must be an origin such as https://admin.example.com').optional(),
  /**
   * The port the admin origin's listener takes; by default the port ADMIN_ORIGIN names. Set it when
   * a proxy in front serves ADMIN_ORIGIN on another port (https://admin.example.com -> 3001).
   */
  ADMIN_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** `off` leaves out /metrics and the request timing behind it (docs/decisions/0023-metrics-and-readiness.md). */
  METRICS: z.enum(['on', 'off', 'true', 'false', '1', '0']).default('on').transform((v) => v === 'on' || v === 'true' || v === '1'),
  /**
   * Amazon Associates tags, one per store (amazon.de:drape-21,amazon.com:drape-20): that store's
   * links carry its tag, and the pieces' line says Drape may earn a commission. Unset: no tags.
   */
  AFFILIATE_TAGS: z.string().default('').transform(affiliateTagsOf),
  /**
   * A Bearer token that opens /metrics to a scraper on another machine; without it only loopback
   * callers (not through a proxy) are answered. Long enough that guessing it is hopeless.
   */
  METRICS_TOKEN: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(24, 'METRICS_TOKEN must be at least 24 characters (e.g. `openssl rand -hex 24`)').optional()),
});

type Parsed = z.infer<typeof configSchema>;

/** The names of every setting (what `.env.example` documents, one line each). */
export const SETTING_NAMES: readonly string[] = Object.freeze(Object.keys(configSchema.shape));

/** The admin app's own origin and the port its listener takes (ADMIN_ORIGIN set), else null. */
export interface AdminListener {
  origin: string;
  port: number;
}

/** The settings as every part reads them; frozen, so no part can change what the others see. */
export type Config = Readonly<Parsed & { dataDir: string; publicOrigin: string; production: boolean; adminListener: AdminListener | null }>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  const c = parsed.data;
  if (c.PORT === 0 && !c.PUBLIC_ORIGIN) {
    // Mailed links and the CSRF check need the real port: the boot picks one before loading.
    throw new Error('PORT=0 needs PUBLIC_ORIGIN, or a port chosen before the configuration is loaded');
  }
  const publicOrigin = (c.PUBLIC_ORIGIN ?? `http://${c.HOST === '0.0.0.0' ? '127.0.0.1' : c.HOST}:${c.PORT}`).replace(/\/$/, '');
  return Object.freeze({
    ...c,
    dataDir: path.resolve(c.DATA_DIR),
    production: c.NODE_ENV === 'production',
    publicOrigin,
    adminListener: c.ADMIN_ORIGIN ? adminListenerOf(c.ADMIN_ORIGIN, c.ADMIN_PORT, c.PORT, publicOrigin) : null,
  });
}

function adminListenerOf(raw: string, adminPort: number | undefined, port: number, publicOrigin: string): AdminListener {
  const url = new URL(raw);
  function fail(why: string): never {
    throw new Error(`Invalid configuration:\n  ADMIN_ORIGIN: ${why}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') fail('use an http or https origin');
  if (url.pathname !== '/' || url.search || url.hash || url.username) fail('give the origin only (scheme, host and port), e.g. https://admin.example.com');
  if (url.origin === publicOrigin) fail('must differ from the public origin: the point is an origin of its own');
  const listen = adminPort ?? (url.port ? Number(url.port) : null);
  if (listen === null) fail(`${url.origin} names no port: set ADMIN_PORT to the port its listener takes`);
  if (listen === port) fail(`its listener would take PORT (${port}): give it another port (ADMIN_PORT)`);
  return { origin: url.origin, port: listen };
}

/**
 * LOG_LEVEL and the log's form alone, for the logger a process makes before it reads the whole
 * configuration: a setting that fails is then reported in the process's own form. A LOG_LEVEL that
 * is not a level gives the default here, and the configuration then refuses it.
 */
export function logSettings(env: NodeJS.ProcessEnv = process.env): { level: Parsed['LOG_LEVEL']; json: boolean } {
  const level = configSchema.shape.LOG_LEVEL.safeParse(env.LOG_LEVEL);
  const nodeEnv = configSchema.shape.NODE_ENV.parse(env.NODE_ENV);
  return { level: level.success ? level.data : configSchema.shape.LOG_LEVEL.parse(undefined), json: nodeEnv === 'production' };
}

/** A port free on this host now (the OS picks it): for a listener chosen before it starts. */
export async function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, host, () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * PORT=0 asks for any free port; the port is chosen here, before the configuration is loaded,
 * so that the public origin is computed once with the real port and never patched afterwards.
 */
export async function withConcretePort(env: NodeJS.ProcessEnv = process.env): Promise<NodeJS.ProcessEnv> {
  if (env.PORT !== '0') return env;
  return { ...env, PORT: String(await freePort(env.HOST || '127.0.0.1')) };
}
