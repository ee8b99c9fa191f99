/** HSTS for a year once the site is served over HTTPS (browsers ignore it over plain HTTP). */
export const HSTS_MAX_AGE_SECONDS = 31_536_000;
const HSTS = `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains`;

/**
 * The headers of JSON answers (REST rows, /trpc, the framework's own refusals on those paths):
 * they need no document policy (CSP, frame options...), which helmet computes per request at a
 * third of a small route's throughput, but they must never be cached or sniffed.
 */
export function apiHeaders(publicOrigin: string): Record<string, string> {
  return {
    'x-content-type-options': 'nosniff',
    'cache-control': 'no-store',
    'cross-origin-resource-policy': 'same-origin',
    'referrer-policy': 'no-referrer',
    ...(publicOrigin.startsWith('https:') ? { 'strict-transport-security': HSTS } : {}),
  };
}
