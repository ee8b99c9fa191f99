import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { MEDIA_PATH } from '@drape/contracts/generation';
import { PRERENDER_ORIGIN } from '@drape/contracts/landing';
import { OFFLINE_PAGE_PATH, SERVICE_WORKER_PATH } from '@drape/contracts/offline';
import { SESSION_COOKIE } from '@drape/contracts/storage-keys';
import { escapeHtml } from './html-escape';

const here = path.dirname(fileURLToPath(import.meta.url));
export const WEB_DIST = path.resolve(here, '../../web/dist');
export const ADMIN_DIST = path.resolve(here, '../../admin/dist');

/** The JSON 404 of API paths (and of every path when the apps are not served). */
export function sendNoRoute(req: FastifyRequest, reply: FastifyReply) {
  return reply.status(404).header('cache-control', 'no-store').send({ error: 'not_found', message: `No route ${req.method} ${req.url.split('?')[0]}` });
}

/**
 * Paths the server answers itself, never with an app's page: the API, and /media, where a page
 * for a missing image would be kept by a CDN as the image.
 */
function isServerPath(url: string): boolean {
  const path = url.split('?')[0]!;
  return path.startsWith('/api/') || path.startsWith('/trpc/') || path === MEDIA_PATH || path.startsWith(`${MEDIA_PATH}/`);
}

/** The page of an app that is not built (API-only tests, a fresh clone before the build). */
export const NOT_BUILT =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Drape</title></head><body><p>This app is not built yet: run <code>npm start</code>.</p></body></html>';

function readIndex(dir: string, name = 'index.html'): string | null {
  const file = path.join(dir, name);
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null;
}

/** A page the web app's build prerendered, and whom for: visitors without a session, or signed-in users. */
export interface PrerenderedPage {
  html: string;
  signedIn: boolean;
}

/**
 * The pages the web app's build prerenders (apps/web/vite-prerender.ts: the landing and /auth as a
 * visitor sees them, /dashboard as a signed-in user does before their data arrives), by path, as
 * its manifest lists them. They carry a placeholder origin in their canonical and social URLs:
 * this server's public origin goes there.
 */
export function readPrerenderedPages(publicOrigin: string, webDist = WEB_DIST): Map<string, PrerenderedPage> {
  const pages = new Map<string, PrerenderedPage>();
  const manifest = readIndex(webDist, 'prerendered.json');
  if (!manifest) return pages;
  for (const [pagePath, { file, signedIn }] of Object.entries(JSON.parse(manifest) as Record<string, { file: string; signedIn: boolean }>)) {
    const html = readIndex(webDist, file);
    if (html) pages.set(pagePath, { html: withOrigin(html.replaceAll(PRERENDER_ORIGIN, publicOrigin), publicOrigin), signedIn });
  }
  return pages;
}

/**
 * The web app's pages name the public origin (`drape-origin`): their canonical and social URLs use
 * it whatever host a visitor typed, and a prerendered page's tags match what the app renders.
 */
function withOrigin(html: string, publicOrigin: string): string {
  return html.replace('<head>', `<head><meta name="drape-origin" content="${escapeHtml(publicOrigin)}">`);
}

/** The web app's shell (index.html, naming the public origin), or null when the app is not built. */
export function readWebShell(publicOrigin: string, webDist = WEB_DIST): string | null {
  const html = readIndex(webDist);
  return html ? withOrigin(html, publicOrigin) : null;
}

/** Files at the web app's root that must be revalidated on every request. */
const NO_CACHE_FILES = new Set([SERVICE_WORKER_PATH, OFFLINE_PAGE_PATH].map((p) => p.slice(1)));

function sendHtml(reply: FastifyReply, html: string) {
  return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
}

/**
 * The web app at / and the admin app under ADMIN_BASE_PATH (both single-page apps: unknown paths
 * get index.html and the client router shows its own 404). Hashed assets are immutable.
 * A prerendered page, painted before any script runs, goes to the requests it was rendered for:
 * `/` and `/auth` to those without a session cookie (with one, the app's shell, which opens on the
 * dashboard without showing the landing first), `/dashboard` to those with one (without, the
 * shell, which leads to the sign-in).
 */
export interface StaticAppsOptions {
  adminBase: string;
  publicOrigin: string;
  /**
   * Which apps this listener serves: both (the admin app at the hidden path), or with ADMIN_ORIGIN
   * the user app alone on the main origin (the admin paths are unknown there, like any other) and
   * the admin app alone on the admin origin.
   */
  apps?: 'both' | 'user' | 'admin';
  /** The built apps (tests serve their own). */
  webDist?: string;
  adminDist?: string;
}

export async function registerStaticApps(app: FastifyInstance, options: StaticAppsOptions): Promise<void> {
  const { adminBase, publicOrigin, webDist = WEB_DIST, adminDist = ADMIN_DIST, apps = 'both' } = options;
  if (apps !== 'user') await registerAdminApp(app, adminBase, adminDist);
  if (apps === 'admin') {
    // The admin origin's root leads to the admin app; anything else there is unknown.
    app.get('/', (_req, reply) => reply.redirect(adminBase));
    app.setNotFoundHandler(sendNoRoute);
    return;
  }
  const webIndex = readWebShell(publicOrigin, webDist);
  const prerendered = readPrerenderedPages(publicOrigin, webDist);

  const immutable = (reply: FastifyReply, file: string) => {
    if (/[\\/]assets[\\/]/.test(file)) void reply.header('cache-control', 'public, max-age=31536000, immutable');
    // The service worker and its offline page (decision 0032) name a build: browsers must ask for
    // them afresh, or a new build's worker (and chunks) would wait on an HTTP cache's copy.
    else if (NO_CACHE_FILES.has(path.basename(file))) void reply.header('cache-control', 'no-cache');
  };
  if (fs.existsSync(webDist)) {
    // The web build writes .br and .gz beside each asset: sent as they are, not compressed per request.
    await app.register(fastifyStatic, { root: webDist, prefix: '/', index: false, wildcard: false, preCompressed: true, setHeaders: immutable });
  }

  for (const [pagePath, page] of prerendered) {
    if (!webIndex) break;
    // Routes rather than the fallback below: the fallback's answers are not compressed, and these
    // pages are the largest HTML the server sends.
    app.get(pagePath, (req, reply) => {
      // The answer depends on the cookie: shared caches must not hand one visitor's to another.
      void reply.header('vary', 'Cookie');
      return sendHtml(reply, Boolean(req.cookies?.[SESSION_COOKIE]) === page.signedIn ? page.html : webIndex);
    });
  }

  app.setNotFoundHandler((req, reply) => {
    // HEAD is answered like GET (Fastify strips the body), so probes of app paths see 200.
    if (isServerPath(req.url) || (req.method !== 'GET' && req.method !== 'HEAD')) {
      return sendNoRoute(req, reply);
    }
    return sendHtml(reply, webIndex ?? NOT_BUILT);
  });
}

/**
 * The admin app under its base path (the spec's hidden path, on the admin origin too, so its links
 * read the same): built with relative asset URLs, which a <base> puts under that path.
 */
async function registerAdminApp(app: FastifyInstance, adminBase: string, adminDist: string): Promise<void> {
  const adminIndex = readIndex(adminDist)?.replace('<head>', `<head><base href="${adminBase}/"><meta name="drape-admin-base" content="${adminBase}">`) ?? null;
  if (fs.existsSync(adminDist)) {
    await app.register(fastifyStatic, { root: path.join(adminDist, 'assets'), prefix: `${adminBase}/assets/`, decorateReply: false, setHeaders: (reply: FastifyReply) => void reply.header('cache-control', 'public, max-age=31536000, immutable') });
  }
  const admin = (_req: unknown, reply: FastifyReply) => sendHtml(reply, adminIndex ?? NOT_BUILT);
  app.get(adminBase, admin);
  app.get(`${adminBase}-login`, admin);
  app.get(`${adminBase}/*`, admin);
}
