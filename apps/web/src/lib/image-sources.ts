/**
 * The image URLs to try, in order: each URL as the server gave it, and for one on another origin
 * (CDN_BASE_URL) the same path on our own origin, which serves every stored image too, so a CDN
 * outage costs a retry, not the picture.
 */
export function imageSources(urls: readonly (string | null | undefined)[], origin: string = window.location.origin): string[] {
  const out: string[] = [];
  for (const url of urls) {
    if (!url) continue;
    out.push(url);
    try {
      const parsed = new URL(url, origin);
      if (parsed.origin !== origin) out.push(`${parsed.pathname}${parsed.search}`);
    } catch {
      // not a URL: nothing to fall back to
    }
  }
  return out.filter((src, i) => out.indexOf(src) === i);
}
