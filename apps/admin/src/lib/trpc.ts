import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink } from '@trpc/client';
import { createTRPCContext } from '@trpc/tanstack-react-query';
import type { AppRouter } from '@drape/api';
import { appErrorCode, httpStatus } from '@drape/client';
import { readAdminToken } from './admin-token';
import { endAdminSession } from './session';

export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

function onAnyError(error: unknown): void {
  if (appErrorCode(error) === 'admin_unauthorized') endAdminSession('expired');
}

export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: onAnyError }),
  mutationCache: new MutationCache({ onError: onAnyError }),
  defaultOptions: {
    queries: {
      staleTime: 15_000,
      refetchOnWindowFocus: false,
      // Client errors (bad input, 401, 403, 404, 429) will not get better by asking again.
      retry: (failureCount, error) => {
        const status = httpStatus(error);
        if (status !== undefined && status >= 400 && status < 500) return false;
        return failureCount < 2;
      },
    },
    mutations: { retry: false },
  },
});

/** tRPC lives at /trpc on the page's origin, whatever the admin base path is (read when a call is made, not when the module loads). */
export const trpcClient = createTRPCClient<AppRouter>({
  links: [
    httpBatchLink({
      url: '/trpc',
      headers() {
        const token = readAdminToken();
        return token ? { Authorization: `Bearer ${token}` } : {};
      },
    }),
  ],
});
