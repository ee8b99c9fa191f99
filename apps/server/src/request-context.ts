import fastifyCookie from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Context, RequestMeta, ResponseHints, Services, Surface } from '@drape/api';
import { SESSION_DAYS } from '@drape/contracts/auth';
import { SESSION_COOKIE } from '@drape/contracts/storage-keys';
import type { Logger } from '@drape/log';

/** A bearer token from the Authorization header: admin tokens are JWTs (three dot-separated parts). */
function bearerOf(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  const m = typeof h === 'string' ? /^Bearer\s+(\S{1,4096})$/i.exec(h) : null;
  return m?.[1] ?? null;
}

/** The country headers of the CDNs we know, in this order (the shopping region reads them). */
const CDN_COUNTRY_HEADERS = ['cf-ipcountry', 'cloudfront-viewer-country'] as const;

function header(req: FastifyRequest, name: string, max: number): string | null {
  const value = req.headers[name];
  return typeof value === 'string' ? value.slice(0, max) : null;
}

/**
 * This request's facts for the procedures. A class, so that every request's object has one shape
 * and its `signal` is a getter on the prototype: an object literal with a getter (and a spread
 * beside it) is built at run time in a slow shape, which cost the REST floor about a fifth of its
 * throughput (bench/README.md, issue 15).
 */
class HttpRequestMeta implements RequestMeta {
  readonly ipAddress: string | null;
  readonly userAgent: string | null;
  readonly cdnCountries: readonly string[];
  readonly acceptLanguage: string | null;
  /** Fastify's child logger of this request (its reqId on every line). */
  readonly log: Logger;
  #reply: FastifyReply | undefined;
  #signal: AbortSignal | undefined;

  constructor(req: FastifyRequest, reply: FastifyReply | undefined) {
    this.ipAddress = req.ip ?? null;
    this.userAgent = header(req, 'user-agent', 512);
    this.cdnCountries = CDN_COUNTRY_HEADERS.map((name) => header(req, name, 64)).filter((v): v is string => v !== null);
    this.acceptLanguage = header(req, 'accept-language', 1000);
    this.log = req.log as Logger;
    this.#reply = reply;
  }

  /**
   * Aborted when the client closes the connection before the answer is sent. Made on first use
   * (only costly procedures ask), so a request that never asks pays nothing.
   */
  get signal(): AbortSignal | undefined {
    const reply = this.#reply;
    if (!reply || this.#signal) return this.#signal;
    const controller = new AbortController();
    const res = reply.raw;
    if (res.destroyed && !res.writableEnded) controller.abort();
    else res.once('close', () => !res.writableEnded && controller.abort());
    this.#signal = controller.signal;
    return this.#signal;
  }
}

/**
 * The procedures' context of one request: shared services by reference, this request's facts
 * (with a signal of the client leaving, when the reply is given), and the listener's surface when
 * the admin area has its own origin.
 */
export function requestContext(services: Services, req: FastifyRequest, reply?: FastifyReply, surface?: Surface): Context {
  const bearer = bearerOf(req);
  const isJwt = bearer !== null && bearer.split('.').length === 3;
  return {
    services,
    req: new HttpRequestMeta(req, reply),
    sessionToken: bearer && !isJwt ? bearer : (req.cookies?.[SESSION_COOKIE] ?? null),
    adminToken: isJwt ? bearer : null,
    response: {},
    surface,
  };
}

/**
 * The Set-Cookie header for what the procedure asked of the transport (a sign-in sets the session
 * cookie, a sign-out clears it), or null: HttpOnly, same-site lax, Secure behind HTTPS.
 */
export function sessionCookieHeader(hints: ResponseHints, publicOrigin: string): string | null {
  if (!hints.session) return null;
  const options = { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: publicOrigin.startsWith('https:') };
  if (hints.session === 'clear') return fastifyCookie.serialize(SESSION_COOKIE, '', { ...options, expires: new Date(0), maxAge: 0 });
  return fastifyCookie.serialize(SESSION_COOKIE, hints.session.token, { ...options, expires: new Date(Date.now() + SESSION_DAYS * 86_400_000) });
}

/** Cookie-authenticated writes must come from our own origin (CSRF); bearer calls carry no ambient credential. */
export function isCrossSiteWrite(req: FastifyRequest, publicOrigin: string): boolean {
  if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return false;
  if (bearerOf(req)) return false;
  if (!req.cookies?.[SESSION_COOKIE]) return false;
  const origin = req.headers.origin;
  if (!origin) return req.headers['sec-fetch-site'] === 'cross-site';
  const own = `${req.protocol}://${req.headers.host}`;
  return origin !== publicOrigin && origin !== own;
}

/**
 * A write that a page of another origin sent (its Origin header, or a cross-site fetch without
 * one), whatever it carries: the admin origin's own pages are the only ones that may write there.
 */
export function isForeignOriginWrite(req: FastifyRequest, ownOrigin: string): boolean {
  if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return false;
  const origin = req.headers.origin;
  if (!origin) return req.headers['sec-fetch-site'] === 'cross-site' || req.headers['sec-fetch-site'] === 'same-site';
  return origin !== ownOrigin;
}
