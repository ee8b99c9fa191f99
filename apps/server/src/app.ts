import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import { openApiDocument, type Services } from '@drape/api';
import type { Config } from '@drape/config';
import { isDatabaseUnavailable, ping, watchDatabase, type DatabaseWatch } from '@drape/db';
import { APP_ERRORS, SERVICE_UNAVAILABLE_RETRY_SECONDS } from '@drape/contracts';
import { registerAdminFiles } from './admin-files';
import { registerBrandAssets } from './brand-assets';
import { registerCrawlerFiles } from './crawler-files';
import { registerMedia } from './media';
import { registerOutfitPreview } from './outfit-preview';
import { isCrossSiteWrite } from './request-context';
import { registerRestRoutes } from './rest-adapter';
import { apiHeaders, HSTS_MAX_AGE_SECONDS } from './security-headers';
import { readWebShell, registerStaticApps, sendNoRoute } from './static-apps';
import { registerTrpcRoute } from './trpc-route';

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

declare module 'fastify' {
  interface FastifyInstance {
    /** Reports a database outage once (and its end), instead of one log line per refused call. */
    databaseWatch: DatabaseWatch;
  }
}

/** JSON paths: their answers carry the data headers, never the document policy. */
const isApiPath = (url: string) => url.startsWith('/api/') || url.startsWith('/trpc/');

export async function buildApp({ services, serveApps = true }: AppOptions): Promise<FastifyInstance> {
  const { config } = services;
  // LOG_LEVEL defaults to warn: request logs (info) cost about a quarter of the throughput.
  const app = Fastify({
    logger: config.LOG_LEVEL === 'silent' ? false : { level: config.LOG_LEVEL },
    trustProxy: fastifyTrustProxy(config.TRUST_PROXY),
    bodyLimit: 256 * 1024,
    routerOptions: { maxParamLength: 200 },
  });
  const databaseWatch = watchDatabase(services.db, { log: (line) => app.log.warn(line) });
  app.decorate('databaseWatch', databaseWatch);
  app.addHook('onClose', async () => databaseWatch.stop());
  const https = config.publicOrigin.startsWith('https:');
  const jsonHeaders = apiHeaders(config.publicOrigin);

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
    hsts: https ? { maxAge: HSTS_MAX_AGE_SECONDS, includeSubDomains: true } : false,
  });
  await app.register(fastifyCompress, { threshold: 1024 });
  await app.register(fastifyCookie);

  app.addHook('onRequest', async (req, reply) => {
    if (isCrossSiteWrite(req, config.publicOrigin)) {
      return reply.status(403).headers(jsonHeaders).send({ error: 'forbidden', message: 'Cross-site request refused.' });
    }
  });

  // Time spent in the server, for operators and the benchmarks (measured from the request's arrival).
  app.addHook('onSend', async (_req, reply) => {
    void reply.header('server-timing', `app;dur=${reply.elapsedTime.toFixed(1)}`);
  });

  app.setErrorHandler((err: Error & { statusCode?: number; code?: string }, req, reply) => {
    // The framework's own refusals (bad JSON, 413, 415) reach here before any route: on JSON paths
    // they carry the same headers as the routes' answers.
    if (isApiPath(req.url)) void reply.headers(jsonHeaders);
    const status = err.statusCode ?? 500;
    if (status >= 500 && isDatabaseUnavailable(err)) {
      databaseWatch.report(err);
      return reply.status(503).header('retry-after', String(SERVICE_UNAVAILABLE_RETRY_SECONDS))
        .send({ error: 'service_unavailable', message: APP_ERRORS.service_unavailable.message });
    }
    if (status >= 500) {
      req.log.error({ err }, 'request failed');
      return reply.status(500).send({ error: 'internal', message: 'Something went wrong on our side. Please try again.' });
    }
    const message = err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? 'The request body is too large.'
      : err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ? 'Send the body as application/json.'
        : status === 400 ? 'The request body is not valid JSON.' : err.message;
    return reply.status(status).send({ error: 'invalid_input', message });
  });

  app.get('/healthz', async (_req, reply) => {
    try {
      await ping(services.db);
      return { status: 'ok' };
    } catch {
      return reply.status(503).send({ status: 'unavailable', database: 'unreachable' });
    }
  });

  await registerTrpcRoute(app, services);

  await registerMedia(app, services.storage, config);
  await registerAdminFiles(app, services, services.storage);
  registerRestRoutes(app, services);
  registerBrandAssets(app);
  registerCrawlerFiles(app, config.publicOrigin);
  app.get('/api/openapi.json', async (_req, reply: FastifyReply) => reply.headers(jsonHeaders).send(openApiDocument(config.publicOrigin)));

  // Shared looks' link previews: the web app's page with the look's tags (a bare page in API-only tests).
  registerOutfitPreview(app, services, serveApps ? readWebShell(config.publicOrigin) : null);
  if (serveApps) await registerStaticApps(app, { adminBase: config.ADMIN_BASE_PATH, publicOrigin: config.publicOrigin });
  else app.setNotFoundHandler(sendNoRoute);
  return app;
}
