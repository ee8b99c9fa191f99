import type { PublicUser } from '@drape/contracts/auth';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useEffect } from 'react';
import { useTRPC } from './trpc';
import { authStore } from './auth-store';
import { useAuth, useStoredUser } from './auth-context';
import { CLIENT_STALE_MS } from './timing';
import { useHydrated } from './use-hydrated';

/** The signed-in user's profile; each answer is re-stored locally (user-area §7). */
export function useProfile() {
  const trpc = useTRPC();
  const { isAuthenticated } = useAuth();
  const storedUser = useStoredUser();
  const query = useQuery(trpc.user.profile.queryOptions(undefined, { enabled: isAuthenticated, staleTime: CLIENT_STALE_MS.profile }));
  const fresh = query.data?.user;
  useEffect(() => {
    if (fresh) authStore.setUser(fresh);
  }, [fresh]);
  const user: PublicUser | null = fresh ?? storedUser;
  return { ...query, user };
}

/**
 * The profile as a screen shows it. A prerendered signed-in page (/dashboard) was rendered at
 * build, knowing no user, and hydrating it must render the same markup: while it hydrates, no
 * user; then the stored one. A change of user (that one, then the server's answer) renders in a
 * background pass that yields to the browser, instead of one long task that blocks a phone.
 */
export function useShownProfile() {
  const profile = useProfile();
  const hydrated = useHydrated();
  const user = useDeferredValue(hydrated ? profile.user : null);
  return { ...profile, user };
}

/** Puts a freshly returned user into the profile cache (after an update) and the local store. */
export function useSetProfile() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return (user: PublicUser) => {
    queryClient.setQueryData(trpc.user.profile.queryKey(), { ...user, user });
    authStore.setUser(user);
  };
}
