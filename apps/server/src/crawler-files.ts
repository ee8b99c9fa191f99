import type { FastifyInstance } from 'fastify';
import { escapeHtml } from './html-escape';

/**
 * The public pages worth a search result (user-area §2). Not /auth (noindex by the spec), /auth-demo
 * (a demo) nor /reset-password (a token's page); /logo-preview is in: it is where the brand assets are.
 */
export const SITEMAP_PATHS = ['/', '/tiers', '/about', '/privacy', '/terms', '/logo-preview'] as const;

/**
 * What a crawler has no use for: the APIs, the signed-in screens (a visitor gets the sign-in form),
 * shared outfit links (they send a visitor to sign in) and the token and demo pages. The sign-in page,
 * which every page links, stays open to crawlers so that they read its noindex (a blocked page can
 * still be listed from a link, without its robots tag). /media stays open: the looks may show in
 * image search. The admin area is never named: its path is kept from visitors, and a robots.txt
 * line would publish it.
 */
const DISALLOWED = [
  '/api/', '/trpc/',
  '/dashboard', '/outfit-result', '/wardrobe', '/lookbook', '/profile', '/settings',
  '/outfit/', '/reset-password', '/auth-demo',
] as const;

/** Both files change only with a deployment or a new origin: an hour is plenty. */
const CACHE_CONTROL = 'public, max-age=3600';


export function robotsTxt(publicOrigin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...DISALLOWED.map((p) => `Disallow: ${p}`),
    '',
    `Sitemap: ${publicOrigin}/sitemap.xml`,
    '',
  ].join('\n');
}

export function sitemapXml(publicOrigin: string): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...SITEMAP_PATHS.map((p) => `  <url><loc>${escapeHtml(`${publicOrigin}${p}`)}</loc></url>`),
    '</urlset>',
    '',
  ].join('\n');
}

/** /robots.txt and /sitemap.xml as files of their own types, ahead of the web app's HTML fallback. */
export function registerCrawlerFiles(app: FastifyInstance, publicOrigin: string): void {
  const robots = robotsTxt(publicOrigin);
  const sitemap = sitemapXml(publicOrigin);
  app.get('/robots.txt', async (_req, reply) => reply.header('cache-control', CACHE_CONTROL).type('text/plain; charset=utf-8').send(robots));
  app.get('/sitemap.xml', async (_req, reply) => reply.header('cache-control', CACHE_CONTROL).type('application/xml; charset=utf-8').send(sitemap));
}
