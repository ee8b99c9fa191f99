import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { TRPCError } from '@trpc/server';
import { createCaller, describeError, procedureByPath, procedureOnSurface, restRoutes, type Services, type Surface } from '@drape/api';
import { requestContext, sessionCookieHeader } from './request-context';
import { apiHeaders } from './security-headers';

/**
 * Registers the REST table as native Fastify routes that call procedures through a caller: the
 * tRPC HTTP handler costs several times more per request than a caller does (bench/README.md).
 * A listener with a surface (ADMIN_ORIGIN set) registers only its own rows: the others are not
 * found there, like any unknown path.
 */
export function registerRestRoutes(app: FastifyInstance, services: Services, surface?: Surface): void {
  const headers = apiHeaders(surface === 'admin' && services.config.adminListener ? services.config.adminListener.origin : services.config.publicOrigin);
  for (const route of restRoutes) {
    if (surface && !procedureOnSurface(surface, route.procedure, procedureByPath.get(route.procedure)?.meta)) continue;
    app.route({
      method: route.method,
      url: route.path,
      helmet: false,
      handler: async (req, reply) => {
        void reply.headers(headers);
        const ctx = requestContext(services, req, reply, surface);
        try {
          const input = route.read({
            params: (req.params ?? {}) as Record<string, string>,
            query: (req.query ?? {}) as Record<string, unknown>,
            body: req.body,
          });
          const result = await route.call(createCaller(ctx), input);
          const cookie = sessionCookieHeader(ctx.response, services.config.publicOrigin);
          if (cookie) void reply.header('set-cookie', cookie);
          const file = ctx.response.attachment;
          if (file) void reply.header('content-disposition', `attachment; filename="${file.filename}"`);
          // A file instead of the JSON (the data export's ZIP), streamed.
          const download = ctx.response.restFile;
          if (download) return reply.status(route.status ?? 200).type(download.contentType).send(download.body());
          // An answer whose REST JSON is ready (the shared LookBook's pages) is sent as those bytes.
          const body = ctx.response.restBody?.();
          if (body) return reply.status(route.status ?? 200).type('application/json; charset=utf-8').send(body);
          return reply.status(route.status ?? 200).send(route.present(result) ?? { success: true });
        } catch (err) {
          if (!(err instanceof TRPCError)) throw err;
          return sendRefusal(app, req, reply, err);
        }
      },
    });
  }
}

/**
 * A procedure's refusal (or failure) as every REST answer says it: its status, `{ error, message }`
 * and Retry-After when it has one. Also the file routes' (closet-routes.ts), whose rules throw the
 * same errors.
 */
export function sendRefusal(app: FastifyInstance, req: FastifyRequest, reply: FastifyReply, err: TRPCError): FastifyReply {
  const d = describeError(err);
  // An outage is the database's, not a fault of ours: reported once, without a stack. Maintenance
  // Mode's 503 is the operator's choice, no failure either.
  if (d.appCode === 'service_unavailable') app.databaseWatch.report(err.cause);
  else if (d.status >= 500 && d.appCode !== 'maintenance') req.log.error({ err: err.cause ?? err }, 'procedure failed');
  if (d.retryAfterSeconds) void reply.header('retry-after', String(d.retryAfterSeconds));
  return reply.status(d.status).send({ error: d.appCode, message: d.message, ...(d.retryAfterSeconds ? { retryAfterSeconds: d.retryAfterSeconds } : {}) });
}
