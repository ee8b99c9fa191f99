import path from 'node:path';
import { z } from 'zod';

/** Every setting of Drape, read once from the environment; each default makes `npm start` work. */
const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .default('false')
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('.data'),
  DATABASE_URL: z.string().optional(),
  PUBLIC_ORIGIN: z.string().optional(),
  ADMIN_BASE_PATH: z
    .string()
    .default('/backstage')
    .refine((p) => /^\/[a-z0-9-]+$/i.test(p), 'ADMIN_BASE_PATH must look like /backstage'),
  ADMIN_KEY: z.string().optional(),
  ADMIN_PASSWORD: z.string().optional(),
  PROMO_CODES: z.string().default(''),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Drape <no-reply@drape.local>'),
  S3_BUCKET: z.string().optional(),
  S3_ENDPOINT: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  CDN_BASE_URL: z.string().optional(),
  IMAGE_PROVIDER: z.enum(['atelier', 'http']).default('atelier'),
  IMAGE_PROVIDER_URL: z.string().optional(),
  TURNSTILE_SITE_KEY: z.string().optional(),
  TURNSTILE_SECRET_KEY: z.string().optional(),
  ALTCHA_MAX_NUMBER: z.coerce.number().int().min(1).max(10_000_000).default(100_000),
  TRUST_PROXY: bool,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('warn'),
});

export type Config = z.infer<typeof configSchema> & { dataDir: string; publicOrigin: string };

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  const c = parsed.data;
  if (c.S3_BUCKET) {
    // Refused rather than ignored: images would silently land on local disk.
    throw new Error('S3_BUCKET is set, but object storage is not available yet: unset it to keep images under DATA_DIR/media.');
  }
  return {
    ...c,
    dataDir: path.resolve(c.DATA_DIR),
    publicOrigin: (c.PUBLIC_ORIGIN ?? `http://${c.HOST === '0.0.0.0' ? '127.0.0.1' : c.HOST}:${c.PORT}`).replace(/\/$/, ''),
  };
}

/** Stored images: DATA_DIR/media, served at /media. */
export function mediaRoot(config: Pick<Config, 'dataDir'>): string {
  return path.join(config.dataDir, 'media');
}
