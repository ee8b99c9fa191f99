/**
 * A same-site path from ?returnUrl=, or the fallback. Read by the browser's own URL parser, which
 * forgives a backslash for a slash and drops tabs and line breaks: '/\evil.example' and
 * '/<tab>/evil.example' are other origins to it, and a router handed one would leave the site.
 */
export function safeReturnUrl(raw: string | null, fallback = '/dashboard', origin: string = window.location.origin): string {
  if (!raw?.startsWith('/')) return fallback;
  try {
    const url = new URL(raw, origin);
    return url.origin === origin ? `${url.pathname}${url.search}${url.hash}` : fallback;
  } catch {
    return fallback;
  }
}
