import type { PublicUser } from '@drape/contracts/auth';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTRPC } from './trpc';
import { authStore } from './auth-store';
import { useAuth } from './auth-context';
import { CLIENT_STALE_MS } from './timing';

/** The signed-in user's profile; each answer is re-stored locally (user-area §7). */
export function useProfile() {
  const trpc = useTRPC();
  const { isAuthenticated, user: storedUser } = useAuth();
  const query = useQuery(trpc.user.profile.queryOptions(undefined, { enabled: isAuthenticated, staleTime: CLIENT_STALE_MS.profile }));
  const fresh = query.data?.user;
  useEffect(() => {
    if (fresh) authStore.setUser(fresh);
  }, [fresh]);
  const user: PublicUser | null = fresh ?? storedUser;
  return { ...query, user };
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
