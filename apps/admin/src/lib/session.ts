import { clearAdminToken } from './admin-token';

/**
 * Ending the admin session from anywhere (a 401 in a query, the token's expiry timer, another tab):
 * the token is cleared here and the app (main.tsx) resets its caches and goes to the login page.
 */
export type SessionEndReason = 'expired' | 'logout';
type Listener = (reason: SessionEndReason) => void;

const listeners = new Set<Listener>();

export function onSessionEnd(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function endAdminSession(reason: SessionEndReason): void {
  clearAdminToken();
  for (const listener of listeners) listener(reason);
}

/** Router state the login page reads to show why the user landed there. */
export interface LoginLocationState {
  notice?: 'expired';
}
