import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Context, Services } from '@drape/api';
import { SESSION_COOKIE } from '@drape/contracts';

/** Admin tokens are JWTs (three dot-separated parts); session tokens are base32 without dots. */
function bearerOf(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  const m = typeof h === 'string' ? /^Bearer\s+(\S{1,4096})$/i.exec(h) : null;
  return m?.[1] ?? null;
}

export function requestContext(services: Services, req: FastifyRequest, reply: FastifyReply): Context {
  const bearer = bearerOf(req);
  const isJwt = bearer?.split('.').length === 3;
  const cookieToken = req.cookies?.[SESSION_COOKIE] ?? null;
  const secure = services.config.publicOrigin.startsWith('https:');
  return {
    ...services,
    req: { ipAddress: req.ip ?? null, userAgent: req.headers['user-agent']?.slice(0, 512) ?? null },
    sessionToken: bearer && !isJwt ? bearer : cookieToken,
    adminToken: isJwt ? bearer : null,
    setSessionCookie(token, expires) {
      void reply.setCookie(SESSION_COOKIE, token, { path: '/', httpOnly: true, sameSite: 'lax', secure, expires });
    },
    clearSessionCookie() {
      void reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
    },
  };
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
