import type { FastifyInstance } from 'fastify';
import { METRICS_REFUSAL } from '@drape/contracts/observability';
import { mayReadMetrics } from './metrics-access';
import type { ServerMetrics } from './server-metrics';

/**
 * Times every request of this listener into the process's metrics, and answers GET /metrics to
 * whoever may read it. The hook adds to the process's own counts by the route's pattern (Fastify's
 * routeOptions.url, never the address: the label's values are the routes, however many addresses
 * are tried); prom-client writes them out at scrape time (request-timings.ts).
 */
export function registerMetrics(app: FastifyInstance, metrics: ServerMetrics, opts: { token: string | undefined; jsonHeaders: Record<string, string> }): void {
  app.addHook('onResponse', (req, reply, done) => {
    metrics.observeRequest(req.method, req.routeOptions.url, reply.statusCode, reply.elapsedTime);
    done();
  });

  app.get('/metrics', async (req, reply) => {
    // 401 to everyone else, token configured or not: the path is documented, and the answer then
    // tells an operator's misconfigured scraper what it lacks without telling anybody whether a
    // token exists (decision 0023).
    if (!mayReadMetrics({ socketAddress: req.socket.remoteAddress, headers: req.headers }, opts.token)) {
      return reply.status(401).headers(opts.jsonHeaders).header('www-authenticate', 'Bearer realm="metrics"').send(METRICS_REFUSAL);
    }
    const text = await metrics.render();
    return reply.header('cache-control', 'no-store').type(metrics.contentType).send(text);
  });
}
