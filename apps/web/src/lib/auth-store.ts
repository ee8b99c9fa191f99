import type { PublicUser } from '@drape/contracts/auth';
import { STORAGE_PREFIX } from '@drape/contracts/storage-keys';
import { wipeKeptWardrobe } from './kept-wardrobe';

/**
 * The signed-in state, kept in localStorage under the product prefix (user-area §3, §4) so that a
 * reload or a second tab stays signed in. The HttpOnly session cookie is the server's business.
 */
export const TOKEN_KEY = `${STORAGE_PREFIX}token`;
export const USER_KEY = `${STORAGE_PREFIX}user`;
/** Per-user LookBook filter settings are removed with the auth (user-area §4). */
const LOOKBOOK_FILTER_PREFIX = `${STORAGE_PREFIX}lookbook_`;
/** Whether this tab already warned about several active sessions (the auth feature's session monitor). */
export const SESSIONS_WARNED_KEY = `${STORAGE_PREFIX}sessions_warned`;
const AUTH_COOKIE_NAMES = ['accessToken', 'refreshToken'];

export interface AuthSnapshot {
  token: string | null;
  user: PublicUser | null;
  /** Set when the user signed out (logout, logout-all, deletion): guards send them home, not to /auth. */
  endedByUser?: boolean;
}

function readStorage(): AuthSnapshot {
  try {
    const token = localStorage.getItem(TOKEN_KEY);
    const raw = localStorage.getItem(USER_KEY);
    const user = raw ? (JSON.parse(raw) as PublicUser) : null;
    return { token: token || null, user: token ? user : null };
  } catch {
    return { token: null, user: null };
  }
}

let snapshot: AuthSnapshot = readStorage();
const listeners = new Set<() => void>();
const expiryListeners = new Set<() => void>();
const sessionListeners = new Set<() => void>();

/** The session began, ended or changed hands: whatever was fetched with the old one is void. */
function sessionChanged() {
  for (const l of sessionListeners) l();
}

function publish(next: AuthSnapshot) {
  snapshot = next;
  for (const l of listeners) l();
}

function removeKeys(storage: Storage, match: (key: string) => boolean) {
  const keys: string[] = [];
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (key !== null && match(key)) keys.push(key);
  }
  for (const key of keys) storage.removeItem(key);
}

function expireCookies(match: (name: string) => boolean) {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name && match(name)) document.cookie = `${name}=; Max-Age=0; path=/`;
  }
}

function clearStoredAuth() {
  // The wardrobe kept for offline reading is the signed-in user's (decision 0032).
  wipeKeptWardrobe();
  try {
    sessionStorage.removeItem(SESSIONS_WARNED_KEY);
    localStorage.removeItem(TOKEN_KEY);
    localStorage.removeItem(USER_KEY);
    removeKeys(localStorage, (k) => k.startsWith(LOOKBOOK_FILTER_PREFIX));
  } catch {
    // Storage can be unavailable (private mode quotas); the in-memory state is still cleared.
  }
}

/** Every product-prefixed key in both storages, and the product's readable cookies. */
function wipeEverything() {
  wipeKeptWardrobe();
  try {
    removeKeys(localStorage, (k) => k.startsWith(STORAGE_PREFIX));
    removeKeys(sessionStorage, (k) => k.startsWith(STORAGE_PREFIX));
  } catch {
    // see clearStoredAuth
  }
  expireCookies((name) => name.startsWith(STORAGE_PREFIX) || AUTH_COOKIE_NAMES.includes(name));
}

export const authStore = {
  get: (): AuthSnapshot => snapshot,

  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },

  /** After login or register. A different person than the stored one gets a clean slate. */
  signIn(token: string, user: PublicUser) {
    const previous = snapshot.user;
    if (previous && previous.id !== user.id) wipeEverything();
    else clearStoredAuth();
    try {
      localStorage.setItem(TOKEN_KEY, token);
      localStorage.setItem(USER_KEY, JSON.stringify(user));
    } catch {
      // in-memory only
    }
    publish({ token, user });
    sessionChanged();
  },

  /** The profile call re-stores the user it answers. */
  setUser(user: PublicUser) {
    if (!snapshot.token) return;
    try {
      localStorage.setItem(USER_KEY, JSON.stringify(user));
    } catch {
      // in-memory only
    }
    publish({ ...snapshot, user });
  },

  setToken(token: string) {
    if (!snapshot.token || token === snapshot.token) return;
    try {
      localStorage.setItem(TOKEN_KEY, token);
    } catch {
      // in-memory only
    }
    publish({ ...snapshot, token });
  },

  /** Logout: the auth and the per-user filters go; other preferences stay. */
  clear() {
    clearStoredAuth();
    publish({ token: null, user: null, endedByUser: true });
    sessionChanged();
  },

  /** Logout from all devices and account deletion: a complete local cleanup. */
  wipe() {
    wipeEverything();
    publish({ token: null, user: null, endedByUser: true });
    sessionChanged();
  },

  /** The server no longer accepts the stored token (user-area §4 "Expired session"). */
  expire() {
    if (!snapshot.token) return;
    clearStoredAuth();
    publish({ token: null, user: null });
    sessionChanged();
    for (const l of expiryListeners) l();
  },

  /**
   * The build's prerender (src/prerender.tsx) only, in node: a page as a visitor first sees it, or
   * as a signed-in user does before their data arrives (a session whose token and user the build
   * cannot know; nothing is stored, and no call is made while rendering).
   */
  assumeForPrerender(signedIn: boolean) {
    publish({ token: signedIn ? 'prerendered' : null, user: null });
  },

  onExpired(listener: () => void): () => void {
    expiryListeners.add(listener);
    return () => expiryListeners.delete(listener);
  },

  /**
   * Sign-in, sign-out, expiry, or another tab signing in, out or as someone else: the client data
   * cache is cleared on each (user-area §4). A refreshed token of the same session is not a change.
   */
  onSessionChange(listener: () => void): () => void {
    sessionListeners.add(listener);
    return () => sessionListeners.delete(listener);
  },
};

// Another tab signed in or out: follow it.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== null && event.key !== TOKEN_KEY) {
      if (event.key === USER_KEY) publish(readStorage());
      return;
    }
    const before = snapshot.token;
    publish(readStorage());
    if (snapshot.token !== before) sessionChanged();
  });
}
