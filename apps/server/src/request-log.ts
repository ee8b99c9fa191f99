import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Logger } from '@drape/log';

/**
 * The level of each request's line. One line per request at info cost the REST floor a measurable
 * share of its throughput (bench/README.md, "Logging (issue 16)"), so it is at debug: LOG_LEVEL=debug
 * turns it on. Failures are logged whatever the level (a 500's error, with the request's id).
 */
export const REQUEST_LOG_LEVEL = 'debug';

/** The path without its query: a query may carry a secret (a reset link's token). */
function pathOf(url: string): string {
  const q = url.indexOf('?');
  return q < 0 ? url : url.slice(0, q);
}

/**
 * Fastify's request lines (two per request at info: incoming and completed) as one line when the
 * answer is sent, at REQUEST_LOG_LEVEL: method, path, route pattern, status and time, with the reqId
 * of the request's logger.
 */
export class RequestLog extends LogController {
  readonly #enabled: boolean;

  constructor(log: Logger) {
    super();
    // LOG_LEVEL is read once per process: when the line is off, a request pays one test.
    this.#enabled = log.isLevelEnabled(REQUEST_LOG_LEVEL);
  }

  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) {
      reply.log.error({ err: error, method: request.method, path: pathOf(request.url), status: reply.statusCode }, 'request failed while answering');
      return;
    }
    if (!this.#enabled) return;
    reply.log[REQUEST_LOG_LEVEL]({
      method: request.method, path: pathOf(request.url), route: request.routeOptions.url, status: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10,
    }, 'request');
  }
}
