import type { AuthAnswer, PublicUser } from '@drape/contracts/auth';
import { createContext, useCallback, useContext, useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { authStore } from './auth-store';
import { loadDataClient, loadDataLayer } from './data-layer-loader';

export interface AuthContextValue {
  token: string | null;
  isAuthenticated: boolean;
  /** Stores the session of a login or register answer. */
  signIn(answer: Pick<AuthAnswer, 'token' | 'user'>): void;
  /** Ends this session on the server (best effort), clears it here and goes to /. */
  logout(): Promise<void>;
  /** Ends every session on the server, then a complete local cleanup even when that call fails. */
  logoutAllDevices(options?: { redirectTo?: string | null }): Promise<{ message?: string; sessionsRevoked?: number } | null>;
  /** Clears the local session without a server call (the account was deleted, the server ended it). */
  endLocalSession(options?: { wipe?: boolean; redirectTo?: string | null }): void;
}

const AuthContext = createContext<AuthContextValue | null>(null);

/**
 * The signed-in state for every screen. It holds no query cache or tRPC client itself (the
 * signed-out landing loads neither before its first paint): the data client clears its cache on
 * every session change (auth-store's onSessionChange), and the server calls load it when made.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  // The token alone: a stored user re-stored by every profile answer must not re-render every
  // screen that asks whether someone is signed in (useStoredUser reads the user).
  const token = useSyncExternalStore(authStore.subscribe, storedToken, storedToken);
  const navigate = useNavigate();

  useEffect(() => authStore.onExpired(() => void navigate('/login', { replace: true })), [navigate]);

  const signIn = useCallback((answer: Pick<AuthAnswer, 'token' | 'user'>) => {
    authStore.signIn(answer.token, answer.user);
  }, []);

  const endLocalSession = useCallback((options: { wipe?: boolean; redirectTo?: string | null } = {}) => {
    const { wipe = false, redirectTo = '/' } = options;
    if (wipe) authStore.wipe();
    else authStore.clear();
    if (redirectTo !== null) void navigate(redirectTo);
  }, [navigate]);

  const logout = useCallback(async () => {
    try {
      const { trpcClient } = await loadDataClient();
      await trpcClient.auth.logout.mutate();
    } catch {
      // The session may already be gone on the server; the local logout happens regardless.
    }
    endLocalSession();
  }, [endLocalSession]);

  const logoutAllDevices = useCallback(async (options: { redirectTo?: string | null } = {}) => {
    let answer: { message?: string; sessionsRevoked?: number } | null = null;
    try {
      const { trpcClient } = await loadDataClient();
      answer = await trpcClient.auth.logoutAllDevices.mutate();
    } catch {
      // user-area §4: the complete local cleanup happens even when the call fails.
    }
    endLocalSession({ wipe: true, redirectTo: options.redirectTo === undefined ? '/' : options.redirectTo });
    if (answer?.message) (await loadDataLayer()).toast({ title: answer.message, variant: 'success' });
    return answer;
  }, [endLocalSession]);

  const value = useMemo<AuthContextValue>(() => ({
    token,
    isAuthenticated: Boolean(token),
    signIn,
    logout,
    logoutAllDevices,
    endLocalSession,
  }), [token, signIn, logout, logoutAllDevices, endLocalSession]);

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

const storedToken = () => authStore.get().token;
const storedUser = () => authStore.get().user;

/** The user stored with the session (the last profile answer, or the sign-in's), or null. */
export function useStoredUser(): PublicUser | null {
  return useSyncExternalStore(authStore.subscribe, storedUser, storedUser);
}

export function useAuth(): AuthContextValue {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth must be used inside <AuthProvider>');
  return ctx;
}
