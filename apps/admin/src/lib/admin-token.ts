import { ADMIN_TOKEN_STORAGE_KEY } from '@drape/contracts/admin';

/** The login answer's expiresAt, kept beside the token. */
export const ADMIN_TOKEN_EXPIRES_KEY = `${ADMIN_TOKEN_STORAGE_KEY}_expires_at`;

export type AdminTokenStatus =
  | { state: 'valid'; token: string; expiresAtMs: number }
  | { state: 'missing' }
  | { state: 'invalid' }
  | { state: 'expired' };

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null; // storage disabled (privacy mode, sandboxed frame)
  }
}

export function readAdminToken(): string | null {
  try {
    return storage()?.getItem(ADMIN_TOKEN_STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
}

export function saveAdminToken(token: string, expiresAt: string): void {
  const s = storage();
  if (!s) return;
  try {
    s.setItem(ADMIN_TOKEN_STORAGE_KEY, token);
    s.setItem(ADMIN_TOKEN_EXPIRES_KEY, expiresAt);
  } catch {
    /* quota or disabled storage: the session lasts for this page only */
  }
}

export function clearAdminToken(): void {
  const s = storage();
  if (!s) return;
  try {
    s.removeItem(ADMIN_TOKEN_STORAGE_KEY);
    s.removeItem(ADMIN_TOKEN_EXPIRES_KEY);
  } catch {
    /* nothing to clear */
  }
}

function base64UrlDecode(part: string): string {
  const b64 = part.replace(/-/g, '+').replace(/_/g, '/');
  const padded = b64 + '='.repeat((4 - (b64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** The JWT's `exp` in milliseconds, or null when the token cannot be decoded or has no expiry. */
export function decodeTokenExpiry(token: string): number | null {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const payload: unknown = JSON.parse(base64UrlDecode(parts[1]));
    if (!payload || typeof payload !== 'object') return null;
    const exp = (payload as { exp?: unknown }).exp;
    return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : null;
  } catch {
    return null;
  }
}

/** Whether the stored token can be used right now (decoded client-side; the server still checks it). */
export function adminTokenStatus(now: number = Date.now()): AdminTokenStatus {
  const token = readAdminToken();
  if (!token) return { state: 'missing' };
  const expiresAtMs = decodeTokenExpiry(token);
  if (expiresAtMs === null) return { state: 'invalid' };
  if (expiresAtMs <= now) return { state: 'expired' };
  return { state: 'valid', token, expiresAtMs };
}
