import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorBody } from '@drape/contracts';
import { httpRefusalMessages } from '@drape/contracts/http-refusals';

/**
 * The framework's refusals that come before any route or error handler, in the API's own
 * `{ error, message }` (Fastify answers them with its own body otherwise: `error: 'Bad Request'`).
 */

/** Fastify's `frameworkErrors`: an address that does not decode, a path parameter over the length limit. */
export function frameworkRefusals(headers: Record<string, string>) {
  return (error: FastifyError, _req: FastifyRequest, reply: FastifyReply): void => {
    const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
    const body: ErrorBody = { error: 'invalid_input', message: tooLong ? httpRefusalMessages.addressPartTooLong : httpRefusalMessages.badAddress };
    void reply.status(tooLong ? 414 : 400).headers(headers).send(body);
  };
}

/** Node's refusals of broken HTTP (headers too large, a timeout, bad framing), written on the socket as Fastify does. */
export function clientErrorRefusal(err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, message] = err.code === 'HPE_HEADER_OVERFLOW' ? [431, 'Request Header Fields Too Large', httpRefusalMessages.headersTooLarge]
    : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? [408, 'Request Timeout', httpRefusalMessages.timeout]
      : [400, 'Bad Request', httpRefusalMessages.malformed];
  const body = JSON.stringify({ error: 'invalid_input', message } satisfies ErrorBody);
  if (socket.writable) {
    socket.write(`HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${body}`);
  }
  socket.destroy(err);
}
