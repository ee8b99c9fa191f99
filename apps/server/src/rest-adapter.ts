import type { FastifyInstance } from 'fastify';
import { TRPCError } from '@trpc/server';
import { createCaller, defaultInput, describeError, procedureExists, restRoutes, type Services } from '@drape/api';
import { requestContext } from './request-context';

type AnyCall = (input?: unknown) => Promise<unknown>;

/**
 * Registers the REST table as native Fastify routes that call procedures through a caller:
 * the tRPC HTTP handler costs ~10x per request (STACK-NOTES.md), a caller does not.
 */
export function registerRestRoutes(app: FastifyInstance, services: Services): void {
  // JSON answers need no document policy (CSP, frame options...), which helmet computes per request
  // at a third of a small route's throughput; they get the headers that matter for data instead.
  const apiHeaders: Record<string, string> = {
    'x-content-type-options': 'nosniff',
    'cache-control': 'no-store',
    'cross-origin-resource-policy': 'same-origin',
    'referrer-policy': 'no-referrer',
    ...(services.config.publicOrigin.startsWith('https:') ? { 'strict-transport-security': 'max-age=15552000; includeSubDomains' } : {}),
  };
  for (const route of restRoutes) {
    if (!procedureExists(route.procedure)) throw new Error(`REST route ${route.method} ${route.path} names no procedure ${route.procedure}`);
    const segments = route.procedure.split('.');
    app.route({
      method: route.method,
      url: route.path,
      helmet: false,
      handler: async (req, reply) => {
        void reply.headers(apiHeaders);
        const caller = createCaller(requestContext(services, req, reply)) as unknown as Record<string, Record<string, AnyCall>>;
        const fn = caller[segments[0]!]![segments[1]!]!;
        try {
          const input = defaultInput(route, {
            params: (req.params ?? {}) as Record<string, string>,
            query: (req.query ?? {}) as Record<string, unknown>,
            body: req.body,
          });
          const result = await fn(input);
          return reply.status(route.status ?? 200).send(result ?? { success: true });
        } catch (err) {
          if (!(err instanceof TRPCError)) throw err;
          const d = describeError(err);
          if (d.status >= 500) req.log.error({ err: err.cause ?? err }, 'procedure failed');
          if (d.retryAfterSeconds) void reply.header('retry-after', String(d.retryAfterSeconds));
          return reply.status(d.status).send({ error: d.appCode, message: d.message, ...(d.retryAfterSeconds ? { retryAfterSeconds: d.retryAfterSeconds } : {}) });
        }
      },
    });
  }
}
