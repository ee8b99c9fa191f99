import Fastify, { type FastifyInstance } from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import { fastifyTRPCPlugin } from '@trpc/server/adapters/fastify';
import { appRouter, openApiDocument, type Services } from '@drape/api';
import { mediaRoot, type Config } from '@drape/config';
import { ping } from '@drape/db';
import { MEDIA_PATH } from '@drape/contracts';
import fs from 'node:fs';
import fastifyStatic from '@fastify/static';
import { isCrossSiteWrite, requestContext } from './request-context';
import { registerRestRoutes } from './rest-adapter';
import { registerStaticApps, sendNoRoute } from './static-apps';

export interface AppOptions {
  services: Services;
  /** Serve the built web and admin apps (off in API-only tests). */
  serveApps?: boolean;
}

/** Fastify's form of TRUST_PROXY: a hop count becomes "trust the first N hops" (its types omit numbers). */
function fastifyTrustProxy(trust: Config['TRUST_PROXY']): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === 'number') return trust === 0 ? false : (_address, hop) => hop < trust;
  return trust;
}

export async function buildApp({ services, serveApps = true }: AppOptions): Promise<FastifyInstance> {
  const { config } = services;
  // LOG_LEVEL defaults to warn: request logs (info) cost ~25% of throughput (STACK-NOTES.md).
  const app = Fastify({
    logger: config.LOG_LEVEL === 'silent' ? false : { level: config.LOG_LEVEL },
    trustProxy: fastifyTrustProxy(config.TRUST_PROXY),
    bodyLimit: 256 * 1024,
    routerOptions: { maxParamLength: 200 },
  });

  const turnstile = Boolean(config.TURNSTILE_SECRET_KEY);
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(turnstile ? ['https://challenges.cloudflare.com'] : [])],
        frameSrc: turnstile ? ['https://challenges.cloudflare.com'] : ["'none'"],
        // The ALTCHA widget solves in web workers started from blob: URLs.
        workerSrc: ["'self'", 'blob:'],
        imgSrc: ["'self'", 'data:', 'blob:', ...(config.CDN_BASE_URL ? [new URL(config.CDN_BASE_URL).origin] : [])],
        styleSrc: ["'self'", "'unsafe-inline'"],
        connectSrc: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: config.publicOrigin.startsWith('https:'),
  });
  await app.register(fastifyCompress, { threshold: 1024 });
  await app.register(fastifyCookie);

  app.addHook('onRequest', async (req, reply) => {
    if (isCrossSiteWrite(req, config.publicOrigin)) {
      return reply.status(403).send({ error: 'forbidden', message: 'Cross-site request refused.' });
    }
  });

  // Time spent in the server, for operators and the benchmarks (measured from the request's arrival).
  app.addHook('onSend', async (_req, reply) => {
    void reply.header('server-timing', `app;dur=${reply.elapsedTime.toFixed(1)}`);
  });

  app.setErrorHandler((err: Error & { statusCode?: number; code?: string }, req, reply) => {
    const status = err.statusCode ?? 500;
    if (status >= 500) {
      req.log.error({ err }, 'request failed');
      return reply.status(500).send({ error: 'internal', message: 'Something went wrong on our side. Please try again.' });
    }
    // Fastify's own refusals: malformed JSON, a body over the limit, a wrong content type.
    const message = err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? 'The request body is too large.'
      : err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ? 'Send the body as application/json.'
        : status === 400 ? `The request body is not valid JSON.` : err.message;
    return reply.status(status).send({ error: status === 413 || status === 415 || status === 400 ? 'invalid_input' : 'invalid_input', message });
  });

  app.get('/healthz', async (_req, reply) => {
    try {
      await ping(services.db);
      return { status: 'ok' };
    } catch {
      return reply.status(503).send({ status: 'unavailable', database: 'unreachable' });
    }
  });

  await app.register(fastifyTRPCPlugin, {
    prefix: '/trpc',
    trpcOptions: {
      router: appRouter,
      createContext: ({ req, res }: { req: Parameters<typeof requestContext>[1]; res: Parameters<typeof requestContext>[2] }) => requestContext(services, req, res),
      onError: ({ error, path }: { error: { code: string; cause?: unknown }; path?: string }) => {
        if (error.code === 'INTERNAL_SERVER_ERROR') app.log.error({ err: error.cause ?? error, path }, 'procedure failed');
      },
    },
  });

  // Stored images: immutable (a file never changes under its name), served with long caching.
  fs.mkdirSync(mediaRoot(config), { recursive: true });
  await app.register(fastifyStatic, {
    root: mediaRoot(config), prefix: `${MEDIA_PATH}/`, decorateReply: false, index: false,
    setHeaders: (reply) => void reply.header('cache-control', 'public, max-age=31536000, immutable'),
  });

  registerRestRoutes(app, services);
  app.get('/api/openapi.json', async () => openApiDocument(config.publicOrigin));

  if (serveApps) await registerStaticApps(app, config.ADMIN_BASE_PATH);
  else app.setNotFoundHandler(sendNoRoute);
  return app;
}
