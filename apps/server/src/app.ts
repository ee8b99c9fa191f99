import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyReply, type RouteOptions } from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import { openApiDocument, type Services, type Surface } from '@drape/api';
import type { Config } from '@drape/config';
import { isDatabaseUnavailable, watchDatabase, type DatabaseWatch } from '@drape/db';
import { APP_ERRORS, SERVICE_UNAVAILABLE_RETRY_SECONDS } from '@drape/contracts';
import { registerAdminFiles } from './admin-files';
import { OPENAPI_PATH, registerApiDocs } from './api-docs';
import { registerBrandAssets } from './brand-assets';
import { registerClosetRoutes } from './closet-routes';
import { registerCrawlerFiles } from './crawler-files';
import { clientErrorRefusal, frameworkRefusals } from './framework-refusals';
import { registerMedia } from './media';
import { registerMetrics } from './metrics/metrics-route';
import { createServerMetrics, type ServerMetrics } from './metrics/server-metrics';
import { registerOutfitPreview } from './outfit-preview';
import { registerProbes } from './readiness';
import { isCrossSiteWrite, isForeignOriginWrite } from './request-context';
import { RequestLog } from './request-log';
import { registerRestRoutes } from './rest-adapter';
import { apiHeaders, HSTS_MAX_AGE_SECONDS } from './security-headers';
import { readWebShell, registerStaticApps, sendNoRoute } from './static-apps';
import { registerTrpcRoute } from './trpc-route';

export interface AppOptions {
  services: Services;
  /** Serve the built web and admin apps (off in API-only tests; tests may name builds of their own). */
  serveApps?: boolean | { webDist: string; adminDist: string };
  /** Told of every route as it is registered (a test lists the server's top-level paths). */
  onRoute?: (route: RouteOptions) => void;
  /**
   * Which listener this app is. Without ADMIN_ORIGIN there is only the main one, serving everything
   * (the admin app at the hidden path). With it, the main listener serves the user app and its API
   * and nothing of the admin area, and the admin listener (ADMIN_ORIGIN) the admin app and its API.
   */
  listener?: 'main' | 'admin';
  /**
   * The process's watch on its database, shared by its listeners (one report and one probe per
   * outage, not one per listener); without it the app makes and stops its own.
   */
  databaseWatch?: DatabaseWatch;
  /**
   * The process's metrics, shared by its listeners (one registry: both listeners' requests, one
   * scrape); without them the app makes its own (without the process's own pool).
   */
  metrics?: ServerMetrics;
}

/** The calls a listener answers (undefined: all of them), and the origin its pages are served from. */
function listenerScope(config: Config, listener: 'main' | 'admin'): { surface: Surface | undefined; origin: string } {
  if (!config.adminListener) {
    if (listener === 'admin') throw new Error('The admin listener needs ADMIN_ORIGIN.');
    return { surface: undefined, origin: config.publicOrigin };
  }
  return listener === 'admin' ? { surface: 'admin', origin: config.adminListener.origin } : { surface: 'user', origin: config.publicOrigin };
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

export async function buildApp({ services, serveApps = true, listener = 'main', onRoute, databaseWatch: sharedWatch, metrics: sharedMetrics }: AppOptions): Promise<FastifyInstance> {
  const { config } = services;
  const { surface, origin } = listenerScope(config, listener);
  const admin = surface !== 'user';
  const user = surface !== 'admin';
  const jsonHeaders = apiHeaders(origin);
  // The process's logger: Fastify's lines and the app's share its form and role, and each
  // request's child carries its reqId. With ADMIN_ORIGIN the admin listener's lines say so.
  const log = listener === 'admin' ? services.log.child({ listener: 'admin' }) : services.log;
  const app = Fastify({
    // A pino logger is Fastify's own kind; typed as its base, the app keeps Fastify's default types.
    loggerInstance: log as FastifyBaseLogger,
    logController: new RequestLog(log),
    trustProxy: fastifyTrustProxy(config.TRUST_PROXY),
    bodyLimit: 256 * 1024,
    routerOptions: { maxParamLength: 200 },
    frameworkErrors: frameworkRefusals(jsonHeaders),
    clientErrorHandler: clientErrorRefusal,
  });
  if (onRoute) app.addHook('onRoute', onRoute);
  const databaseWatch = sharedWatch ?? watchDatabase(services.db, { log });
  app.decorate('databaseWatch', databaseWatch);
  if (!sharedWatch) app.addHook('onClose', async () => databaseWatch.stop());
  const https = origin.startsWith('https:');

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
    // The admin origin takes writes from its own pages only: its calls carry a bearer token, not a
    // cookie, so the cookie check below would let another site's page post there (a login, say).
    if (isCrossSiteWrite(req, origin) || (surface === 'admin' && isForeignOriginWrite(req, origin))) {
      return reply.status(403).headers(jsonHeaders).send({ error: 'forbidden', message: 'Cross-site request refused.' });
    }
  });

  // Time spent in the server, for operators and the benchmarks (measured from the request's arrival).
  // Only when SERVER_TIMING is on: the time of a call tells an observer which path it took (an
  // account that exists costs a password check, one that does not may not).
  if (config.SERVER_TIMING) {
    app.addHook('onSend', async (_req, reply) => {
      void reply.header('server-timing', `app;dur=${reply.elapsedTime.toFixed(1)}`);
    });
  }

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

  // Before every route, so that its timing hook covers them all.
  if (config.METRICS) {
    const metrics = sharedMetrics ?? createServerMetrics({
      db: services.db, queue: services.jobs, databaseDown: () => databaseWatch.down(), onDatabaseError: (err) => databaseWatch.report(err),
    });
    registerMetrics(app, metrics, { token: config.METRICS_TOKEN, jsonHeaders });
  }
  registerProbes(app, { db: services.db, storage: services.storage, queue: services.jobs, databaseWatch }, jsonHeaders);

  await registerTrpcRoute(app, services, surface);

  // The admin app shows the looks too: /media on both listeners.
  await registerMedia(app, services.storage, config);
  if (admin) await registerAdminFiles(app, services, services.storage);
  registerRestRoutes(app, services, surface);
  if (user) {
    await registerClosetRoutes(app, services);
    registerBrandAssets(app);
    registerCrawlerFiles(app, config.publicOrigin);
    // Built once, on first ask: the router does not change while the process runs, and building it costs ~30 ms.
    let openApi: string | null = null;
    app.get(OPENAPI_PATH, async (_req, reply: FastifyReply) =>
      reply.headers({ ...jsonHeaders, 'content-type': 'application/json; charset=utf-8' }).send((openApi ??= JSON.stringify(openApiDocument(config.publicOrigin)))));
    await registerApiDocs(app);
    // Shared looks' link previews: the web app's page with the look's tags (a bare page in API-only tests).
    registerOutfitPreview(app, services, serveApps ? readWebShell(config.publicOrigin, typeof serveApps === 'object' ? serveApps.webDist : undefined) : null);
  }
  const dists = typeof serveApps === 'object' ? serveApps : {};
  if (serveApps) await registerStaticApps(app, { adminBase: config.ADMIN_BASE_PATH, publicOrigin: config.publicOrigin, apps: surface ?? 'both', ...dists });
  else app.setNotFoundHandler(sendNoRoute);
  return app;
}
