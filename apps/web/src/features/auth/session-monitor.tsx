import { Button } from '@drape/ui';
import { useQuery } from '@tanstack/react-query';
import { MonitorSmartphone } from 'lucide-react';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTRPC, useTRPCClient } from '../../lib/trpc';
import { authStore, SESSIONS_WARNED_KEY } from '../../lib/auth-store';
import { useAuth } from '../../lib/auth-context';
import { SESSION_BANNER_MS, SESSION_CHECK_MS, TOKEN_REFRESH_MS } from '../../lib/timing';

/**
 * While signed in (user-area §4): sessions are checked at once and every 5 minutes, the token is
 * refreshed every 45 minutes (a failure only logs), and more than one active session raises a
 * top-right banner that is dismissible and goes away after 10 seconds, one at a time.
 */
export function SessionMonitor() {
  const { isAuthenticated } = useAuth();
  // The stored user's id alone: the profile answers that re-store the user change nothing here.
  const userId = useSyncExternalStore(authStore.subscribe, storedUserId, storedUserId);
  if (!isAuthenticated) return null;
  // Keyed by user: a new sign-in starts a fresh monitor (and a fresh first check).
  return <ActiveSessionMonitor key={userId} />;
}

const storedUserId = () => authStore.get().user?.id ?? 'anonymous';

function readWarned(): boolean {
  try {
    return sessionStorage.getItem(SESSIONS_WARNED_KEY) === '1';
  } catch {
    return false;
  }
}

function writeWarned(warned: boolean) {
  try {
    if (warned) sessionStorage.setItem(SESSIONS_WARNED_KEY, '1');
    else sessionStorage.removeItem(SESSIONS_WARNED_KEY);
  } catch {
    // The banner may then show again after a reload; harmless.
  }
}

function ActiveSessionMonitor() {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const sessions = useQuery(trpc.auth.sessions.queryOptions(undefined, { refetchInterval: SESSION_CHECK_MS, staleTime: 0 }));
  const [banner, setBanner] = useState<{ count: number } | null>(null);
  // Raised once per sign-in (kept across reloads of this tab), reset when one session remains.
  const warned = useRef(readWarned());

  const count = sessions.data?.sessions.length;
  useEffect(() => {
    if (count === undefined) return;
    if (count > 1 && !warned.current) {
      warned.current = true;
      writeWarned(true);
      setBanner({ count });
    } else if (count <= 1 && warned.current) {
      warned.current = false;
      writeWarned(false);
    }
  }, [count, sessions.dataUpdatedAt]);

  useEffect(() => {
    if (!banner) return;
    const id = setTimeout(() => setBanner(null), SESSION_BANNER_MS);
    return () => clearTimeout(id);
  }, [banner]);

  useEffect(() => {
    const id = setInterval(() => {
      client.auth.refresh
        .mutate()
        .then((answer) => authStore.setToken(answer.accessToken))
        .catch((err: unknown) => console.warn('Session refresh failed; will retry at the next interval.', err));
    }, TOKEN_REFRESH_MS);
    return () => clearInterval(id);
  }, [client]);

  if (!banner) return null;
  return (
    <div
      role="status"
      aria-live="polite"
      className="fixed right-3 top-20 z-50 w-[calc(100vw-1.5rem)] max-w-sm animate-toast-in rounded-2xl border border-gold/40 bg-paper p-4 shadow-lift sm:right-6"
    >
      <div className="flex items-start gap-3">
        <span className="mt-0.5 inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-gold-soft text-gold-ink">
          <MonitorSmartphone aria-hidden="true" className="h-4.5 w-4.5" />
        </span>
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <p className="text-sm font-semibold text-ink">Multiple active sessions</p>
          <p className="text-sm leading-relaxed text-taupe">
            Your account is signed in on {banner.count} devices. If that isn&apos;t you, change your password in Settings: that signs out every other device.
          </p>
          <div className="pt-1">
            <Button size="sm" variant="outline" onClick={() => setBanner(null)}>
              Dismiss
            </Button>
          </div>
        </div>
      </div>
    </div>
  );
}
