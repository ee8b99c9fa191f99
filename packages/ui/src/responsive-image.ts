import { useState, type SyntheticEvent } from 'react';

/**
 * A picture in several files (a look's 384 px thumbnail and its full picture) offered to the
 * browser through srcset, so that it fetches the smallest file that is sharp at the slot's width.
 * A file on another origin (CDN_BASE_URL) is also served by our own origin: when an address fails,
 * that file is offered again from the next one, and a file with no address left is dropped (the
 * browser then picks another file); with none left the caller shows its placeholder.
 */
export interface ImageFile {
  url: string | null | undefined;
  /** The file's width in pixels: its srcset width descriptor. */
  width: number;
}

export interface ImageCandidate {
  url: string;
  width: number;
}

/** A file's addresses in the order to try: as given, then, for one on another origin, the same path on ours. */
export function fileAddresses(url: string, origin: string): string[] {
  try {
    const parsed = new URL(url, origin);
    return parsed.origin === origin ? [url] : [url, `${parsed.pathname}${parsed.search}`];
  } catch {
    return [url];
  }
}

/** An address as the browser reports it (img.currentSrc): absolute. */
function absolute(url: string, origin: string): string {
  try {
    return new URL(url, origin).href;
  } catch {
    return url;
  }
}

/**
 * The srcset's candidates: each file (one per width, the first given) at its first address that
 * has not failed (`failed` holds absolute addresses, as the browser reports them).
 */
export function imageCandidates(files: readonly ImageFile[], failed: ReadonlySet<string>, origin: string): ImageCandidate[] {
  const out: ImageCandidate[] = [];
  for (const file of files) {
    if (!file.url || out.some((c) => c.width === file.width)) continue;
    const url = fileAddresses(file.url, origin).find((a) => !failed.has(absolute(a, origin)));
    if (url) out.push({ url, width: file.width });
  }
  return out.sort((a, b) => a.width - b.width);
}

export const srcSetOf = (candidates: readonly ImageCandidate[]): string => candidates.map((c) => `${c.url} ${c.width}w`).join(', ');

/**
 * What an <img> needs to show `files` responsively: `src` (the smallest file, for a browser
 * without srcset), `srcSet`, and `onError`, which sets the address that failed aside; `candidates`
 * is empty once every address has failed.
 */
export function useResponsiveImage(files: readonly ImageFile[], origin: string = window.location.origin) {
  const key = files.map((f) => `${f.url ?? ''} ${f.width}`).join('|');
  // The failures seen for these files: new files start again.
  const [failures, setFailures] = useState<{ key: string; failed: ReadonlySet<string> }>({ key, failed: new Set() });
  const failed = failures.key === key ? failures.failed : new Set<string>();
  const candidates = imageCandidates(files, failed, origin);
  const onError = (event: SyntheticEvent<HTMLImageElement>) => {
    const seen = event.currentTarget.currentSrc || event.currentTarget.src;
    // The browser names the address it tried; if it does not, every candidate moves on.
    const tried = candidates.map((c) => absolute(c.url, origin));
    const culprits = tried.includes(seen) ? [seen] : tried;
    setFailures({ key, failed: new Set([...failed, ...culprits]) });
  };
  return { candidates, src: candidates[0]?.url, srcSet: srcSetOf(candidates), onError };
}
