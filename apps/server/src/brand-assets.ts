import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { OFFICIAL_LOGO_PATH } from '@drape/contracts/brand';
import { etagMatches } from '@drape/storage';

const here = path.dirname(fileURLToPath(import.meta.url));
/** The master logo is a source file: the official logo is served whether the web app is built or not. */
export const MASTER_LOGO = path.resolve(here, '../../web/brand/logo.svg');

/** Four times the master's 64 units: crisp in documents and slides, about 20 kB. */
export const OFFICIAL_LOGO_HEIGHT = 256;

/** The URL is stable and its bytes change only with a new logo: cached a week, then revalidated by ETag. */
const LOGO_CACHE_CONTROL = 'public, max-age=604800';

export interface RenderedLogo {
  png: Buffer;
  etag: string;
}

export async function renderOfficialLogo(master = MASTER_LOGO): Promise<RenderedLogo> {
  const png = await sharp(await fs.promises.readFile(master), { density: (72 * OFFICIAL_LOGO_HEIGHT) / 64 })
    .resize({ height: OFFICIAL_LOGO_HEIGHT })
    .png({ compressionLevel: 9, adaptiveFiltering: true })
    .toBuffer();
  return { png, etag: `"${createHash('sha256').update(png).digest('base64url').slice(0, 22)}"` };
}

/**
 * GET|HEAD /api/assets/logo/official (settings-and-admin §2.1): the logo as a PNG on a transparent
 * ground, rendered from the master once, on first use, and kept in memory. Other sites may embed
 * it (press, partners), so its resource policy is cross-origin; as an image it needs no document
 * policy, so helmet skips it.
 */
export function registerBrandAssets(app: FastifyInstance): void {
  let logo: Promise<RenderedLogo> | null = null;
  app.get(OFFICIAL_LOGO_PATH, { helmet: false }, async (req, reply) => {
    // A failed render is not kept: the next request tries again.
    logo ??= renderOfficialLogo().catch((err: unknown) => {
      logo = null;
      throw err;
    });
    const { png, etag } = await logo;
    void reply.headers({
      'content-type': 'image/png',
      'cache-control': LOGO_CACHE_CONTROL,
      etag,
      'x-content-type-options': 'nosniff',
      'cross-origin-resource-policy': 'cross-origin',
    });
    const ifNoneMatch = req.headers['if-none-match'];
    if (ifNoneMatch && etagMatches(ifNoneMatch, etag)) return reply.code(304).send();
    return reply.send(png);
  });
  // Browsers and crawlers ask the root for /favicon.ico whatever the pages link; the built icon
  // lives with the other generated brand files.
  app.get('/favicon.ico', (_req, reply) => reply.header('cache-control', 'public, max-age=86400').redirect('/brand/favicon.ico', 301));
}
