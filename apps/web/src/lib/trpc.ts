import type { AppRouter } from '@drape/api';
import { appErrorCode } from '@drape/client';
import { createTRPCClient, httpBatchLink, type TRPCLink } from '@trpc/client';
import { createTRPCContext } from '@trpc/tanstack-react-query';
import { observable } from '@trpc/server/observable';
import { authStore } from './auth-store';
import { platformStore } from './platform-status';

export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

/**
 * These calls end the session themselves and clean up on their own, success or not; a failed token
 * refresh only logs (user-area §4), the next session check notices a session that is really gone.
 */
const SELF_CLEANING = new Set(['auth.logout', 'auth.logoutAllDevices', 'user.deleteAccount', 'auth.refresh']);

/**
 * A 503 `maintenance` from any call puts the app in maintenance (lib/platform-status.ts).
 * A 401 `unauthorized` while a token is stored means the session is gone (expired, revoked from
 * another device): drop it and send the browser to /login. A 403 (tier, permission) is not a logout.
 */
const expiredSessionLink: TRPCLink<AppRouter> = () => ({ op, next }) =>
  observable((observer) =>
    next(op).subscribe({
      next: (value) => observer.next(value),
      error: (err) => {
        // Maintenance Mode: the app shows the maintenance page instead of this screen.
        if (appErrorCode(err) === 'maintenance') platformStore.reportMaintenance(err.message);
        if (!SELF_CLEANING.has(op.path) && appErrorCode(err) === 'unauthorized' && authStore.get().token) authStore.expire();
        observer.error(err);
      },
      complete: () => observer.complete(),
    }),
  );

export function createTrpcClient() {
  return createTRPCClient<AppRouter>({
    links: [
      expiredSessionLink,
      httpBatchLink({
        url: '/trpc',
        headers() {
          const token = authStore.get().token;
          return token ? { Authorization: `Bearer ${token}` } : {};
        },
        fetch(url, options) {
          return fetch(url, { ...options, credentials: 'same-origin' });
        },
      }),
    ],
  });
}
