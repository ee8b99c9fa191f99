import { DEFAULT_ADMIN_BASE_PATH } from '@drape/contracts';

/**
 * The admin area lives under a hidden base path (ADMIN_BASE_PATH on the server). The server tells
 * the app which one through <meta name="drape-admin-base">; the dev server has no such tag.
 */
const DEFAULT_BASE = DEFAULT_ADMIN_BASE_PATH;

export function normaliseBase(raw: string | null | undefined): string {
  const trimmed = (raw ?? '').trim().replace(/\/+$/, '');
  if (!trimmed) return DEFAULT_BASE;
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

function readBase(): string {
  if (typeof document === 'undefined') return DEFAULT_BASE;
  return normaliseBase(document.querySelector('meta[name="drape-admin-base"]')?.getAttribute('content'));
}

export const ADMIN_BASE = readBase();

/** Full paths (react-router runs without a basename: the login page sits beside the base, not under it). */
export const paths = {
  home: ADMIN_BASE,
  login: `${ADMIN_BASE}-login`,
  /** A screen under the base, e.g. sub('image-gallery') -> '/backstage/image-gallery'. */
  sub: (segment: string) => `${ADMIN_BASE}/${segment.replace(/^\/+/, '')}`,
} as const;
