import fs from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { Config } from '@drape/config';
import { MEDIA_PATH } from '@drape/contracts/generation';
import { localAreaRoots, mediaResponse, MEDIA_CACHE_CONTROL, type Storage } from '@drape/storage';

/**
 * Public looks at /media/<key>, from whichever backend holds them: the disk through
 * @fastify/static, or object storage streamed through the server. Private files (blocked images)
 * are in another area and never reachable here. Images are immutable under their key.
 *
 * With CDN_BASE_URL the pages load images from the CDN's origin, which fetches them from here: a
 * same-origin resource policy would make the browser refuse them, so it is relaxed to cross-origin.
 */
export async function registerMedia(app: FastifyInstance, storage: Storage, config: Pick<Config, 'CDN_BASE_URL' | 'dataDir'>): Promise<void> {
  const headers = {
    'cache-control': MEDIA_CACHE_CONTROL,
    'x-content-type-options': 'nosniff',
    'cross-origin-resource-policy': config.CDN_BASE_URL ? 'cross-origin' : 'same-origin',
  };
  // Images need no document policy: helmet skips these routes, which set their own headers.
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith(`${MEDIA_PATH}/`)) route.helmet = false;
  });

  if (storage.kind === 'local') {
    const root = localAreaRoots(config.dataDir).public;
    fs.mkdirSync(root, { recursive: true });
    await app.register(fastifyStatic, {
      root, prefix: `${MEDIA_PATH}/`, decorateReply: false, index: false, dotfiles: 'deny',
      setHeaders: (reply) => void reply.headers(headers),
    });
    return;
  }
  app.route({
    method: ['GET', 'HEAD'],
    url: `${MEDIA_PATH}/*`,
    handler: async (req, reply) => {
      const key = (req.params as Record<string, string>)['*'] ?? '';
      const answer = await mediaResponse(storage, key, req.headers, req.method);
      const extra = answer.status === 404 ? { 'x-content-type-options': 'nosniff' } : headers;
      return reply.code(answer.status).headers({ ...answer.headers, ...extra }).send(answer.body ?? undefined);
    },
  });
}
